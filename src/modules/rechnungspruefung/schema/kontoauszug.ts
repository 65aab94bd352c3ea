import { z } from 'zod';
import { isoDate, queryInt } from '../../../platform/validation';

// GET Kontoauszug (docs/api/rechnungspruefung.md "Mitglieder-Kontoauszug"): all receivables,
// payments, credits and offsets of an address as a running account. The UI imports the types with
// `import type` (ADR 0005).

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const kontoauszugQuery = z.object({
  adresseId: queryInt,
  /** Absent: from the first booking. */
  von: z.preprocess(blankToUndefined, isoDate.optional()),
  /** Absent: today. */
  bis: z.preprocess(blankToUndefined, isoDate.optional()),
  format: z.preprocess(
    blankToUndefined,
    z
      .enum(['json', 'pdf'], { error: 'Erlaubt sind json oder pdf.' })
      .optional()
      .transform((v) => v ?? 'json'),
  ),
});
export type KontoauszugQuery = z.output<typeof kontoauszugQuery>;

export const KONTOAUSZUG_ARTEN = ['rechnung', 'gutschrift', 'zahlung', 'guthaben', 'verrechnung', 'mahnung'] as const;
export type KontoauszugArt = (typeof KONTOAUSZUG_ARTEN)[number];

export type KontoauszugZeile = {
  datum: string;
  art: KontoauszugArt;
  text: string;
  rechnungId: number | null;
  nummer: string | null;
  /** What the member owes more (a receivable, a reminder fee, a payout of a credit). */
  sollCent: number;
  /** What reduces the debt (a payment, a credit note). */
  habenCent: number;
  /** Running balance after this line; positive = the member owes. */
  saldoCent: number;
};

export type Kontoauszug = {
  adresse: { id: number; name: string };
  von: string | null;
  bis: string;
  anfangsSaldoCent: number;
  zeilen: KontoauszugZeile[];
  summen: { sollCent: number; habenCent: number };
  endSaldoCent: number;
  /** Σ open amounts of the address's receivables (positive ones) on `bis`. */
  offenCent: number;
  /** The address's credit on `bis` (overpayments and open credit notes), positive. */
  guthabenCent: number;
};
