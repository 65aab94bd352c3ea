import type { Db } from '../../../platform/db/db';
import {
  centsToDecimalString,
  type DecimalString,
  decimalString,
  fixed,
  formatDecimal,
  formatPercent,
  roundDecimal,
  sumCents,
  toBig,
} from '../../../platform/money';
import { listParzellen } from '../../stammdaten/services';
import type { Pachtberechnung } from '../schema/pachtberechnung';
import type { PachtzuschlagBasisArt } from '../schema/pachtzuschlag';
import type { ZvPosition } from '../schema/zvData';
import type { PachtzuschlagRow } from '../tables';
import { gemeinschaftsAnteile, type PachtSaetze, type PachtzuschlagRegel, pachtPositionen } from './pacht';
import { ladePachtberechnung } from './pachtberechnungen';

// What the lease of a year needs in one read (rates, surcharges, the plots' effective shares) and
// the lease lines of one plot as the letter prints them. ZvData (S3), GetParzellenForZV, the
// surcharge preview and the Pachtzinsliste all read the lease through these two.

/** A surcharge with what its line carries on the letter. */
export type PachtRegel = PachtzuschlagRegel & { buchungskontoId: number | null; steuersatz: number };

export type PachtDaten = {
  /** null: the year has no rates yet (no row or Pachtzins 0 is S3's problem 'satzFehlt'). */
  saetze: PachtSaetze | null;
  pachtberechnung: Pachtberechnung;
  regeln: PachtRegel[];
  /** The effective share per active plot (stored, else the default). */
  anteile: Map<number, DecimalString>;
};

/** An active plot of the year with its shares and today's holder (natural number order). */
export type AktiveParzelle = {
  id: number;
  nummer: string;
  flaeche: DecimalString;
  flags: number;
  anteilGespeichert: DecimalString | null;
  anteilStandard: DecimalString;
  anteil: DecimalString;
  nutzungsberechtigter: { adresseId: number; name: string } | null;
};

/** The active plots of a year with stored, default and effective share. */
export async function aktiveParzellen(
  db: Db,
  pachtabrechnungId: number,
  gemeinschaftsflaeche: DecimalString,
): Promise<AktiveParzelle[]> {
  const parzellen = await listParzellen(db, { pachtabrechnungID: pachtabrechnungId, filter: 'aktiv' });
  const standard = new Map(gemeinschaftsAnteile(gemeinschaftsflaeche, parzellen).map((a) => [a.id, a.anteil]));
  return parzellen.map((p) => {
    const anteilStandard = standard.get(p.id) ?? '0.00';
    const anteilGespeichert = p.gemeinschaftsflaeche === null ? null : roundDecimal(p.gemeinschaftsflaeche, 2);
    return {
      id: p.id,
      nummer: p.nummer,
      flaeche: p.flaeche,
      flags: p.flags,
      anteilGespeichert,
      anteilStandard,
      anteil: anteilGespeichert ?? anteilStandard,
      nutzungsberechtigter: p.nutzungsberechtigter
        ? { adresseId: p.nutzungsberechtigter.adresseId, name: p.nutzungsberechtigter.name }
        : null,
    };
  });
}

/** A surcharge row as the arithmetic reads it. */
export function regelAus(r: PachtzuschlagRow): PachtRegel {
  return {
    id: Number(r.id),
    bezeichnung: r.bezeichnung,
    art: r.art,
    wert: decimalString(r.wert),
    basis: r.basis
      .split(',')
      .map((b) => b.trim())
      .filter(
        (b): b is PachtzuschlagBasisArt => b === 'pachtzins' || b === 'gemeinschaftsflaeche' || b === 'grundsteuer',
      ),
    parzellenFlag: r.parzellen_flag == null ? null : Number(r.parzellen_flag),
    parzellenIds: r.parzellen_ids == null ? null : (JSON.parse(r.parzellen_ids) as number[]).map(Number),
    buchungskontoId: r.buchungskonto_id == null ? null : Number(r.buchungskonto_id),
    steuersatz: Number(r.steuersatz),
  };
}

/** The surcharges of a year in their order. */
export async function ladeRegeln(db: Db, pachtabrechnungId: number): Promise<PachtRegel[]> {
  const rows = await db('pachtzuschlaege')
    .where({ pachtabrechnung_id: pachtabrechnungId })
    .orderBy([{ column: 'sortierung' }, { column: 'id' }]);
  return rows.map(regelAus);
}

/** Rates, surcharges and effective shares of a year (for S3's ZvData and the lists here). */
export async function ladePachtDaten(db: Db, pachtabrechnungId: number): Promise<PachtDaten> {
  const pachtberechnung = await ladePachtberechnung(db, pachtabrechnungId);
  const vorhanden = await db('pachtberechnungen').where({ pachtabrechnung_id: pachtabrechnungId }).first('version');
  const regeln = await ladeRegeln(db, pachtabrechnungId);
  const parzellen = await aktiveParzellen(db, pachtabrechnungId, pachtberechnung.gemeinschaftsflaeche);
  return {
    saetze: vorhanden
      ? { pachtzinsProM2: pachtberechnung.pachtzinsProM2, grundsteuerProM2: pachtberechnung.grundsteuerProM2 }
      : null,
    pachtberechnung,
    regeln,
    anteile: new Map(parzellen.map((p) => [p.id, p.anteil])),
  };
}

const SP = { nbsp: false } as const;
/** A rate as the letter writes it: at least 2 decimals, up to 4 ("1,31 €", "1,3125 €"). */
function satzText(satz: DecimalString): string {
  const stellen = Math.min(4, Math.max(2, (satz.split('.')[1] ?? '').replace(/0+$/, '').length));
  return `${formatDecimal(satz, stellen)} €`;
}
const flaecheText = (m2: DecimalString) => `${formatDecimal(m2, 2)} m²`;
const euroText = (cents: number) => `${formatDecimal(centsToDecimalString(cents), 2)} €`;

/**
 * The lease lines of one plot as the letter prints them: „Pachtzins 400,00 m² × 1,31 €“,
 * „Gemeinschaftsflächenanteil 100,00 m² × 1,31 €“, „Grundsteuer 500,00 m² × 0,14 €“ (when the year
 * sets one), then each surcharge that applies („Verwaltungs- und Haftungszuschlag 14,5 % von
 * 725,00 €“). A year without rates gives no lines. `anteil` absent: the plot's share in `daten`.
 */
export function pachtZvPositionen(
  parzelle: { id: number; flaeche: DecimalString; flags: number; anteil?: DecimalString },
  daten: Pick<PachtDaten, 'saetze' | 'pachtberechnung' | 'regeln' | 'anteile'>,
): ZvPosition[] {
  if (!daten.saetze) return [];
  const saetze = daten.saetze;
  const flaeche = roundDecimal(parzelle.flaeche, 2);
  const anteil = roundDecimal(parzelle.anteil ?? daten.anteile.get(parzelle.id) ?? '0', 2);
  const ergebnis = pachtPositionen({ id: parzelle.id, flaeche, anteil, flags: parzelle.flags }, saetze, daten.regeln);
  const pb = daten.pachtberechnung;
  const steuersatz = pb.pachtSteuersatz;
  const positionen: ZvPosition[] = [
    {
      art: 'pachtzins',
      text: `Pachtzins ${flaecheText(flaeche)} × ${satzText(saetze.pachtzinsProM2)}`,
      menge: flaeche,
      satz: saetze.pachtzinsProM2,
      betragCent: ergebnis.pachtzinsCent,
      steuersatz,
      buchungskontoId: pb.buchungskonten.pachtzins,
    },
    {
      art: 'gemeinschaftsflaeche',
      text: `Gemeinschaftsflächenanteil ${flaecheText(anteil)} × ${satzText(saetze.pachtzinsProM2)}`,
      menge: anteil,
      satz: saetze.pachtzinsProM2,
      betragCent: ergebnis.gemeinschaftsflaecheCent,
      steuersatz,
      buchungskontoId: pb.buchungskonten.gemeinschaftsflaeche,
    },
  ];
  if (saetze.grundsteuerProM2 !== null) {
    const menge = fixed(toBig(flaeche).plus(toBig(anteil)), 2);
    positionen.push({
      art: 'grundsteuer',
      text: `Grundsteuer ${flaecheText(menge)} × ${satzText(saetze.grundsteuerProM2)}`,
      menge,
      satz: saetze.grundsteuerProM2,
      betragCent: ergebnis.grundsteuerCent,
      steuersatz,
      buchungskontoId: pb.buchungskonten.grundsteuer,
    });
  }
  const basisCent: Record<PachtzuschlagBasisArt, number> = {
    pachtzins: ergebnis.pachtzinsCent,
    gemeinschaftsflaeche: ergebnis.gemeinschaftsflaecheCent,
    grundsteuer: ergebnis.grundsteuerCent,
  };
  for (const z of ergebnis.zuschlaege) {
    const regel = daten.regeln.find((r) => r.id === z.zuschlagId);
    if (!regel) continue;
    let text = regel.bezeichnung;
    let menge: string | null = null;
    const satz = regel.wert;
    if (regel.art === 'proM2') {
      text = `${regel.bezeichnung} ${flaecheText(flaeche)} × ${satzText(regel.wert)}`;
      menge = flaeche;
    } else if (regel.art === 'proParzelle') {
      menge = '1';
    } else {
      const basis = sumCents([...new Set(regel.basis)].map((b) => basisCent[b]));
      text = `${regel.bezeichnung} ${formatPercent(regel.wert, 4, SP)} von ${euroText(basis)}`;
      menge = centsToDecimalString(basis);
    }
    positionen.push({
      art: 'pachtzuschlag',
      text,
      menge,
      satz,
      betragCent: z.betragCent,
      steuersatz: regel.steuersatz,
      buchungskontoId: regel.buchungskontoId,
    });
  }
  return positionen;
}
