import type { Actor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { nutzungsberechtigteOn } from '../../stammdaten/services';
import type { AkontoBerechnung, AkontoInput, AkontoStichtag } from '../schema/abrechnung';
import { fromLiter } from './readingRows';
import { akontoBerechnung } from './settlementMath';
import { grunddatenFuerJahr } from './wassergrunddaten';

// The akonto per plot at a stichtag (what the next payment request charges): proposed from the
// charged volume of the newest settlement up to that day × the year's price (group price where one
// applies), rounded up to whole euros, not below the minimum; stored when the Kassier saves it.

export const AKONTO_HISTORY_TYPE = 'Wasserakonto';

/** GetWasserAkontoBerechnung: every active plot with a meter, and every plot stored for that day. */
export async function getAkontoBerechnung(db: Db, stichtag: string): Promise<AkontoBerechnung> {
  const jahr = Number(stichtag.slice(0, 4));
  const grunddaten = await grunddatenFuerJahr(db, jahr);
  if (!grunddaten) throw validationFailed({ stichtag: [`Für ${jahr} sind keine Wassergrunddaten angelegt.`] });

  const stored = new Map(
    (await db('wasserakonto').where({ stichtag }).select('parzelle_id', 'akonto_cent')).map((r) => [
      Number(r.parzelle_id),
      Number(r.akonto_cent),
    ]),
  );
  const plots = (await db('parzellen').select('id', 'nummer', 'gruppe_id', 'aktiv', 'wasserzaehler_nummer')).filter(
    (p) => (Boolean(p.aktiv) && Boolean(p.wasserzaehler_nummer)) || stored.has(Number(p.id)),
  );

  const last = await db('wasserabrechnungen')
    .where('stichtag', '<=', stichtag)
    .orderBy('stichtag', 'desc')
    .first('id', 'stichtag');
  const charged = new Map<number, string>();
  if (last) {
    const rows = await db('wasserabrechnung_zeilen')
      .where({ wasserabrechnung_id: last.id })
      .select('parzelle_id', 'verbrauch_liter', 'schwund_liter');
    for (const r of rows)
      charged.set(Number(r.parzelle_id), fromLiter(Number(r.verbrauch_liter) + Number(r.schwund_liter)));
  }
  const groupPrice = new Map(grunddaten.gruppen.map((g) => [g.gruppeId, g.preisProM3]));
  const rows = akontoBerechnung(
    plots.map((p) => ({
      parzelleId: Number(p.id),
      parzelleNummer: p.nummer,
      verbrauch: charged.get(Number(p.id)) ?? null,
      preisProM3: (p.gruppe_id == null ? undefined : groupPrice.get(Number(p.gruppe_id))) ?? grunddaten.preisProM3,
      akontoCent: stored.get(Number(p.id)) ?? null,
    })),
    grunddaten.akontoMindestCent,
  );
  const holders = await nutzungsberechtigteOn(db, stichtag);
  return {
    stichtag,
    gespeichert: stored.size > 0,
    abrechnungStichtag: last ? String(last.stichtag).slice(0, 10) : null,
    zeilen: rows.map((r) => ({
      parzelleId: r.parzelleId,
      parzelleNummer: r.parzelleNummer,
      adresseName: holders.get(r.parzelleId)?.name ?? '',
      verbrauch: r.verbrauch,
      vorschlagCent: r.vorschlagCent,
      akontoCent: r.akontoCent,
    })),
  };
}

async function storedRows(db: Db, stichtag: string) {
  return (
    await db('wasserakonto as w')
      .join('parzellen as p', 'p.id', 'w.parzelle_id')
      .where('w.stichtag', stichtag)
      .orderBy('w.id')
      .select('w.parzelle_id', 'p.nummer', 'w.akonto_cent')
  ).map((r) => ({
    parzelleId: Number(r.parzelle_id),
    parzelleNummer: String(r.nummer),
    akontoCent: Number(r.akonto_cent),
  }));
}

/** UpdateWasserakontoberechnung: replaces the rows of that stichtag, in one transaction, with history. */
export async function saveAkonto(db: Db, actor: Actor, data: AkontoInput): Promise<AkontoBerechnung> {
  return inTransaction(db, async (trx) => {
    const errors: Record<string, string[]> = {};
    const ids = data.zeilen.map((z) => z.parzelleId);
    const known = new Set((await trx('parzellen').whereIn('id', ids).select('id')).map((r) => Number(r.id)));
    const seen = new Set<number>();
    data.zeilen.forEach((z, i) => {
      if (!known.has(z.parzelleId)) errors[`zeilen.${i}.parzelleId`] = ['Diese Parzelle gibt es nicht.'];
      else if (seen.has(z.parzelleId))
        errors[`zeilen.${i}.parzelleId`] = ['Diese Parzelle steht zweimal in der Liste.'];
      seen.add(z.parzelleId);
    });
    if (Object.keys(errors).length) throw validationFailed(errors);
    const before = await storedRows(trx, data.stichtag);
    await trx('wasserakonto').where({ stichtag: data.stichtag }).delete();
    const now = nowDb();
    const rows = data.zeilen.map((z) => ({
      stichtag: data.stichtag,
      parzelle_id: z.parzelleId,
      akonto_cent: z.akontoCent,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) await trx('wasserakonto').insert(rows.slice(i, i + 200));
    await recordHistory(trx, actor, {
      entityType: AKONTO_HISTORY_TYPE,
      entityId: data.stichtag,
      action: before.length ? 'update' : 'create',
      before: before.length ? before : undefined,
      after: await storedRows(trx, data.stichtag),
    });
    return getAkontoBerechnung(trx, data.stichtag);
  });
}

/** GetWasserakontoberechnungStichtage: newest first. */
export async function listAkontoStichtage(db: Db): Promise<AkontoStichtag[]> {
  const rows = await db('wasserakonto')
    .groupBy('stichtag')
    .orderBy('stichtag', 'desc')
    .select('stichtag')
    .count({ anzahl: '*' })
    .sum({ summe: 'akonto_cent' });
  return rows.map((r) => ({
    stichtag: String(r.stichtag).slice(0, 10),
    anzahl: Number(r.anzahl),
    summeCent: Number(r.summe ?? 0),
  }));
}

/** DeleteWasserakontoberechnung: 404 when none; 409 when a stored settlement used it. */
export async function deleteAkonto(db: Db, actor: Actor, stichtag: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await storedRows(trx, stichtag);
    if (!before.length) throw notFound(`Zum ${formatGermanDate(stichtag)} gibt es keine Akontoberechnung.`);
    const used = await trx('wasserabrechnungen').where({ akonto_stichtag: stichtag }).first('stichtag');
    if (used) {
      throw conflict(
        `Die Wasserabrechnung zum ${formatGermanDate(String(used.stichtag).slice(0, 10))} verwendet die Akontoberechnung vom ${formatGermanDate(stichtag)}.`,
      );
    }
    await trx('wasserakonto').where({ stichtag }).delete();
    await recordHistory(trx, actor, { entityType: AKONTO_HISTORY_TYPE, entityId: stichtag, action: 'delete', before });
  });
}
