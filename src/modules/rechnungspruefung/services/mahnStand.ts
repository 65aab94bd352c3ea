import type { Knex } from 'knex';
import { addDays, dateOf } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { HOECHSTE_MAHNSTUFE } from '../schema/mahnungen';
import type { RechnungRow } from '../tables';
import { bezahltJeRechnung, type Rate, ueberfaelligCent } from './rechnungStand';
import { VERZUGSZINSEN_SATZ, verzugszinsenCent, zinsTage } from './verzugszinsen';

// Where a receivable stands for a reminder, and what its next reminder charges. The single reminder
// (GET Mahnungen), the run's preview (GET Mahnlauf) and the run itself (POST Mahnlauf) all plan
// through here, so the preview shows to the cent what the run then books.

/** Positions a reminder adds to its receivable: they are no principal (no interest on them). */
export const MAHN_POSITION_ARTEN = ['mahngebuehr', 'verzugszinsen'] as const;

export type MahnStand = {
  row: RechnungRow;
  id: number;
  faelligAm: string;
  betragCent: number;
  bezahltCent: number;
  offenCent: number;
  /** The receivable without the fees and interest earlier reminders added. */
  hauptforderungCent: number;
  raten: Rate[];
  /** Interest was charged up to this day by an earlier reminder (null: never). */
  zinsenBis: string | null;
};

/** Reads the reminder state of the receivables the query selects (`rechnungen` rows). */
export async function ladeMahnStaende(
  db: Db,
  auswahl: (q: Knex.QueryBuilder<RechnungRow>) => Knex.QueryBuilder<RechnungRow>,
): Promise<MahnStand[]> {
  const rows = (await auswahl(db('rechnungen')).select('rechnungen.*')) as RechnungRow[];
  const ids = rows.map((r) => Number(r.id));
  const bezahlt = await bezahltJeRechnung(db, ids);
  const haupt = new Map<number, number>();
  const raten = new Map<number, Rate[]>();
  const zinsenBis = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const teil = ids.slice(i, i + 500);
    const summen = (await db('rechnung_positionen')
      .whereIn('rechnung_id', teil)
      .whereNotIn('art', MAHN_POSITION_ARTEN)
      .groupBy('rechnung_id')
      .select('rechnung_id', db.raw('SUM(betrag_cent) AS summe'))) as { rechnung_id: number; summe: number | string }[];
    for (const s of summen) haupt.set(Number(s.rechnung_id), Number(s.summe));
    for (const r of await db('rechnung_raten').whereIn('rechnung_id', teil).orderBy(['rechnung_id', 'nummer'])) {
      const id = Number(r.rechnung_id);
      raten.set(id, [...(raten.get(id) ?? []), { faelligAm: dateOf(r.faellig_am), betragCent: Number(r.betrag_cent) }]);
    }
    const bis = (await db('mahnungen')
      .whereIn('rechnung_id', teil)
      .whereNotNull('zinsen_bis')
      .groupBy('rechnung_id')
      .select('rechnung_id', db.raw('MAX(zinsen_bis) AS bis'))) as { rechnung_id: number; bis: string | Date }[];
    for (const b of bis) zinsenBis.set(Number(b.rechnung_id), dateOf(b.bis));
  }
  return rows.map((row) => {
    const id = Number(row.id);
    const betragCent = Number(row.betrag_cent);
    const bezahltCent = bezahlt.get(id) ?? 0;
    return {
      row,
      id,
      faelligAm: dateOf(row.faellig_am),
      betragCent,
      bezahltCent,
      offenCent: betragCent - bezahltCent,
      hauptforderungCent: haupt.get(id) ?? betragCent,
      raten: raten.get(id) ?? [],
      zinsenBis: zinsenBis.get(id) ?? null,
    };
  });
}

/** What is overdue on `datum` (instalments respected). */
export const ueberfaelligAm = (s: MahnStand, datum: string): number =>
  ueberfaelligCent(
    { betragCent: s.betragCent, bezahltCent: s.bezahltCent, faelligAm: s.faelligAm, raten: s.raten },
    datum,
  );

/**
 * Since when the overdue part is overdue: the due date, or with instalments the due date of the
 * oldest instalment not fully paid (payments settle the oldest instalments first); with every
 * instalment paid only a fee beyond the plan can be left, and that is due with the receivable.
 */
export function faelligSeit(s: Pick<MahnStand, 'raten' | 'bezahltCent' | 'faelligAm'>): string {
  let kumuliert = 0;
  for (const rate of s.raten) {
    kumuliert += rate.betragCent;
    if (kumuliert > s.bezahltCent) return rate.faelligAm;
  }
  return s.faelligAm;
}

export type MahnHindernis = 'mahnsperre' | 'hoechste_mahnstufe' | 'nicht_faellig' | 'raten_nicht_faellig';

/** Why the receivable cannot get its next reminder on `datum`, or null. */
export function mahnHindernis(s: MahnStand, datum: string): MahnHindernis | null {
  if (s.row.mahnstufe >= HOECHSTE_MAHNSTUFE) return 'hoechste_mahnstufe';
  const sperre = dateOf(s.row.mahnsperre_bis);
  if (sperre && sperre >= datum) return 'mahnsperre';
  if (ueberfaelligAm(s, datum) > 0) return null;
  // Open and past its due date, but the instalments due so far are paid: the plan is being kept.
  return s.offenCent > 0 && s.raten.length > 0 && s.faelligAm < datum ? 'raten_nicht_faellig' : 'nicht_faellig';
}

export type MahnZinsen = { kapitalCent: number; von: string; bis: string; tage: number; satz: string; cent: number };

export type MahnPlan = {
  stufe: number;
  ueberfaelligCent: number;
  gebuehrCent: number;
  /** null: no interest charged (calc off, or no days or principal). */
  zinsen: MahnZinsen | null;
  /** Open after this reminder's fee and interest. */
  neuOffenCent: number;
  /**
   * What the letter asks to pay now: with an instalment plan the overdue part plus this reminder's
   * fee and interest (the later instalments stay due as agreed); without one the whole open amount.
   */
  faelligCent: number;
};

export type MahnGebuehren = { stufe2Cent: number; stufe3Cent: number };

/**
 * The next reminder: level +1; the fee of that level (level 1, the Zahlungserinnerung, costs
 * nothing); with `calc` the interest on the open principal (fees and interest of earlier reminders
 * bear none; payments settle the principal first) from the later of the date it became overdue and
 * the day earlier interest was charged up to, until `datum`.
 */
export function planeMahnung(s: MahnStand, datum: string, calc: boolean, gebuehren: MahnGebuehren): MahnPlan {
  const stufe = s.row.mahnstufe + 1;
  const ueberfaellig = ueberfaelligAm(s, datum);
  const gebuehrCent = stufe === 2 ? gebuehren.stufe2Cent : stufe === 3 ? gebuehren.stufe3Cent : 0;
  let zinsen: MahnZinsen | null = null;
  if (calc) {
    // The overdue part of the principal alone: a fee beyond an instalment plan is overdue too, but bears no interest.
    const kapitalCent = ueberfaelligCent(
      { betragCent: s.hauptforderungCent, bezahltCent: s.bezahltCent, faelligAm: s.faelligAm, raten: s.raten },
      datum,
    );
    const seit = faelligSeit(s);
    const von = s.zinsenBis && s.zinsenBis > seit ? s.zinsenBis : seit;
    const tage = zinsTage(von, datum);
    const cent = verzugszinsenCent(kapitalCent, von, datum, VERZUGSZINSEN_SATZ);
    if (cent > 0) zinsen = { kapitalCent, von, bis: datum, tage, satz: VERZUGSZINSEN_SATZ, cent };
  }
  const neuOffenCent = s.offenCent + gebuehrCent + (zinsen?.cent ?? 0);
  return {
    stufe,
    ueberfaelligCent: ueberfaellig,
    gebuehrCent,
    zinsen,
    neuOffenCent,
    faelligCent: s.raten.length
      ? Math.min(neuOffenCent, ueberfaellig + gebuehrCent + (zinsen?.cent ?? 0))
      : neuOffenCent,
  };
}

/** The day the run may remind again: `mindestTage` after the last reminder, or after the date it became overdue. */
export function fruehestensAm(s: MahnStand, mindestTage: number): string {
  const letzte = dateOf(s.row.letzte_mahnung_am);
  return addDays(letzte ?? faelligSeit(s), mindestTage);
}
