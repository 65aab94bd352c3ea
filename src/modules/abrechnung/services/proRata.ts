import { type Cents, splitLargestRemainder } from '../../../platform/money';

// `interimBilling` (issue 14, ForderungenExcelExport): a plot whose holder changed during the year
// is billed to each holder pro rata by months, split by largest remainder so the parts add up to
// the year's amount exactly.

/** A holder's lease of the plot: from `von` to `bis` (YYYY-MM-DD, both included; `bis` null = open). */
export type Halter = { adresseId: number; von: string; bis: string | null };

/**
 * The months of `jahr` each holder bills. A month goes to whoever holds the plot on its first day (a
 * change on 15 July leaves July with the old holder, the new one starts with August), so every month
 * has at most one holder. Answers one entry per holder in the given order (0 months when none).
 */
export function monateJeHalter(jahr: number, halter: readonly Halter[]): { adresseId: number; monate: number }[] {
  return halter.map((h) => {
    let monate = 0;
    for (let m = 1; m <= 12; m += 1) {
      const erster = `${jahr}-${String(m).padStart(2, '0')}-01`;
      if (h.von <= erster && (h.bis === null || h.bis >= erster)) monate += 1;
    }
    return { adresseId: h.adresseId, monate };
  });
}

/**
 * Splits a year's amount over the holders by their months (largest remainder, ties to the earlier
 * holder). Months nobody held are not billed to anyone else: the amount is split over the months
 * held. No month held at all: the first holder gets everything (a plot always has someone to bill).
 */
export function proRataNachMonaten(
  jahresBetragCent: Cents,
  jahr: number,
  halter: readonly Halter[],
): { adresseId: number; monate: number; betragCent: Cents }[] {
  const monate = monateJeHalter(jahr, halter);
  if (!monate.length) return [];
  const gewichte = monate.map((m) => m.monate);
  const teile = gewichte.every((g) => g === 0)
    ? monate.map((_, i) => (i === 0 ? jahresBetragCent : 0))
    : splitLargestRemainder(jahresBetragCent, gewichte);
  return monate.map((m, i) => ({ ...m, betragCent: teile[i] ?? 0 }));
}
