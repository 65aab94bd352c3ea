import type { Actor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { insertInChunks } from '../../../platform/db/insertInChunks';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { UpdateAbrechnungInput, Wasserabrechnung, WasserabrechnungStichtag } from '../schema/abrechnung';
import {
  ABRECHNUNG_HISTORY_TYPE,
  assemble,
  hauptzaehlerOf,
  hauptzaehlerRow,
  kopfOf,
  zeileOf,
  zeileRow,
} from './abrechnungRows';
import { akontoAt, type BerechneParams, berechneAbrechnung } from './wasserabrechnung';

// Stored settlements: create (ErstelleAbrechnung), list, read, correct, delete. A booked settlement
// (gebucht_am set by the payment request) is final: no correction, no deletion.

async function load(db: Db, where: { stichtag: string } | { id: number }): Promise<Wasserabrechnung | null> {
  const head = await db('wasserabrechnungen').where(where).first();
  if (!head) return null;
  const zeilen = await db('wasserabrechnung_zeilen').where({ wasserabrechnung_id: head.id }).orderBy('id');
  const hwz = await db('wasserabrechnung_hauptzaehler').where({ wasserabrechnung_id: head.id }).orderBy('id');
  return assemble(kopfOf(head), zeilen.map(zeileOf), hwz.map(hauptzaehlerOf));
}

const exists = (stichtag: string) =>
  conflict(`Zum ${formatGermanDate(stichtag)} gibt es bereits eine Wasserabrechnung.`);
const missing = (stichtag: string) => `Zum ${formatGermanDate(stichtag)} gibt es keine Wasserabrechnung.`;

/** The stored settlement at `stichtag`, or null. */
export async function getWasserabrechnung(db: Db, stichtag: string): Promise<Wasserabrechnung | null> {
  return load(db, { stichtag });
}

/** GetWasserabrechnung?id=: the stored settlement with that id; 404 when none. */
export async function getWasserabrechnungById(db: Db, id: number): Promise<Wasserabrechnung> {
  const found = await load(db, { id });
  if (!found) throw notFound('Diese Wasserabrechnung gibt es nicht (mehr).');
  return found;
}

/**
 * GetWasserabrechnungDetails: the stored settlement; with `akontoStichtag` the akonto (and so the
 * differences) taken from that akonto calculation instead, without storing it. 404 when none.
 */
export async function wasserabrechnungDetails(
  db: Db,
  stichtag: string,
  akontoStichtag?: string | null,
): Promise<Wasserabrechnung> {
  const found = await getWasserabrechnung(db, stichtag);
  if (!found) throw notFound(missing(stichtag));
  if (!akontoStichtag) return found;
  const akonto = await akontoAt(db, akontoStichtag);
  const { zeilen, hauptwasserzaehler, summen: _summen, ...kopf } = found;
  return assemble(
    { ...kopf, akontoStichtag },
    zeilen.map(({ betragCent: _b, differenzCent: _d, ...z }) => ({ ...z, akontoCent: akonto.get(z.parzelleId) ?? 0 })),
    hauptwasserzaehler,
  );
}

/** GetWasserabrechnungStichtage: newest first, with the totals the list shows. */
export async function listWasserabrechnungStichtage(db: Db): Promise<WasserabrechnungStichtag[]> {
  const sums = await db('wasserabrechnung_zeilen')
    .groupBy('wasserabrechnung_id')
    .select('wasserabrechnung_id')
    .sum({ v: 'verbrauch_cent', s: 'schwund_cent', g: 'grundgebuehr_cent', k: 'korrektur_cent', a: 'akonto_cent' });
  const byId = new Map(sums.map((r) => [Number(r.wasserabrechnung_id), r]));
  const heads = await db('wasserabrechnungen')
    .orderBy('stichtag', 'desc')
    .select('id', 'stichtag', 'von', 'gebucht_am');
  return heads.map((h) => {
    const s = byId.get(Number(h.id));
    const betragCent = s ? Number(s.v) + Number(s.s) + Number(s.g) + Number(s.k) : 0;
    return {
      id: Number(h.id),
      stichtag: String(h.stichtag).slice(0, 10),
      von: String(h.von).slice(0, 10),
      betragCent,
      differenzCent: betragCent - (s ? Number(s.a) : 0),
      gebucht: h.gebucht_am != null,
    };
  });
}

/** ErstelleAbrechnung: computes and stores the settlement; 409 when one with that stichtag exists. */
export async function erstelleAbrechnung(db: Db, actor: Actor, params: BerechneParams): Promise<Wasserabrechnung> {
  return inTransaction(db, async (trx) => {
    if (await trx('wasserabrechnungen').where({ stichtag: params.stichtag }).first('id')) {
      throw exists(params.stichtag);
    }
    const computed = await berechneAbrechnung(trx, { ...params, gruppeId: undefined });
    const now = nowDb();
    let id: number | undefined;
    try {
      [id] = await trx('wasserabrechnungen').insert({
        stichtag: computed.stichtag,
        von: computed.von,
        pachtabrechnung_id: computed.pachtabrechnungId,
        wassergrunddaten_id: computed.wassergrunddatenId,
        schwund_methode: computed.schwundMethode,
        preis_pro_m3: computed.preisProM3,
        akonto_stichtag: computed.akontoStichtag,
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      // Two clicks at once on MariaDB: the unique stichtag decides, the second gets the same 409.
      if (isUniqueViolation(err)) throw exists(params.stichtag);
      throw err;
    }
    const abrechnungId = Number(id);
    await insertInChunks(
      trx,
      'wasserabrechnung_zeilen',
      computed.zeilen.map(({ betragCent: _b, differenzCent: _d, ...z }) => zeileRow(abrechnungId, z)),
    );
    await insertInChunks(
      trx,
      'wasserabrechnung_hauptzaehler',
      computed.hauptwasserzaehler.map((h) => hauptzaehlerRow(abrechnungId, h)),
    );
    const saved = await getWasserabrechnungById(trx, abrechnungId);
    // The history keeps the head and totals; the rows are the stored settlement itself.
    await recordHistory(trx, actor, {
      entityType: ABRECHNUNG_HISTORY_TYPE,
      entityId: abrechnungId,
      action: 'create',
      after: historyView(saved),
    });
    return saved;
  });
}

/** What the history shows of a settlement: head, totals, and each plot's correction and akonto. */
function historyView(a: Wasserabrechnung) {
  const { zeilen, hauptwasserzaehler: _h, version: _v, ...kopf } = a;
  return {
    ...kopf,
    zeilen: zeilen.map((z) => ({
      parzelleNummer: z.parzelleNummer,
      betragCent: z.betragCent,
      korrekturCent: z.korrekturCent,
      korrekturGrund: z.korrekturGrund,
      akontoCent: z.akontoCent,
    })),
  };
}

function assertNotBooked(a: Wasserabrechnung, what: string): void {
  if (a.gebuchtAm) {
    throw conflict(
      `Die Wasserabrechnung zum ${formatGermanDate(a.stichtag)} ist bereits gebucht und kann nicht mehr ${what} werden.`,
    );
  }
}

/**
 * UpdateWasserabrechnung: corrections per plot (a correction other than 0 needs a reason) and,
 * when `akontoStichtag` is given, the akonto taken again from that calculation (null: none).
 */
export async function updateWasserabrechnung(
  db: Db,
  actor: Actor,
  stichtag: string,
  data: UpdateAbrechnungInput,
): Promise<Wasserabrechnung> {
  return inTransaction(db, async (trx) => {
    const current = await getWasserabrechnung(trx, stichtag);
    if (!current) throw notFound(missing(stichtag));
    assertNotBooked(current, 'geändert');
    await claimVersion(trx, {
      table: 'wasserabrechnungen',
      id: current.id,
      expected: data.version,
      entityType: ABRECHNUNG_HISTORY_TYPE,
      label: 'Die Wasserabrechnung',
    });
    const before = current;
    const plots = new Set(before.zeilen.map((z) => z.parzelleId));
    const errors: Record<string, string[]> = {};
    data.zeilen.forEach((z, i) => {
      if (!plots.has(z.parzelleId))
        errors[`zeilen.${i}.parzelleId`] = ['Diese Parzelle ist nicht in der Wasserabrechnung.'];
      if (z.korrekturCent !== 0 && !z.korrekturGrund.trim()) {
        errors[`zeilen.${i}.korrekturGrund`] = ['Bitte geben Sie einen Grund für die Korrektur an.'];
      }
    });
    if (Object.keys(errors).length) throw validationFailed(errors);
    for (const z of data.zeilen) {
      await trx('wasserabrechnung_zeilen')
        .where({ wasserabrechnung_id: before.id, parzelle_id: z.parzelleId })
        .update({ korrektur_cent: z.korrekturCent, korrektur_grund: z.korrekturGrund.trim() || null });
    }
    if (data.akontoStichtag !== undefined) {
      const akonto = await akontoAt(trx, data.akontoStichtag);
      for (const z of before.zeilen) {
        const cents = akonto.get(z.parzelleId) ?? 0;
        if (cents !== z.akontoCent) {
          await trx('wasserabrechnung_zeilen')
            .where({ wasserabrechnung_id: before.id, parzelle_id: z.parzelleId })
            .update({ akonto_cent: cents });
        }
      }
      await trx('wasserabrechnungen').where({ id: before.id }).update({ akonto_stichtag: data.akontoStichtag });
    }
    await trx('wasserabrechnungen').where({ id: before.id }).update({ updated_at: nowDb() });
    const after = await getWasserabrechnungById(trx, before.id);
    await recordHistory(trx, actor, {
      entityType: ABRECHNUNG_HISTORY_TYPE,
      entityId: before.id,
      action: 'update',
      before: withoutVersion(historyView(before)),
      after: withoutVersion(historyView(after)),
    });
    return after;
  });
}

async function deleteStored(db: Db, actor: Actor, found: Wasserabrechnung): Promise<void> {
  assertNotBooked(found, 'gelöscht');
  await db('wasserabrechnung_zeilen').where({ wasserabrechnung_id: found.id }).delete();
  await db('wasserabrechnung_hauptzaehler').where({ wasserabrechnung_id: found.id }).delete();
  await db('wasserabrechnungen').where({ id: found.id }).delete();
  await recordHistory(db, actor, {
    entityType: ABRECHNUNG_HISTORY_TYPE,
    entityId: found.id,
    action: 'delete',
    before: historyView(found),
  });
}

/** DeleteAbrechnung(wasserabrechnungsdatum): 404 when none, 409 once booked. */
export async function deleteAbrechnung(db: Db, actor: Actor, stichtag: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const found = await getWasserabrechnung(trx, stichtag);
    if (!found) throw notFound(missing(stichtag));
    await deleteStored(trx, actor, found);
  });
}

/** DeleteWasserberechnung?id= (Abrechnung controller). */
export async function deleteAbrechnungById(db: Db, actor: Actor, id: number): Promise<void> {
  await inTransaction(db, async (trx) => deleteStored(trx, actor, await getWasserabrechnungById(trx, id)));
}

/**
 * Marks a settlement billed (gebucht_am) inside the caller's transaction: by the Zahlungsvorschreibung
 * (its differences on the letters) or by the Wasserrechnung run. From then on it can be neither
 * corrected nor deleted. 409 when it is billed already (it must not be billed twice).
 */
export async function markiereGebucht(db: Db, id: number, actor?: Actor): Promise<void> {
  const found = await load(db, { id });
  if (!found) throw notFound('Diese Wasserabrechnung gibt es nicht (mehr).');
  assertNotBooked(found, 'verrechnet');
  const gebuchtAm = nowDb();
  const n = await db('wasserabrechnungen').where({ id }).whereNull('gebucht_am').update({ gebucht_am: gebuchtAm });
  if (n !== 1) assertNotBooked({ ...found, gebuchtAm }, 'verrechnet');
  if (actor)
    await recordHistory(db, actor, {
      entityType: ABRECHNUNG_HISTORY_TYPE,
      entityId: id,
      action: 'update',
      before: { gebuchtAm: null },
      after: { gebuchtAm },
    });
}
