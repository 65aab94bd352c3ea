import { z } from 'zod';
import { queryBool } from '../../../platform/validation';
import type { Rechnung, RechnungStatusWert } from './rechnung';
import { rechnungFilterShape } from './rechnung';

// GET Rechnungsuebersicht (docs/api/rechnungspruefung.md "Rechnungsübersicht"): the receivables of
// the filter, sorted by a column, with the sums — on screen (json), as PDF and as Excel with the
// same numbers. The UI imports the types with `import type` (ADR 0005).

export const UEBERSICHT_SPALTEN = [
  'nummer',
  'datum',
  'faelligAm',
  'adresseName',
  'betragCent',
  'bezahltCent',
  'offenCent',
  'mahnstufe',
  'status',
] as const;
export type UebersichtSpalte = (typeof UEBERSICHT_SPALTEN)[number];

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const rechnungsuebersichtQuery = z.object({
  ...rechnungFilterShape,
  spalte: z.preprocess(
    blankToUndefined,
    z
      .enum(UEBERSICHT_SPALTEN, { error: `Erlaubt sind ${UEBERSICHT_SPALTEN.join(', ')}.` })
      .optional()
      .transform((v) => v ?? 'nummer'),
  ),
  /** Descending. */
  fallend: z.preprocess(blankToUndefined, queryBool.optional()),
  format: z.preprocess(
    blankToUndefined,
    z
      .enum(['json', 'pdf', 'xlsx'], { error: 'Erlaubt sind json, pdf oder xlsx.' })
      .optional()
      .transform((v) => v ?? 'json'),
  ),
});
export type RechnungsuebersichtQuery = z.output<typeof rechnungsuebersichtQuery>;
export type RechnungsuebersichtQueryInput = z.input<typeof rechnungsuebersichtQuery>;

export type UebersichtSummen = {
  anzahl: number;
  betragCent: number;
  bezahltCent: number;
  offenCent: number;
  ueberfaelligCent: number;
};

export type Rechnungsuebersicht = {
  zeilen: Rechnung[];
  summen: UebersichtSummen;
  /** Counts per status over the filter without its Status and IsOffen (the screen's chips). */
  jeStatus: Record<RechnungStatusWert, { anzahl: number; offenCent: number }>;
};
