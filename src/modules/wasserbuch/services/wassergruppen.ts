import type { Actor } from '../../../platform/auth/principal';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { notFound, validationFailed } from '../../../platform/errors';
import type { Wassergruppe, WassergruppeInput } from '../schema/grunddaten';
import { findWassergrunddaten, GRUNDDATEN_NOT_FOUND, getWassergrunddaten, grunddatenHistory } from './wassergrunddaten';

// The water groups' own prices of a year: part of the Wassergrunddaten record (its history and
// version), one price per Stammdaten Gruppe and year.

/** GetWasserabrechnungenGruppen: the group prices of one Wassergrunddaten record. */
export async function listWassergruppen(db: Db, wassergrunddatenId: number): Promise<Wassergruppe[]> {
  return (await getWassergrunddaten(db, wassergrunddatenId)).gruppen;
}

/** UpdateWasserabrechnungGruppe: one price per group and year (422 on gruppeId). */
export async function saveWassergruppe(db: Db, actor: Actor, data: WassergruppeInput): Promise<Wassergruppe> {
  return inTransaction(db, async (trx) => {
    const before = await findWassergrunddaten(trx, data.wasserberechnungID);
    if (!before) throw validationFailed({ wasserberechnungID: [GRUNDDATEN_NOT_FOUND] });
    const gruppe = await trx('gruppen').where({ id: data.gruppeId }).first('id', 'name');
    if (!gruppe) throw validationFailed({ gruppeId: ['Diese Gruppe gibt es nicht.'] });
    const clash = before.gruppen.find((g) => g.gruppeId === data.gruppeId && g.id !== data.id);
    const taken = `Die Gruppe „${gruppe.name}“ hat ${before.jahr} bereits einen eigenen Preis.`;
    if (clash) throw validationFailed({ gruppeId: [taken] });
    const now = nowDb();
    const values = { gruppe_id: data.gruppeId, preis_pro_m3: data.preisProM3, updated_at: now };
    let id = data.id;
    try {
      if (id) {
        const n = await trx('wassergrunddaten_gruppen').where({ id, wassergrunddaten_id: before.id }).update(values);
        if (!n) throw notFound('Diesen Gruppenpreis gibt es nicht (mehr).');
      } else {
        id = Number(
          (
            await trx('wassergrunddaten_gruppen').insert({ ...values, wassergrunddaten_id: before.id, created_at: now })
          )[0],
        );
      }
    } catch (err) {
      if (isUniqueViolation(err)) throw validationFailed({ gruppeId: [taken] });
      throw err;
    }
    await trx('wassergrunddaten').where({ id: before.id }).increment('version', 1);
    const after = await getWassergrunddaten(trx, before.id);
    await grunddatenHistory(trx, actor, before.id, 'update', before, after);
    const saved = after.gruppen.find((g) => g.id === id);
    if (!saved) throw new Error('Gruppenpreis fehlt nach dem Speichern.');
    return saved;
  });
}

/** DeleteWasserberechnungGruppe: 204; 404 when unknown. */
export async function deleteWassergruppe(db: Db, actor: Actor, id: number, wassergrunddatenId?: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx('wassergrunddaten_gruppen').where({ id }).first();
    if (!row || (wassergrunddatenId && Number(row.wassergrunddaten_id) !== wassergrunddatenId)) {
      throw notFound('Diesen Gruppenpreis gibt es nicht (mehr).');
    }
    const before = await getWassergrunddaten(trx, Number(row.wassergrunddaten_id));
    await trx('wassergrunddaten_gruppen').where({ id }).delete();
    await trx('wassergrunddaten').where({ id: before.id }).increment('version', 1);
    const after = await getWassergrunddaten(trx, before.id);
    await grunddatenHistory(trx, actor, before.id, 'update', before, after);
  });
}
