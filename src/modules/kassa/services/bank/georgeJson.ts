import { type BankBuchung, BankImportFehler, cleanText, type Kontoauszug } from './bankTypes';

// George's JSON export (Erste Bank/Sparkasse): an array of transactions. Assumed fields (from the
// export as George offers it; unknown fields are ignored): booking and valuation (ISO timestamps),
// amount { value, precision, currency } (value in units of 10^-precision), partnerName,
// partnerAccount { iban, bic }, reference (the text), partnerReference (the payer's reference),
// referenceNumber (the bank's reference).

type GeorgeAmount = { value?: unknown; precision?: unknown; currency?: unknown };
type GeorgeTx = {
  booking?: unknown;
  valuation?: unknown;
  amount?: GeorgeAmount;
  partnerName?: unknown;
  partnerAccount?: { iban?: unknown; bic?: unknown };
  reference?: unknown;
  referenceNumber?: unknown;
  partnerReference?: unknown;
  note?: unknown;
};

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const day = (v: unknown) => (/^\d{4}-\d{2}-\d{2}/.test(str(v)) ? str(v).slice(0, 10) : null);

function cents(a: GeorgeAmount | undefined): number | null {
  const value = a?.value;
  const precision = typeof a?.precision === 'number' ? a.precision : 2;
  if (typeof value !== 'number' || !Number.isInteger(value) || precision < 0 || precision > 6) return null;
  if (precision <= 2) return value * 10 ** (2 - precision);
  const scaled = value / 10 ** (precision - 2);
  return Number.isInteger(scaled) ? scaled : null;
}

/** George's JSON (text) → one statement without balances. */
export function parseGeorgeJson(text: string): Kontoauszug {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BankImportFehler('Die JSON-Datei ist beschädigt.');
  }
  const rows = Array.isArray(data) ? data : (data as { transactions?: unknown })?.transactions;
  if (!Array.isArray(rows)) throw new BankImportFehler('Die JSON-Datei ist kein George-Umsatzexport.');
  const buchungen: BankBuchung[] = rows.map((row: GeorgeTx, i) => {
    const datum = day(row?.booking) ?? day(row?.valuation);
    const betragCent = cents(row?.amount);
    if (!datum || betragCent === null) {
      throw new BankImportFehler(`Umsatz ${i + 1} der George-Datei hat kein Buchungsdatum oder keinen Betrag.`);
    }
    return {
      datum,
      valuta: day(row.valuation),
      betragCent: betragCent + 0,
      waehrung: str(row.amount?.currency) || 'EUR',
      name: cleanText(str(row.partnerName)),
      iban: str(row.partnerAccount?.iban).replace(/\s/g, '') || null,
      bic: str(row.partnerAccount?.bic) || null,
      verwendungszweck: cleanText(str(row.reference) || str(row.note)),
      referenz: str(row.partnerReference) || null,
      bankReferenz: str(row.referenceNumber) || null,
      storno: false,
    };
  });
  return {
    iban: null,
    waehrung: buchungen[0]?.waehrung ?? 'EUR',
    anfangCent: null,
    endeCent: null,
    buchungen,
    saldoStimmt: null,
  };
}
