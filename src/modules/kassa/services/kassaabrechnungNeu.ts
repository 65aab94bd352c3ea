import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { insertInChunks } from '../../../platform/db/insertInChunks';
import { conflict } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { Kassaabrechnung } from '../schema/kassaabrechnung';
import { getKassaabrechnung, jahrEinmal, KASSAABRECHNUNG_HISTORY_TYPE, pruefeZeitraum } from './kassaabrechnungen';
import { klaerungskontoId } from './klaerung';
import { kontoSaldenDerPeriode } from './kontoSaldenDerPeriode';
import { datumOf, istWahr } from './standardPeriode';

// GetNewKassaabrechnung: the next calendar year's period, carried over from the period before it
// (DOMAIN.md "Cash book"): the same booking accounts (not deleted; with their plot assignments) and
// cost centres, and every active account opens with its closing balance of the previous period.

/** The year after the newest period, or this year when there is none. */
async function naechstesJahr(db: Db): Promise<number> {
  const newest = await db('kassaabrechnungen').max({ jahr: 'jahr' }).first();
  return newest?.jahr != null ? Number(newest.jahr) + 1 : new Date().getFullYear();
}

export async function newKassaabrechnung(db: Db, actor: Actor, jahrAngefragt?: number): Promise<Kassaabrechnung> {
  const jahr = jahrAngefragt ?? (await naechstesJahr(db));
  const vorhanden = await db('kassaabrechnungen').where({ jahr }).first('bezeichnung');
  if (vorhanden) {
    throw conflict(`Für ${jahr} gibt es schon die Kassaabrechnung „${vorhanden.bezeichnung}“.`, undefined, 'vorhanden');
  }
  const von = `${jahr}-01-01`;
  const bis = `${jahr}-12-31`;
  await pruefeZeitraum(db, { id: 0, jahr, von, bis });
  const now = nowDb();
  const stamp = { created_at: now, updated_at: now };
  await jahrEinmal(
    db('kassaabrechnungen').insert({
      jahr,
      bezeichnung: `Kassa ${jahr}`,
      von,
      bis,
      version: 1,
      geschlossen: false,
      naechste_belegnummer: 1,
      ...stamp,
    }),
    jahr,
  );
  const id = Number((await db('kassaabrechnungen').where({ jahr }).first('id'))?.id);

  // The period before: the newest one ending before this one begins.
  const vorher = await db('kassaabrechnungen').where('bis', '<', von).orderBy('bis', 'desc').first();
  let uebertrag: { kontoId: number; anfangCent: number }[] = [];
  if (vorher) {
    const vorherId = Number(vorher.id);
    const buchungskonten = await db('buchungskonten')
      .where({ kassaabrechnung_id: vorherId })
      .andWhere((q) => q.where('geloescht', false).orWhereNull('geloescht'))
      .orderBy('id');
    const zuordnungen = await db('buchungskonto_parzellen')
      .whereIn(
        'buchungskonto_id',
        buchungskonten.map((b) => b.id),
      )
      .select('buchungskonto_id', 'parzelle_id');
    for (const bk of buchungskonten) {
      await db('buchungskonten').insert({
        version: 1,
        kassaabrechnung_id: id,
        nummer: bk.nummer,
        name: bk.name,
        art: bk.art,
        steuersatz: bk.steuersatz,
        parzellenspezifisch: istWahr(bk.parzellenspezifisch),
        jahresbetrag_cent: bk.jahresbetrag_cent,
        geloescht: false,
        klaerung: istWahr(bk.klaerung),
        ...stamp,
      });
      const neu = await db('buchungskonten')
        .where({ kassaabrechnung_id: id, nummer: bk.nummer, geloescht: false })
        .orderBy('id', 'desc')
        .first('id');
      const parzellen = zuordnungen.filter((z) => Number(z.buchungskonto_id) === Number(bk.id));
      await insertInChunks(
        db,
        'buchungskonto_parzellen',
        parzellen.map((z) => ({ buchungskonto_id: Number(neu?.id), parzelle_id: Number(z.parzelle_id) })),
      );
    }
    const kostenstellen = await db('kostenstellen').where({ kassaabrechnung_id: vorherId }).orderBy('id');
    await insertInChunks(
      db,
      'kostenstellen',
      kostenstellen.map((k) => ({ version: 1, kassaabrechnung_id: id, nummer: k.nummer, name: k.name, ...stamp })),
    );
    const salden = await kontoSaldenDerPeriode(db, vorherId);
    uebertrag = salden.konten.filter((k) => k.aktiv).map((k) => ({ kontoId: k.kontoId, anfangCent: k.endeCent }));
  }
  // Active accounts the previous period did not know (or all of them, for the first period) open at 0.
  const bekannt = new Set(uebertrag.map((u) => u.kontoId));
  for (const k of await db('konten').select('id', 'aktiv')) {
    if (istWahr(k.aktiv) && !bekannt.has(Number(k.id))) uebertrag.push({ kontoId: Number(k.id), anfangCent: 0 });
  }
  await insertInChunks(
    db,
    'konto_anfangsbestaende',
    uebertrag.map((u) => ({ konto_id: u.kontoId, kassaabrechnung_id: id, anfangsbestand_cent: u.anfangCent })),
  );
  await klaerungskontoId(db, id);
  await recordHistory(db, actor, {
    entityType: KASSAABRECHNUNG_HISTORY_TYPE,
    entityId: id,
    action: 'create',
    after: {
      jahr,
      von,
      bis,
      uebernommenVon: vorher ? { id: Number(vorher.id), jahr: Number(vorher.jahr), bis: datumOf(vorher.bis) } : null,
      anfangsbestaende: uebertrag,
    },
  });
  return getKassaabrechnung(db, id);
}
