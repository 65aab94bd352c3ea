import { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import { type Db, inTransaction } from '../../../platform/db/db';
import { withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { AppServices } from '../../../platform/services';
import { ADRESSE_HISTORY_TYPE } from './adresseHistory';
import { ADRESSE_FILE_OWNER, ADRESSEN_TABLE, getAdresse } from './adressen';
import { listWeiterePersonen } from './weiterePersonen';

const list = (items: string[]) => [...new Set(items)].join(', ');
/** The plot or space numbers, the function names an address is still used by (joined reads). */
const nummerRows = z.array(z.object({ nummer: z.string() }));
const nameRows = z.array(z.object({ name: z.string() }));

/** Deletes an address nothing refers to, with its further persons and files. */
export async function deleteAdresse(services: AppServices, db: Db, actor: Actor, id: number): Promise<void> {
  return inTransaction(db, (trx) => deleteAdresseInTransaction(services, trx, actor, id));
}

async function deleteAdresseInTransaction(services: AppServices, db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getAdresse(db, id);
  const leases = nummerRows.parse(
    await db('pachtverhaeltnisse as p')
      .join('parzellen as z', 'z.id', 'p.parzelle_id')
      .where('p.adresse_id', id)
      .orderBy('p.von')
      .select('z.nummer'),
  );
  const parking = nummerRows.parse(
    await db('abstellplatz_zuordnungen as a')
      .join('abstellplaetze as s', 's.id', 'a.abstellplatz_id')
      .where('a.adresse_id', id)
      .orderBy('a.von')
      .select('s.nummer'),
  );
  const functions = nameRows.parse(
    await db('funktionaere as f')
      .join('funktionen as n', 'n.id', 'f.funktion_id')
      .where('f.adresse_id', id)
      .orderBy('f.von')
      .select('n.name'),
  );
  const reasons: string[] = [];
  if (leases.length) {
    const nummern = list(leases.map((l) => l.nummer));
    reasons.push(`${leases.length === 1 ? 'ein Pachtverhältnis' : 'Pachtverhältnisse'} (Parzelle ${nummern})`);
  }
  if (parking.length) reasons.push(`Abstellplatz-Zuordnungen (Abstellplatz ${list(parking.map((p) => p.nummer))})`);
  if (functions.length) reasons.push(`Funktionen im Verein (${list(functions.map((f) => f.name))})`);
  if (reasons.length) {
    throw conflict(
      `Die Adresse „${before.name}“ kann nicht gelöscht werden, weil noch etwas auf sie verweist: ${reasons.join(', ')}. Tragen Sie stattdessen ein Austrittsdatum ein.`,
      undefined,
      'still_referenced',
    );
  }
  const personen = await listWeiterePersonen(db, id);
  for (const person of personen) {
    await db('weitere_personen').where({ id: person.id }).delete();
    await recordHistory(db, actor, {
      entityType: 'WeiterePerson',
      entityId: person.id,
      action: 'delete',
      before: withoutVersion(person),
    });
  }
  const files = await services.files.listByOwner(db, ADRESSE_FILE_OWNER, id);
  for (const file of files) await services.files.remove(db, file.id);
  await db(ADRESSEN_TABLE).where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: ADRESSE_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: { ...withoutVersion(before), dateien: files.map((f) => ({ fileId: f.id, name: f.name })) },
  });
}
