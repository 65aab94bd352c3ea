import type { Actor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { fixed, toBig } from '../../../platform/money';
import { findYear, listPachtabrechnungen, resolveYear } from '../../abrechnung/services';
import { readSection } from '../../vereinseinstellungen/services';
import type {
  SchwundMethode,
  Wassergrunddaten,
  WassergrunddatenId,
  WassergrunddatenInput,
  Wassergruppe,
} from '../schema/grunddaten';
import type { WassergrunddatenRow } from '../tables';

// The water basis data of a billing year (one per Pachtabrechnung) and the water groups' own
// prices. A new year copies the latest earlier year; the very first starts from the settings'
// optionenWasser, which stay the defaults.

export const GRUNDDATEN_HISTORY_TYPE = 'Wassergrunddaten';
export const GRUNDDATEN_NOT_FOUND = 'Diese Wassergrunddaten gibt es nicht (mehr).';

/** Stored rates as answered: the price with at least 2 decimals ("2" → "2.00"), the others as typed. */
const price = (s: string) => {
  const places = Math.max(2, (s.split('.')[1] ?? '').length);
  return fixed(toBig(s), places);
};

async function jahre(db: Db): Promise<Map<number, number>> {
  return new Map((await listPachtabrechnungen(db)).map((p) => [p.id, p.jahr]));
}

/** The group prices of the given Wassergrunddaten, by their id, ordered by group name. */
async function gruppenOf(db: Db, ids: number[]): Promise<Map<number, Wassergruppe[]>> {
  const out = new Map<number, Wassergruppe[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const counts = db('parzellen').whereNotNull('gruppe_id').groupBy('gruppe_id').select('gruppe_id').count({ n: '*' });
  const rows = await db('wassergrunddaten_gruppen as wg')
    .join('gruppen as g', 'g.id', 'wg.gruppe_id')
    .leftJoin(counts.as('c'), 'c.gruppe_id', 'wg.gruppe_id')
    .whereIn('wg.wassergrunddaten_id', ids)
    .orderBy([{ column: 'g.name' }, { column: 'wg.id' }])
    .select('wg.id', 'wg.wassergrunddaten_id', 'wg.gruppe_id', 'wg.preis_pro_m3', 'g.name', 'c.n');
  for (const r of rows) {
    out.get(Number(r.wassergrunddaten_id))?.push({
      id: Number(r.id),
      gruppeId: Number(r.gruppe_id),
      gruppeName: String(r.name),
      preisProM3: price(String(r.preis_pro_m3)),
      anzahlParzellen: Number(r.n ?? 0),
    });
  }
  return out;
}

function presentRow(r: WassergrunddatenRow, jahr: number, gruppen: Wassergruppe[]): Wassergrunddaten {
  return {
    id: Number(r.id),
    version: Number(r.version),
    pachtabrechnungId: Number(r.pachtabrechnung_id),
    jahr,
    preisProM3: price(r.preis_pro_m3),
    grundgebuehrCent: Number(r.grundgebuehr_cent),
    schwundMethode: r.schwund_methode as SchwundMethode,
    akontoMindestCent: Number(r.akonto_mindest_cent),
    verbrauchsfaktorWarnung: r.verbrauchsfaktor_warnung,
    schwundWarnungProzent: r.schwund_warnung_prozent,
    gruppen,
  };
}

async function presentAll(db: Db, rows: WassergrunddatenRow[]): Promise<Wassergrunddaten[]> {
  const years = await jahre(db);
  const gruppen = await gruppenOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows
    .map((r) => presentRow(r, years.get(Number(r.pachtabrechnung_id)) ?? 0, gruppen.get(Number(r.id)) ?? []))
    .sort((a, b) => b.jahr - a.jahr);
}

/** GetWassergrunddaten: all years, newest first. */
export async function listWassergrunddaten(db: Db): Promise<Wassergrunddaten[]> {
  return presentAll(db, await db('wassergrunddaten').select());
}

/** GetAllWassergrunddatenIDs. */
export async function wassergrunddatenIds(db: Db): Promise<WassergrunddatenId[]> {
  return (await listWassergrunddaten(db)).map(({ id, pachtabrechnungId, jahr }) => ({ id, pachtabrechnungId, jahr }));
}

export async function findWassergrunddaten(db: Db, id: number): Promise<Wassergrunddaten | undefined> {
  const row = await db('wassergrunddaten').where({ id }).first();
  return row ? (await presentAll(db, [row]))[0] : undefined;
}

/** GetWassergrunddata: one record; 404 German. */
export async function getWassergrunddaten(db: Db, id: number): Promise<Wassergrunddaten> {
  const found = await findWassergrunddaten(db, id);
  if (!found) throw notFound(GRUNDDATEN_NOT_FOUND);
  return found;
}

/** The Wassergrunddaten of the billing year `jahr`, null when that year has none (or no Pachtabrechnung). */
export async function grunddatenFuerJahr(db: Db, jahr: number): Promise<Wassergrunddaten | null> {
  const year = (await listPachtabrechnungen(db)).find((p) => p.jahr === jahr);
  if (!year) return null;
  const row = await db('wassergrunddaten').where({ pachtabrechnung_id: year.id }).first();
  return row ? ((await presentAll(db, [row]))[0] ?? null) : null;
}

export async function grunddatenHistory(
  db: Db,
  actor: Actor,
  id: number,
  action: string,
  before?: Wassergrunddaten,
  after?: Wassergrunddaten,
) {
  await recordHistory(db, actor, {
    entityType: GRUNDDATEN_HISTORY_TYPE,
    entityId: id,
    action,
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
}

/**
 * GetNewWassergrunddaten: creates the year's record (the newest Pachtabrechnung when none is named)
 * as a copy of the latest earlier year's, group prices included, else from optionenWasser with
 * price 0.00 and Grundgebühr 0 to be filled in; 409 when the year already has one.
 */
export async function newWassergrunddaten(db: Db, actor: Actor, pachtabrechnungId?: number): Promise<Wassergrunddaten> {
  return inTransaction(db, async (trx) => {
    const year = await resolveYear(trx, pachtabrechnungId);
    if (await trx('wassergrunddaten').where({ pachtabrechnung_id: year.id }).first('id')) {
      throw conflict(`Für ${year.jahr} sind bereits Wassergrunddaten angelegt.`);
    }
    const earlier = (await listWassergrunddaten(trx)).find((w) => w.jahr < year.jahr);
    const now = nowDb();
    let values: Omit<WassergrunddatenRow, 'id' | 'version' | 'created_at' | 'updated_at'>;
    if (earlier) {
      values = {
        pachtabrechnung_id: year.id,
        preis_pro_m3: earlier.preisProM3,
        grundgebuehr_cent: earlier.grundgebuehrCent,
        schwund_methode: earlier.schwundMethode,
        akonto_mindest_cent: earlier.akontoMindestCent,
        verbrauchsfaktor_warnung: earlier.verbrauchsfaktorWarnung,
        schwund_warnung_prozent: earlier.schwundWarnungProzent,
      };
    } else {
      const o = await readSection(trx, 'optionenWasser');
      values = {
        pachtabrechnung_id: year.id,
        preis_pro_m3: '0.00',
        grundgebuehr_cent: 0,
        schwund_methode: o.schwundMethode,
        akonto_mindest_cent: o.akontoMindestCent,
        verbrauchsfaktor_warnung: o.verbrauchsWarnFaktor,
        schwund_warnung_prozent: o.schwundWarnProzent,
      };
    }
    let id: number;
    try {
      id = Number((await trx('wassergrunddaten').insert({ ...values, created_at: now, updated_at: now }))[0]);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`Für ${year.jahr} sind bereits Wassergrunddaten angelegt.`);
      throw err;
    }
    for (const g of earlier?.gruppen ?? []) {
      await trx('wassergrunddaten_gruppen').insert({
        wassergrunddaten_id: id,
        gruppe_id: g.gruppeId,
        preis_pro_m3: g.preisProM3,
        created_at: now,
        updated_at: now,
      });
    }
    const after = await getWassergrunddaten(trx, id);
    await grunddatenHistory(trx, actor, id, 'create', undefined, after);
    return after;
  });
}

/** UpdateWassergrunddaten: creates (id 0) or updates; one per year (422 on pachtabrechnungId). */
export async function saveWassergrunddaten(
  db: Db,
  actor: Actor,
  data: WassergrunddatenInput,
): Promise<Wassergrunddaten> {
  return inTransaction(db, async (trx) => {
    if (data.id) {
      await claimVersion(trx, {
        table: 'wassergrunddaten',
        id: data.id,
        expected: data.version,
        entityType: GRUNDDATEN_HISTORY_TYPE,
        label: 'Die Wassergrunddaten',
        notFound: GRUNDDATEN_NOT_FOUND,
      });
    }
    const before = data.id ? await getWassergrunddaten(trx, data.id) : undefined;
    const year = await findYear(trx, data.pachtabrechnungId);
    if (!year) throw validationFailed({ pachtabrechnungId: ['Dieses Abrechnungsjahr gibt es nicht.'] });
    const taken = `Für ${year.jahr} sind bereits Wassergrunddaten angelegt.`;
    const clash = await trx('wassergrunddaten')
      .where({ pachtabrechnung_id: year.id })
      .whereNot('id', data.id)
      .first('id');
    if (clash) throw validationFailed({ pachtabrechnungId: [taken] });
    const values = {
      pachtabrechnung_id: year.id,
      preis_pro_m3: data.preisProM3,
      grundgebuehr_cent: data.grundgebuehrCent,
      schwund_methode: data.schwundMethode,
      akonto_mindest_cent: data.akontoMindestCent,
      verbrauchsfaktor_warnung: data.verbrauchsfaktorWarnung,
      schwund_warnung_prozent: data.schwundWarnungProzent,
      updated_at: nowDb(),
    };
    let id = data.id;
    try {
      if (before) await trx('wassergrunddaten').where({ id }).update(values);
      else id = Number((await trx('wassergrunddaten').insert({ ...values, created_at: values.updated_at }))[0]);
    } catch (err) {
      if (isUniqueViolation(err)) throw validationFailed({ pachtabrechnungId: [taken] });
      throw err;
    }
    const after = await getWassergrunddaten(trx, id);
    await grunddatenHistory(trx, actor, id, before ? 'update' : 'create', before, after);
    return after;
  });
}

/** DeleteWassergrunddaten: 409 when a stored settlement used them. */
export async function deleteWassergrunddaten(db: Db, actor: Actor, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await getWassergrunddaten(trx, id);
    const used = await trx('wasserabrechnungen').where({ wassergrunddaten_id: id }).first('stichtag');
    if (used) {
      throw conflict(
        `Die Wassergrunddaten ${before.jahr} werden von der Wasserabrechnung zum ${formatGermanDate(String(used.stichtag).slice(0, 10))} verwendet.`,
      );
    }
    await trx('wassergrunddaten_gruppen').where({ wassergrunddaten_id: id }).delete();
    await trx('wassergrunddaten').where({ id }).delete();
    await grunddatenHistory(trx, actor, id, 'delete', before);
  });
}
