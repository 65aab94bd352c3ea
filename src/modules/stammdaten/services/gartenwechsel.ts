import { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import { dateOf, dayBefore, formatGermanDate, periodContains, todayIso } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { GartenwechselErgebnis, GartenwechselInfo } from '../schema/parzellen';
import { recordOnAdresse } from './adresseHistory';
import { pachtverhaeltnisseOn } from './pachtverhaeltnisse';
import { adresseName, gartenhistorie, getParzelle, PARZELLE_HISTORY_TYPE } from './parzellen';

// Gartenwechsel: a plot passes to a new usage-right holder. The running lease ends the day before
// the change date and the new one starts on it; both and the history entry in one transaction
// (the route runs it in one), so a failure leaves the old holder in place.

export type { GartenwechselInfo };

/** A plot the address holds today and since when (joined, so parsed: ADR 0005). */
const gehaltenRow = z.object({ id: z.coerce.number(), nummer: z.string(), von: z.string() });

/** An address with the plots it holds today, as the Gartenwechsel screen starts from it. */
export async function gartenwechselInfo(db: Db, adresseId: number): Promise<GartenwechselInfo> {
  const a = await db('adressen').where({ id: adresseId }).first('id', 'anrede', 'titel', 'vorname', 'nachname');
  if (!a) throw notFound('Die Adresse wurde nicht gefunden.');
  const today = todayIso();
  const rows = z
    .array(gehaltenRow)
    .parse(
      await pachtverhaeltnisseOn(db, today)
        .join('parzellen as p', 'p.id', 'pv.parzelle_id')
        .where('pv.adresse_id', adresseId)
        .select('p.id', 'p.nummer', 'pv.von')
        .orderBy('pv.von', 'asc'),
    );
  return {
    adresse: {
      id: Number(a.id),
      anrede: a.anrede,
      titel: a.titel,
      vorname: a.vorname,
      nachname: a.nachname,
      name: adresseName(a),
    },
    parzellen: rows.map((r) => ({ id: Number(r.id), nummer: r.nummer, von: dateOf(r.von) })),
  };
}

/** A lease of the plot with its holder's name (joined, so parsed). */
const pachtverhaeltnisNameRow = z.object({
  id: z.coerce.number(),
  adresse_id: z.coerce.number(),
  von: z.string(),
  bis: z.string().nullable(),
  nachname: z.string(),
  vorname: z.string(),
  titel: z.string(),
});
type PachtverhaeltnisNameRow = z.infer<typeof pachtverhaeltnisNameRow>;

const nutzungsberechtigterOf = (l: PachtverhaeltnisNameRow | undefined, bis?: string | null) =>
  l
    ? {
        adresseId: Number(l.adresse_id),
        name: adresseName(l),
        von: dateOf(l.von),
        bis: bis !== undefined ? bis : dateOf(l.bis),
      }
    : null;

/** Passes a plot to `neueAdresseId` from `datum`, in one transaction (the caller's, when it passes one). */
export async function executeGartenwechsel(
  db: Db,
  actor: Actor,
  input: { parzelleId: number; neueAdresseId: number; datum: string },
): Promise<GartenwechselErgebnis> {
  return inTransaction(db, (trx) => executeGartenwechselInTransaction(trx, actor, input));
}

async function executeGartenwechselInTransaction(
  db: Db,
  actor: Actor,
  input: { parzelleId: number; neueAdresseId: number; datum: string },
): Promise<GartenwechselErgebnis> {
  const { parzelleId, neueAdresseId, datum } = input;
  const errors: Record<string, string[]> = {};
  // Locked (FOR UPDATE on MySQL): a second change of the same plot waits and then sees this lease.
  const plot = await db('parzellen').where({ id: parzelleId }).forUpdate().first('id', 'nummer');
  if (!plot) errors.parzelleId = ['Diese Parzelle gibt es nicht.'];
  const neu = await db('adressen').where({ id: neueAdresseId }).first('id', 'nachname', 'vorname', 'titel');
  if (!neu) errors.neueAdresseId = ['Diese Adresse gibt es nicht.'];
  if (Object.keys(errors).length) throw validationFailed(errors);

  const leases = z.array(pachtverhaeltnisNameRow).parse(
    await db('pachtverhaeltnisse as pv')
      .join('adressen as a', 'a.id', 'pv.adresse_id')
      .where('pv.parzelle_id', parzelleId)
      .select('pv.id', 'pv.adresse_id', 'pv.von', 'pv.bis', 'a.nachname', 'a.vorname', 'a.titel')
      .orderBy([
        { column: 'pv.von', order: 'desc' },
        { column: 'pv.id', order: 'desc' },
      ]),
  );
  // The lease that runs on the change date: it ends the day before.
  const current = leases.find((l) => periodContains({ von: dateOf(l.von), bis: dateOf(l.bis) }, datum));
  if (current) {
    if (Number(current.adresse_id) === neueAdresseId) {
      throw validationFailed({
        neueAdresseId: [`${adresseName(current)} ist bereits Nutzungsberechtigte(r) von Parzelle ${plot!.nummer}.`],
      });
    }
    if (datum <= dateOf(current.von)) {
      throw validationFailed({
        datum: [
          `Der Wechsel muss nach dem Beginn des laufenden Pachtverhältnisses (${adresseName(current)} seit ${formatGermanDate(dateOf(current.von))}) liegen.`,
        ],
      });
    }
  }
  // A lease that starts after the change date blocks it: the change would overlap it.
  const later = leases.find((l) => l !== current && dateOf(l.von) > datum);
  if (later) {
    throw validationFailed({
      datum: [
        `Für Parzelle ${plot!.nummer} ist ab ${formatGermanDate(dateOf(later.von))} bereits ${adresseName(later)} eingetragen. Der Wechsel muss danach liegen.`,
      ],
    });
  }

  const ende = dayBefore(datum);
  const before = { nutzungsberechtigter: nutzungsberechtigterOf(current) };
  if (current) await db('pachtverhaeltnisse').where({ id: current.id }).update({ bis: ende });
  await db('pachtverhaeltnisse').insert({
    parzelle_id: parzelleId,
    adresse_id: neueAdresseId,
    von: datum,
    bis: null,
    created_at: nowDb(),
  });
  await recordHistory(db, actor, {
    entityType: PARZELLE_HISTORY_TYPE,
    entityId: parzelleId,
    action: 'gartenwechsel',
    before,
    after: {
      nutzungsberechtigter: { adresseId: neueAdresseId, name: adresseName(neu!), von: datum, bis: null },
      vorheriger: nutzungsberechtigterOf(current, ende),
    },
  });
  const nummer = plot!.nummer;
  if (current) {
    await recordOnAdresse(db, actor, Number(current.adresse_id), {
      action: 'gartenwechsel',
      field: 'parzelle',
      before: `${nummer}, seit ${formatGermanDate(dateOf(current.von))}`,
      after: `${nummer} bis ${formatGermanDate(ende)}, danach ${adresseName(neu!)}`,
    });
  }
  await recordOnAdresse(db, actor, neueAdresseId, {
    action: 'gartenwechsel',
    field: 'parzelle',
    before: null,
    after: `${nummer} ab ${formatGermanDate(datum)}${current ? `, vorher ${adresseName(current)}` : ''}`,
  });
  return { parzelle: await getParzelle(db, parzelleId), historie: await gartenhistorie(db, parzelleId) };
}
