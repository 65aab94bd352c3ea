import type { ListExportRequest, ListExportTyp } from '../../../src/modules/common/schema';
import { todayIso } from '../../../src/platform/dates';
import { apiFetch } from '../api/fetcher';

// "Export → Excel / PDF" of every list screen: the rows the screen shows, in its order, sent to
// Common/ListExport, which answers the file. What the user sees is what the file holds.

export type ExportFormat = ListExportRequest['format'];
export type ExportCell = string | number | null;

/** A column as exported: its header, type and the raw value of a row (ISO date, integer cents, number). */
export interface ExportColumn<T> {
  name: string;
  typ: ListExportTyp;
  align?: 'start' | 'end' | undefined;
  value: (row: T) => ExportCell;
}

export interface ExportSpec<T> {
  titel: string;
  /** The active filter and search in words ("Status: Aktiv · Suche „Huber“"). */
  untertitel?: string | undefined;
  columns: readonly ExportColumn<T>[];
  rows: readonly T[];
}

/** The request body for Common/ListExport. */
export function listExportRequest<T>(format: ExportFormat, spec: ExportSpec<T>): ListExportRequest {
  return {
    format,
    titel: spec.titel,
    ...(spec.untertitel ? { untertitel: spec.untertitel } : {}),
    spalten: spec.columns.map((c) => ({ name: c.name, typ: c.typ, ...(c.align ? { align: c.align } : {}) })),
    zeilen: spec.rows.map((row) => spec.columns.map((c) => c.value(row))),
  };
}

/** The file's name as the server writes it: "Parzellen 2026-11-24.xlsx". */
export function exportFileName(titel: string, format: ExportFormat, day = todayIso()): string {
  const safe = titel
    .replace(/[\\/:*?"<>|]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe || 'Liste'} ${day}.${format}`;
}

/** "Status: Aktiv · Mitglied: Ja · Suche „Huber“": what narrowed the list, for the file's heading. */
export function selectionText(filters: readonly (string | false | null | undefined)[], search: string): string {
  const parts = filters.filter((f): f is string => Boolean(f));
  if (search.trim()) parts.push(`Suche „${search.trim()}“`);
  return parts.join(' · ');
}

/** Hands a blob to the browser as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Asks the server for the file and saves it. Errors are thrown for the caller's toast. */
export async function downloadListExport<T>(format: ExportFormat, spec: ExportSpec<T>): Promise<void> {
  const blob = await apiFetch<Blob>('/api/Common/ListExport', {
    method: 'POST',
    json: listExportRequest(format, spec),
    responseType: 'blob',
  });
  saveBlob(blob, exportFileName(spec.titel, format));
}
