import { formatEuro } from '../../../../src/platform/money';
import type { ListColumn } from '../../components/ListTable';
import './geld.css';

// The one way the Kassa screens show an amount (UI.md: "€ 1.234,56", negative ones — Ausgaben —
// with their minus in the theme's negative colour): the lists, the Kassabuch, the reports and the
// bank import preview all use it, so the rule has one place.

/** An amount in cents; a negative one in the negative colour, none as "–". */
export function Geld({ cent }: { cent: number | null | undefined }) {
  if (cent === null || cent === undefined) return <span>–</span>;
  return <span className={cent < 0 ? 'kgv-geld-negativ' : undefined}>{formatEuro(cent)}</span>;
}

/** A column of cents: right-aligned, sorted and exported as a number, negatives in red; null is empty. */
export function centColumn<T>(
  key: string,
  name: string,
  value: (row: T) => number | null,
  { minWidth = 130, exportName }: { minWidth?: number; exportName?: string } = {},
): ListColumn<T> {
  return {
    key,
    name,
    align: 'end',
    minWidth,
    sortValue: value,
    text: (row) => {
      const cents = value(row);
      return cents === null ? '' : formatEuro(cents);
    },
    render: (row) => {
      const cents = value(row);
      return cents === null ? '' : <Geld cent={cents} />;
    },
    export: { typ: 'cent', value, ...(exportName ? { name: exportName } : {}) },
  };
}

/** The "Buchungen" column of the basis-data lists: how many entries use the row (a used row cannot be deleted). */
export function buchungenColumn<T extends { anzahlBuchungen: number }>(minWidth?: number): ListColumn<T> {
  return {
    key: 'buchungen',
    name: 'Buchungen',
    align: 'end',
    ...(minWidth ? { minWidth } : {}),
    sortValue: (r) => r.anzahlBuchungen,
    text: (r) => String(r.anzahlBuchungen),
    export: { typ: 'zahl', value: (r) => r.anzahlBuchungen },
  };
}
