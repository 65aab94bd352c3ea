import { AppError } from '../../../../platform/errors';

// What every bank format is read into: statements with their bookings, amounts in signed cents
// (+ credit, − debit) as the Kassabuch stores them. Nothing here knows the database.

export type BankFormat = 'camt' | 'mt940' | 'george' | 'elba';

export type BankBuchung = {
  /** Booking date, YYYY-MM-DD. */
  datum: string;
  valuta: string | null;
  /** Signed: + credit (money in), − debit (money out). */
  betragCent: number;
  waehrung: string;
  /** The counterparty ('' when the file names none). */
  name: string;
  iban: string | null;
  bic: string | null;
  verwendungszweck: string;
  /** The payer's reference: RF creditor reference or end-to-end id; null when none. */
  referenz: string | null;
  /** The bank's own unique reference (camt AcctSvcrRef, MT940 `//…`); null when the format has none. */
  bankReferenz: string | null;
  /** A reversal (camt RvslInd, MT940 RC/RD). The sign is still the direction of this booking. */
  storno: boolean;
};

export type Kontoauszug = {
  iban: string | null;
  waehrung: string;
  anfangCent: number | null;
  endeCent: number | null;
  buchungen: BankBuchung[];
  /** Opening balance + bookings = closing balance; null when the file has no balances. */
  saldoStimmt: boolean | null;
};

export type BankParseResult = { format: BankFormat; auszuege: Kontoauszug[] };

/**
 * A bank file that is none of the formats or is broken: a 422 with a German message (the route
 * answers it as problem details under `file`); `zeile` is the CSV row or MT940 line when known.
 */
export class BankImportFehler extends AppError {
  constructor(
    text: string,
    readonly zeile?: number,
  ) {
    const message = zeile === undefined ? text : `Zeile ${zeile}: ${text}`;
    super(422, 'bank_file_invalid', message, undefined, { file: [message] });
    this.name = 'BankImportFehler';
  }
}

/** Opening + bookings = closing, or null when a balance is missing. */
export function saldoStimmt(
  anfangCent: number | null,
  endeCent: number | null,
  buchungen: BankBuchung[],
): boolean | null {
  if (anfangCent === null || endeCent === null) return null;
  return anfangCent + buchungen.reduce((s, b) => s + b.betragCent, 0) === endeCent;
}

/** "1234.5" / "1234,50" → 123450; null when it is not an amount with at most two decimals. */
export function amountToCents(text: string, dezimalzeichen: '.' | ','): number | null {
  const s = text.trim();
  const pattern = dezimalzeichen === '.' ? /^([-+]?)(\d+)(?:\.(\d{0,2}))?$/ : /^([-+]?)(\d+)(?:,(\d{0,2}))?$/;
  const m = pattern.exec(s);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] === '-' ? -cents + 0 : cents;
}

/** Whitespace collapsed, as bank texts come split over lines and fixed-width fields. */
export const cleanText = (s: string) => s.replace(/\s+/g, ' ').trim();
