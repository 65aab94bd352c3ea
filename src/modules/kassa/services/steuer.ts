import { assertCents, type Cents, sumCents } from '../../../platform/money';

import { STEUERSAETZE, type Steuersatz } from '../schema/steuersatz';

// The rates live in the schema (the UI's forms offer them too); the arithmetic stays here.
export { STEUERSAETZE, type Steuersatz };

export function isSteuersatz(value: unknown): value is Steuersatz {
  return STEUERSAETZE.includes(value as Steuersatz);
}

export type SteuerAnteil = { steuerCent: Cents; nettoCent: Cents };

/**
 * Splits a gross amount (signed: + income, − expense) into tax and net: tax = gross × rate / (100 + rate),
 * rounded half away from zero to whole cents, so an expense splits exactly like the income of the same
 * size with the opposite sign. At 100 % the formula would give half; the rate means "all of it is tax"
 * (DOMAIN.md), so it is a case of its own. Net is gross − tax, so the two always add up to the gross.
 */
export function steuerAnteil(bruttoCent: Cents, steuersatz: Steuersatz): SteuerAnteil {
  assertCents(bruttoCent, 'Bruttobetrag');
  if (!isSteuersatz(steuersatz)) throw new RangeError(`Unbekannter Steuersatz: ${String(steuersatz)}`);
  if (steuersatz === 100) return { steuerCent: bruttoCent + 0, nettoCent: 0 };
  // Integers only: |gross| × rate / (100 + rate) rounded half up is floor((2·|gross|·rate + divisor) / (2·divisor)).
  const divisor = BigInt(100 + steuersatz);
  const magnitude = (2n * BigInt(Math.abs(bruttoCent)) * BigInt(steuersatz) + divisor) / (2n * divisor);
  const steuerCent = (bruttoCent < 0 ? -Number(magnitude) : Number(magnitude)) + 0;
  return { steuerCent, nettoCent: bruttoCent - steuerCent + 0 };
}

export type SteuerSumme = { bruttoCent: Cents; nettoCent: Cents; steuerCent: Cents };
export type SteuerberichtSatz = { steuersatz: Steuersatz; einnahmen: SteuerSumme; ausgaben: SteuerSumme };

/** What the Steuerbericht needs of an entry; `steuerCent` as booked (else computed from gross and rate). */
export type SteuerBuchung = { betragCent: Cents; steuersatz: Steuersatz; steuerCent?: Cents | null };

/**
 * The Steuerbericht's `saetze`: per rate the sums of gross, net and tax of income and of expenses. A total
 * is the sum of the entries' rounded taxes (DOMAIN.md "Numbers"), never the tax of the summed gross, so
 * the report agrees with the Kassabuch line by line. Expenses are reported as positive amounts (the
 * printed report shows "Ausgaben 120,00", not "−120,00"). Every rate appears, also without entries, so
 * the report's rows do not depend on the data.
 */
export function steuerbericht(buchungen: readonly SteuerBuchung[]): SteuerberichtSatz[] {
  return STEUERSAETZE.map((steuersatz) => {
    const ofRate = buchungen.filter((b) => b.steuersatz === steuersatz);
    const parts = ofRate.map((b) => {
      const steuerCent = b.steuerCent ?? steuerAnteil(b.betragCent, steuersatz).steuerCent;
      return { bruttoCent: b.betragCent, steuerCent: assertCents(steuerCent, 'Steuerbetrag') };
    });
    const summe = (sign: 1 | -1): SteuerSumme => {
      const chosen = parts.filter((p) => (sign === 1 ? p.bruttoCent > 0 : p.bruttoCent < 0));
      const bruttoCent = sign * sumCents(chosen.map((p) => p.bruttoCent)) + 0;
      const steuerCent = sign * sumCents(chosen.map((p) => p.steuerCent)) + 0;
      return { bruttoCent, nettoCent: bruttoCent - steuerCent, steuerCent };
    };
    return { steuersatz, einnahmen: summe(1), ausgaben: summe(-1) };
  });
}
