import type { Actor } from '../../../platform/auth/principal';
import { addMonths, dateOf, formatGermanDate } from '../../../platform/dates';
import { type Db, nowDb } from '../../../platform/db/db';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { formatEuro, splitLargestRemainder } from '../../../platform/money';
import type { RateInput } from '../schema/raten';
import type { RechnungRow } from '../tables';
import { RECHNUNG_HISTORY } from './mahnungen';

// Instalments (Ratenvereinbarung): the board agrees with a member to pay a receivable in parts. The
// instalments add up to the receivable's amount to the cent, so "what is due" is always exact; the
// reminder run then reminds only instalments due and unpaid (rechnungStand.ueberfaelligCent).

const euro = (cent: number) => formatEuro(cent, { nbsp: false });

async function rechnungGesperrt(db: Db, rechnungId: number): Promise<RechnungRow> {
  const r = (await db('rechnungen').where({ id: rechnungId }).forUpdate().first()) as RechnungRow | undefined;
  if (!r) throw notFound('Diese Rechnung gibt es nicht.');
  return r;
}

async function ratenVon(db: Db, rechnungId: number) {
  return (await db('rechnung_raten').where({ rechnung_id: rechnungId }).orderBy('nummer')).map((r) => ({
    faelligAm: dateOf(r.faellig_am),
    betragCent: Number(r.betrag_cent),
  }));
}

/**
 * POST UpdateRaten: replaces the receivable's instalments (empty: none). They must add up to its
 * amount, have amounts > 0 and due dates in ascending order, none before the receivable's date;
 * otherwise 422 per field and nothing is written. History on the receivable.
 */
export async function speichereRaten(db: Db, actor: Actor, rechnungId: number, raten: RateInput[]): Promise<void> {
  const r = await rechnungGesperrt(db, rechnungId);
  const betrag = Number(r.betrag_cent);
  const datum = dateOf(r.datum);
  const errors: Record<string, string[]> = {};
  const add = (feld: string, msg: string) => {
    errors[feld] = [...(errors[feld] ?? []), msg];
  };
  if (raten.length && betrag <= 0)
    add('raten', 'Eine Gutschrift oder eine Rechnung ohne Betrag wird nicht in Raten bezahlt.');
  raten.forEach((rate, i) => {
    if (rate.betragCent <= 0) add(`raten.${i}.betragCent`, 'Eine Rate muss größer als 0 sein.');
    if (rate.faelligAm < datum)
      add(
        `raten.${i}.faelligAm`,
        `Eine Rate kann nicht vor dem Rechnungsdatum ${formatGermanDate(datum)} fällig sein.`,
      );
    const vorige = raten[i - 1];
    if (vorige && rate.faelligAm <= vorige.faelligAm)
      add(
        `raten.${i}.faelligAm`,
        'Die Raten müssen nach dem Fälligkeitsdatum aufsteigend sortiert sein, jede an einem anderen Tag.',
      );
  });
  const summe = raten.reduce((s, rate) => s + rate.betragCent, 0);
  if (raten.length && betrag > 0 && summe !== betrag)
    add(
      'raten',
      `Die Raten ergeben ${euro(summe)}, die Rechnung beträgt ${euro(betrag)}: Sie müssen genau den Rechnungsbetrag ergeben.`,
    );
  if (Object.keys(errors).length) throw validationFailed(errors, 'Die Raten sind nicht gültig.');
  const vorher = await ratenVon(db, rechnungId);
  await db('rechnung_raten').where({ rechnung_id: rechnungId }).delete();
  if (raten.length)
    await db('rechnung_raten').insert(
      raten.map((rate, i) => ({
        rechnung_id: rechnungId,
        nummer: i + 1,
        faellig_am: rate.faelligAm,
        betrag_cent: rate.betragCent,
      })),
    );
  await db('rechnungen')
    .where({ id: rechnungId })
    .update({ version: Number(r.version) + 1, updated_at: nowDb() });
  await recordHistory(db, actor, {
    entityType: RECHNUNG_HISTORY,
    entityId: rechnungId,
    action: 'raten',
    before: { raten: vorher },
    after: { raten },
  });
}

/**
 * GET RatenVorschlag: `anzahl` monthly instalments from `ersteFaelligkeit` for the receivable's whole
 * amount (instalments always add up to the amount; what is already paid settles the first ones),
 * split evenly, the cents left over on the first instalments.
 */
export async function ratenVorschlag(
  db: Db,
  rechnungId: number,
  anzahl: number,
  ersteFaelligkeit: string,
): Promise<{ faelligAm: string; betragCent: number }[]> {
  const r = (await db('rechnungen').where({ id: rechnungId }).first()) as RechnungRow | undefined;
  if (!r) throw notFound('Diese Rechnung gibt es nicht.');
  const betrag = Number(r.betrag_cent);
  if (betrag <= 0)
    throw validationFailed(
      { rechnungId: ['Eine Gutschrift oder eine Rechnung ohne Betrag wird nicht in Raten bezahlt.'] },
      'Kein Ratenvorschlag möglich.',
    );
  const teile = splitLargestRemainder(
    betrag,
    Array.from({ length: anzahl }, () => 1),
  );
  return teile.map((betragCent, i) => ({ faelligAm: addMonths(ersteFaelligkeit, i), betragCent }));
}
