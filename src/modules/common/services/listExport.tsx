import { formatGermanDate, todayIso } from '../../../platform/dates';
import { buildWorkbook, type Column, type ColumnKind } from '../../../platform/excel/excelWriter';
import { type FileResult, pdfFile, xlsxFile } from '../../../platform/files/fileResult';
import { formatDecimal, formatEuro, formatM3 } from '../../../platform/money';
import { pageNumberFooter } from '../../../platform/pdf';
import { Liste, listeCss } from '../../../platform/report';
import type { AppServices } from '../../../platform/services';
import type { ListExportRequest, ListExportTyp } from '../schema';
import { vereinsName } from './appInfo';

// Common/ListExport: any list screen's rows, as the user sees them (filtered, searched, sorted by
// the client), as a workbook or a printed list. The server only formats what the client sends: it
// reads nothing from the database, so it needs no right beyond being signed in.

type Zelle = string | number | null;

/** More columns than this do not fit A4 portrait readably. */
const PORTRAIT_MAX_COLUMNS = 5;

const EXCEL_KIND: Record<ListExportTyp, ColumnKind | undefined> = {
  text: 'text',
  // Integers and decimals alike: written as the number they are, Excel's general format shows both.
  zahl: undefined,
  datum: 'date',
  cent: 'euro',
  m3: 'decimal',
};

/** A number as printed: integers without decimals, others with up to three ("400,5", "1.200"). */
function printNumber(value: number): string {
  const places = Number.isInteger(value) ? 0 : Math.min(3, String(value).split('.')[1]?.length ?? 0);
  return formatDecimal(value, places);
}

/** The printed spelling of one cell (German dates, € amounts, m³ with three decimals). */
export function printCell(typ: ListExportTyp, cell: Zelle): string {
  if (cell === null || cell === '') return '';
  if (typeof cell === 'string') return typ === 'datum' ? formatGermanDate(cell) : cell;
  switch (typ) {
    case 'cent':
      return formatEuro(cell);
    case 'm3':
      return formatM3(cell);
    default:
      return printNumber(cell);
  }
}

/** "Parzellen 2026-11-24": the title without characters file systems refuse, and the day. */
export function exportFileName(titel: string, day = todayIso()): string {
  const safe = titel
    .replace(/[\\/:*?"<>|]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe || 'Liste'} ${day}`;
}

async function workbook(request: ListExportRequest, fileName: string): Promise<FileResult> {
  const columns: Column<Zelle[]>[] = request.spalten.map((spalte, i) => ({
    header: spalte.name,
    key: (row: Zelle[]) => row[i],
    kind: EXCEL_KIND[spalte.typ],
    ...(spalte.typ === 'm3' ? { places: 3 } : {}),
  }));
  // The first sheet is the list alone (a filter row, nothing above the header), so it sorts and
  // filters in Excel; what was shown and when goes on a second sheet.
  const info = [
    { angabe: 'Liste', wert: request.titel },
    { angabe: 'Auswahl', wert: request.untertitel || 'alle Einträge' },
    { angabe: 'Zeilen', wert: String(request.zeilen.length) },
    { angabe: 'Stand', wert: formatGermanDate(todayIso()) },
  ];
  const buffer = await buildWorkbook([
    { name: request.titel, columns, rows: request.zeilen },
    {
      name: 'Auswahl',
      columns: [
        { header: 'Angabe', key: 'angabe', kind: 'text' },
        { header: 'Wert', key: 'wert', kind: 'text' },
      ],
      rows: info,
    },
  ] as const);
  return xlsxFile(buffer, `${fileName}.xlsx`);
}

async function printed(services: AppServices, request: ListExportRequest, fileName: string): Promise<FileResult> {
  const element = (
    <Liste
      title={request.titel}
      vereinsName={await vereinsName(services)}
      datum={formatGermanDate(todayIso())}
      subtitle={request.untertitel || undefined}
      columns={request.spalten.map((s) => ({
        header: s.name,
        className:
          s.align === 'end' || (s.align === undefined && s.typ !== 'text' && s.typ !== 'datum') ? 'number' : undefined,
      }))}
      rows={request.zeilen.map((row) => row.map((cell, i) => printCell(request.spalten[i]!.typ, cell)))}
      footer={`${request.zeilen.length} ${request.zeilen.length === 1 ? 'Eintrag' : 'Einträge'}`}
    />
  );
  const pdf = await services.pdf.renderElement(element, {
    title: request.titel,
    css: listeCss,
    landscape: request.spalten.length > PORTRAIT_MAX_COLUMNS,
    headerFooter: { footer: pageNumberFooter },
  });
  // A download like the workbook: the user asked for a file, not a new tab.
  return pdfFile(pdf, `${fileName}.pdf`, false);
}

/** The list as an .xlsx (typed cells) or a PDF (Liste template, landscape when wide). */
export async function listExport(services: AppServices, request: ListExportRequest): Promise<FileResult> {
  const fileName = exportFileName(request.titel);
  return request.format === 'xlsx' ? workbook(request, fileName) : printed(services, request, fileName);
}
