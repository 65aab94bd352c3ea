import type { ListExportTyp } from '../../../../../src/modules/common/schema';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatDecimal } from '../../../../../src/platform/money';
import type { ListColumn } from '../../../components/listKit';
import type { ListKind, ListParams } from './ListenScreen';

// The columns of the four lists on screen and in their export, and their parameters in words.

/** A count as "1.200", a decimal string ("41250.50") as "41.250,50" (dot grouping as UI.md asks), exactly. */
function deValue(value: string | number): string {
  if (typeof value === 'number') return formatDecimal(value, 0);
  return /^-?\d+(\.\d+)?$/.test(value) ? formatDecimal(value, 2) : value;
}

/** A row of any of the lists, numbered in the server's order (the lists' rows have no id of their own). */
export type ListRow = Record<string, unknown> & { id: number };

export const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const num = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));
const iso = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A column of a list: its cell text, sort value and exported value of the field `key`. */
function column(
  key: string,
  name: string,
  kind: 'text' | 'zahl' | 'datum',
  options: { align?: 'end'; rowHeader?: boolean; text?: (value: unknown) => string; minWidth?: number } = {},
): ListColumn<ListRow> {
  const typ: ListExportTyp = kind;
  return {
    key,
    name,
    ...(options.align ? { align: options.align } : {}),
    ...(options.rowHeader ? { rowHeader: true } : {}),
    ...(options.minWidth ? { minWidth: options.minWidth } : {}),
    sortValue: (r) => (kind === 'zahl' ? num(r[key]) : str(r[key]) || null),
    text: (r) =>
      options.text ? options.text(r[key]) : kind === 'datum' ? formatGermanDate(iso(r[key]), '–') : str(r[key]),
    export: {
      typ,
      value: (r) => (kind === 'zahl' ? num(r[key]) : kind === 'datum' ? iso(r[key]) : str(r[key]) || null),
    },
  };
}

export const COLUMNS: Record<ListKind, ListColumn<ListRow>[]> = {
  Geburtstagsliste: [
    column('geburtsdatum', 'Geburtsdatum', 'datum', { rowHeader: true }),
    column('name', 'Name', 'text', { minWidth: 200 }),
    column('alter', 'Alter', 'zahl', { align: 'end' }),
    column('parzellen', 'Parzellen', 'text', { text: (v) => str(v) || '–' }),
  ],
  Jubilaeumsliste: [
    column('jahre', 'Jahre', 'zahl', { align: 'end', rowHeader: true }),
    column('name', 'Name', 'text', { minWidth: 200 }),
    column('eintrittsdatum', 'Eintritt', 'datum'),
    column('parzellen', 'Parzellen', 'text', { text: (v) => str(v) || '–' }),
  ],
  Unterschriftenliste: [
    column('parzelle', 'Parzelle', 'text', { rowHeader: true }),
    column('name', 'Name', 'text', { minWidth: 200 }),
  ],
  Summenblatt: [
    column('bezeichnung', 'Bezeichnung', 'text', { rowHeader: true, minWidth: 220 }),
    column('wert', 'Wert', 'zahl', { align: 'end', text: (v) => deValue(v as string | number) }),
  ],
};

/** The parameters the list was made with, in words, for the export's heading. */
export function paramsText(kind: ListKind, p: ListParams): string[] {
  switch (kind) {
    case 'Geburtstagsliste':
      return [
        `Stichtag ${formatGermanDate(p.date)}`,
        p.weiterePersonen ? 'mit weiteren Personen' : 'ohne weitere Personen',
        ...(p.zeitungsfilter ? ['nur mit Zeitungserlaubnis'] : []),
        ...(p.fifties ? ['nur runde Geburtstage'] : []),
      ];
    case 'Jubilaeumsliste':
      return [`Stichtag ${formatGermanDate(p.date)}`];
    case 'Unterschriftenliste':
      return p.nurMitglieder ? ['nur Mitglieder'] : [];
    default:
      return [];
  }
}
