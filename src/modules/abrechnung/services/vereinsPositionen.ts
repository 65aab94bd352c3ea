import { type Cents, type DecimalString, mulToCents } from '../../../platform/money';
import type { ZvPosition } from '../schema/zvData';

// The club positions of a Vereinsabrechnung on one letter (DOMAIN.md "Club positions"; issue 14):
// pure arithmetic from the positions of the year and what the recipient has. Plot-bound kinds give
// one line per plot (the letter lists positions per plot), the others one line for the address.

export type VereinsPositionArt =
  | 'proMitglied'
  | 'proWeiteresMitglied'
  | 'proParzelle'
  | 'proM2'
  | 'proAbstellplatz'
  | 'proAdresse';

/** A position of the year as the issue names it: an amount (`betragCent`) or, per m², a rate (`satz`, €/m²). */
export type VereinsPosition = {
  id: number;
  text: string;
  art: VereinsPositionArt;
  betragCent: Cents | null;
  satz: DecimalString | null;
  steuersatz: number;
  buchungskontoId: number | null;
  /** Only for KGV members (the address's member flag). */
  nurMitglieder: boolean;
};

/** What a letter's recipient has in the year. */
export type VereinsEmpfaenger = {
  istMitglied: boolean;
  /** Further persons of the address who are members too. */
  weitereMitglieder: number;
  parzellen: readonly { parzelleId: number; flaeche: DecimalString }[];
  abstellplaetze: number;
};

export type VereinsZeile = {
  positionId: number;
  text: string;
  /** The plot the line belongs to; null: the address as a whole. */
  parzelleId: number | null;
  /** Count or m² the amount is for ("2" further members, "400" m²). */
  menge: DecimalString;
  /** The amount per unit: € per m² as typed, else the per-unit cents as a euro string. */
  satz: DecimalString;
  betragCent: Cents;
  steuersatz: number;
  buchungskontoId: number | null;
};

const euro = (cent: Cents) => (cent / 100).toFixed(2);

/** The club lines of one letter, in the order of the positions; kinds with nothing to bill give no line. */
export function vereinsPositionen(positionen: readonly VereinsPosition[], e: VereinsEmpfaenger): VereinsZeile[] {
  const zeilen: VereinsZeile[] = [];
  for (const p of positionen) {
    if (p.nurMitglieder && !e.istMitglied) continue;
    const zeile = (parzelleId: number | null, menge: DecimalString, satz: DecimalString, betragCent: Cents) =>
      zeilen.push({
        positionId: p.id,
        text: p.text,
        parzelleId,
        menge,
        satz,
        betragCent,
        steuersatz: p.steuersatz,
        buchungskontoId: p.buchungskontoId,
      });
    const betrag = p.betragCent ?? 0;
    switch (p.art) {
      case 'proMitglied':
        // The address's holder is the member; no member, nobody to charge "per member".
        if (e.istMitglied) zeile(null, '1', euro(betrag), betrag);
        break;
      case 'proWeiteresMitglied':
        if (e.weitereMitglieder > 0)
          zeile(null, String(e.weitereMitglieder), euro(betrag), betrag * e.weitereMitglieder);
        break;
      case 'proParzelle':
        for (const parzelle of e.parzellen) zeile(parzelle.parzelleId, '1', euro(betrag), betrag);
        break;
      case 'proM2': {
        const satz = p.satz ?? '0';
        for (const parzelle of e.parzellen)
          zeile(parzelle.parzelleId, parzelle.flaeche, satz, mulToCents(parzelle.flaeche, satz));
        break;
      }
      case 'proAbstellplatz':
        if (e.abstellplaetze > 0) zeile(null, String(e.abstellplaetze), euro(betrag), betrag * e.abstellplaetze);
        break;
      case 'proAdresse':
        zeile(null, '1', euro(betrag), betrag);
        break;
    }
  }
  return zeilen;
}

/** A club line as a letter's position (art 'verein'). */
export const vereinsZvPosition = (z: VereinsZeile): ZvPosition => ({
  art: 'verein',
  text: z.text,
  menge: z.menge,
  satz: z.satz,
  betragCent: z.betragCent,
  steuersatz: z.steuersatz,
  buchungskontoId: z.buchungskontoId,
});
