import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { KASSABUCH_HISTORY_TYPE } from '../../kassa/services';
import type { OhneForderungInput, RechnungenKassabuch } from '../schema/zahlungen';
import type { ZuKlaerenFilter, ZuKlaerenZeile } from '../schema/zuKlaeren';
import { ladeKandidaten, vorschlaegeFuer } from './vorschlaege';
import { EINTRAG_FEHLT } from './zuordnungen';
import { type EintragRoh, eintragAbfrage, ladeRechnungenKassabuch, presentZahlungEintrag } from './zuordnungenEintrag';

// GET ZuKlaeren: the bank credits that still wait for the Kassier — imported (quelle 'bank'), income,
// not marked "keine Forderung", with a rest not yet allocated — by date, each with its suggestions.

export async function ladeZuKlaeren(db: Db, f: ZuKlaerenFilter): Promise<ZuKlaerenZeile[]> {
  const q = eintragAbfrage(db)
    .where('k.quelle', 'bank')
    .andWhere('k.betrag_cent', '>', 0)
    .andWhere('k.ohne_forderung', false)
    .whereNull('k.storno_von_id')
    .whereNotExists((s) => s.select(db.raw('1')).from('kassabuch as st').whereRaw('st.storno_von_id = k.id'))
    .whereRaw(
      'k.betrag_cent > (SELECT COALESCE(SUM(zz.betrag_cent), 0) FROM zuordnungen zz WHERE zz.kassabuch_id = k.id)',
    )
    .orderBy([{ column: 'k.datum' }, { column: 'k.id' }]);
  if (f.kontoId) q.andWhere('k.konto_id', f.kontoId);
  if (f.von) q.andWhere('k.datum', '>=', f.von);
  if (f.bis) q.andWhere('k.datum', '<=', f.bis);
  const rows = (await q) as EintragRoh[];
  if (!rows.length) return [];
  const kandidaten = await ladeKandidaten(db);
  return rows.map((r) => {
    const { gutschrift, ...eintrag } = presentZahlungEintrag(r);
    return { eintrag, vorschlaege: vorschlaegeFuer(gutschrift, kandidaten) };
  });
}

/** POST OhneForderung: marks a credit as paying no receivable (it leaves the list), or takes that back. */
export async function setzeOhneForderung(
  db: Db,
  actor: Actor,
  input: OhneForderungInput,
): Promise<RechnungenKassabuch> {
  const e = await db('kassabuch').where({ id: input.kassabuchId }).forUpdate().first('id', 'ohne_forderung');
  if (!e) throw notFound(EINTRAG_FEHLT);
  await db('kassabuch').where({ id: input.kassabuchId }).update({ ohne_forderung: input.ohneForderung });
  await recordHistory(db, actor, {
    entityType: KASSABUCH_HISTORY_TYPE,
    entityId: input.kassabuchId,
    action: 'update',
    before: { ohneForderung: e.ohne_forderung === true || Number(e.ohne_forderung) === 1 },
    after: { ohneForderung: input.ohneForderung },
  });
  return ladeRechnungenKassabuch(db, input.kassabuchId);
}
