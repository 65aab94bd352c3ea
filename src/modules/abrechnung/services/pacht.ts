import {
  type Cents,
  type DecimalString,
  fixed,
  mulToCents,
  percentOfCents,
  splitLargestRemainder,
  sumCents,
  toBig,
} from '../../../platform/money';

// The lease of one plot in one year (DOMAIN.md "Lease (Pacht) — Kleingartengesetz § 11"): pure
// arithmetic for the Zahlungsvorschreibung and the Pachtzinsliste (issue 14). Areas and rates are
// exact decimal strings, every position is rounded to cents once (DOMAIN.md "Numbers"), and the
// sum is the sum of the rounded positions, so the letter adds up line by line.

/** The rates of a Pachtberechnung. `grundsteuerProM2` null: the year charges no Grundsteuer. */
export type PachtSaetze = { pachtzinsProM2: DecimalString; grundsteuerProM2: DecimalString | null };

/** What the lease needs of a plot: its area and its share of the common area (m², decimals). */
export type PachtParzelle = { id: number; flaeche: DecimalString; anteil: DecimalString; flags: number };

export type PachtzuschlagBasis = 'pachtzins' | 'gemeinschaftsflaeche' | 'grundsteuer';

/** A surcharge as the issue names it (only the fields the arithmetic needs). */
export type PachtzuschlagRegel = {
  id: number;
  bezeichnung: string;
  art: 'proM2' | 'proParzelle' | 'prozent';
  /** € per m², € per plot, or percent. */
  wert: DecimalString;
  /** For 'prozent': the positions it is a percentage of. */
  basis: readonly PachtzuschlagBasis[];
  /** Only plots with this flag bit set (e.g. "ständig wohnen"); null: no flag condition. */
  parzellenFlag: number | null;
  /** Only these plots; null: every plot (that meets the flag condition). */
  parzellenIds: readonly number[] | null;
};

export type PachtPosition = { text: string; betragCent: Cents; zuschlagId: number | null };

export type PachtErgebnis = {
  pachtzinsCent: Cents;
  gemeinschaftsflaecheCent: Cents;
  grundsteuerCent: Cents;
  zuschlaege: { zuschlagId: number; bezeichnung: string; betragCent: Cents }[];
  summeCent: Cents;
};

/** Whether a surcharge applies to the plot: its flag condition and its list of plots. */
export function zuschlagGilt(regel: PachtzuschlagRegel, parzelle: Pick<PachtParzelle, 'id' | 'flags'>): boolean {
  if (regel.parzellenFlag !== null && (parzelle.flags & regel.parzellenFlag) === 0) return false;
  if (regel.parzellenIds !== null && !regel.parzellenIds.includes(parzelle.id)) return false;
  return true;
}

/**
 * The lease positions of one plot: Pachtzins = area × rate; Gemeinschaftsflächenanteil = share × rate;
 * Grundsteuer = (area + share) × rate when the year sets one; then each surcharge that applies, a
 * percentage one of the named base positions (after their rounding: "14,5 % von 725,00").
 */
export function pachtPositionen(
  parzelle: PachtParzelle,
  saetze: PachtSaetze,
  regeln: readonly PachtzuschlagRegel[],
): PachtErgebnis {
  const pachtzinsCent = mulToCents(parzelle.flaeche, saetze.pachtzinsProM2);
  const gemeinschaftsflaecheCent = mulToCents(parzelle.anteil, saetze.pachtzinsProM2);
  const grundsteuerCent =
    saetze.grundsteuerProM2 === null
      ? 0
      : mulToCents(toBig(parzelle.flaeche).plus(toBig(parzelle.anteil)), saetze.grundsteuerProM2);
  const basisCent: Record<PachtzuschlagBasis, Cents> = {
    pachtzins: pachtzinsCent,
    gemeinschaftsflaeche: gemeinschaftsflaecheCent,
    grundsteuer: grundsteuerCent,
  };
  const zuschlaege = regeln
    .filter((regel) => zuschlagGilt(regel, parzelle))
    .map((regel) => {
      let betragCent: Cents;
      if (regel.art === 'proM2') betragCent = mulToCents(parzelle.flaeche, regel.wert);
      else if (regel.art === 'proParzelle') betragCent = mulToCents(1, regel.wert);
      else betragCent = percentOfCents(sumCents([...new Set(regel.basis)].map((b) => basisCent[b])), regel.wert);
      return { zuschlagId: regel.id, bezeichnung: regel.bezeichnung, betragCent };
    });
  return {
    pachtzinsCent,
    gemeinschaftsflaecheCent,
    grundsteuerCent,
    zuschlaege,
    summeCent: sumCents([
      pachtzinsCent,
      gemeinschaftsflaecheCent,
      grundsteuerCent,
      ...zuschlaege.map((z) => z.betragCent),
    ]),
  };
}

/**
 * The default shares of the common area (UpdateGemeinschaftsflaeche): common area × plot area / sum of
 * the plots' areas, in m² with 2 decimals, split by largest remainder so the shares add up to the
 * common area exactly (a hundredth more for the largest remainders, ties to the earlier plot).
 * Answers the shares in the order of `parzellen`; pass only the active plots.
 */
export function gemeinschaftsAnteile(
  gemeinschaftsflaeche: DecimalString,
  parzellen: readonly Pick<PachtParzelle, 'id' | 'flaeche'>[],
): { id: number; anteil: DecimalString }[] {
  const hundertstel = Number(toBig(gemeinschaftsflaeche).times(100).round(0).toFixed());
  if (!parzellen.length) return [];
  const gewichte = parzellen.map((p) => toBig(p.flaeche));
  // No plot with an area: nobody gets a share (rather than an equal split of area nobody leases).
  if (gewichte.every((g) => g.eq(0))) return parzellen.map((p) => ({ id: p.id, anteil: '0.00' }));
  const teile = splitLargestRemainder(hundertstel, gewichte);
  return parzellen.map((p, i) => ({ id: p.id, anteil: fixed(toBig(teile[i] ?? 0).div(100), 2) }));
}
