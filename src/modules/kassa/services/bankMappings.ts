import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { type BankMapping, bankCsvMappingSchema, type UpdateBankMappingData } from '../schema/bankimport';
import type { BankMappingRow } from '../tables';
import { type BankCsvMapping, ELBA_CSV, GEORGE_CSV } from './bank/bankCsv';

// GetBankMappings, UpdateBankMapping, DeleteBankMapping: the CSV column mappings of the bank import.
// George and ELBA are built in (id null, not stored, not editable); the Kassier stores more when a
// bank's export differs. An account's stored mapping (konten.bank_mapping_id) is the default for a
// CSV file imported into it.

export const BANK_MAPPING_HISTORY_TYPE = 'BankMapping';
export const MAPPING_NICHT_GEFUNDEN = 'Dieses Importschema gibt es nicht (mehr).';

const EINGEBAUT: BankMapping[] = [
  { id: null, name: GEORGE_CSV.name, mapping: GEORGE_CSV, eingebaut: true },
  { id: null, name: ELBA_CSV.name, mapping: ELBA_CSV, eingebaut: true },
];

/** A stored row → its mapping; a row that no longer validates (edited by hand) is a 422 naming it. */
function fromRow(row: BankMappingRow): BankMapping {
  let raw: unknown;
  try {
    raw = JSON.parse(row.mapping);
  } catch {
    raw = undefined;
  }
  const parsed = bankCsvMappingSchema.safeParse(raw);
  if (!parsed.success) {
    throw validationFailed(
      { mappingID: [`Das gespeicherte Importschema „${row.name}“ ist beschädigt; bitte neu speichern.`] },
      'Das Importschema ist nicht gültig.',
    );
  }
  return { id: Number(row.id), name: row.name, mapping: { ...parsed.data, name: row.name }, eingebaut: false };
}

export async function listBankMappings(db: Db): Promise<BankMapping[]> {
  const rows = await db('bank_mappings').orderBy('name');
  return [...EINGEBAUT, ...rows.map(fromRow)];
}

/** The stored mapping with this id, or 404. `forShare`: a locking read (the bank import's, see there). */
export async function ladeBankMapping(db: Db, id: number, opts: { forShare?: boolean } = {}): Promise<BankMapping> {
  const row = await findeBankMapping(db, id, opts);
  if (!row) throw notFound(MAPPING_NICHT_GEFUNDEN);
  return row;
}

/** The stored mapping with this id, or undefined. */
export async function findeBankMapping(
  db: Db,
  id: number,
  opts: { forShare?: boolean } = {},
): Promise<BankMapping | undefined> {
  const q = db('bank_mappings').where({ id }).first();
  const row = await (opts.forShare ? q.forShare() : q);
  return row ? fromRow(row) : undefined;
}

export async function saveBankMapping(db: Db, actor: Actor, body: UpdateBankMappingData): Promise<BankMapping> {
  const name = body.name;
  if (EINGEBAUT.some((m) => m.name.toLowerCase() === name.toLowerCase())) {
    throw validationFailed({ name: ['So heißt ein eingebautes Importschema; bitte einen anderen Namen wählen.'] });
  }
  const same = await db('bank_mappings').whereRaw('LOWER(name) = ?', [name.toLowerCase()]).first('id');
  if (same && Number(same.id) !== body.id) {
    throw validationFailed({ name: ['Ein Importschema mit diesem Namen gibt es schon.'] });
  }
  const mapping: BankCsvMapping = { ...body.mapping, name };
  const json = JSON.stringify(mapping);
  const now = nowDb();
  let id: number;
  let before: BankMapping | undefined;
  if (body.id !== undefined) {
    const row = await db('bank_mappings').where({ id: body.id }).forUpdate().first();
    if (!row) throw notFound(MAPPING_NICHT_GEFUNDEN);
    before = fromRow(row);
    await db('bank_mappings').where({ id: body.id }).update({ name, mapping: json, updated_at: now });
    id = body.id;
  } else {
    await db('bank_mappings').insert({ name, mapping: json, created_at: now, updated_at: now });
    id = Number((await db('bank_mappings').where({ name }).first('id'))?.id);
  }
  const after: BankMapping = { id, name, mapping, eingebaut: false };
  await recordHistory(db, actor, {
    entityType: BANK_MAPPING_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: before && { name: before.name, mapping: before.mapping },
    after: { name, mapping },
  });
  return after;
}

/** 409 while an account uses it as its default. */
export async function deleteBankMapping(db: Db, actor: Actor, id: number): Promise<void> {
  const row = await db('bank_mappings').where({ id }).forUpdate().first();
  if (!row) throw notFound(MAPPING_NICHT_GEFUNDEN);
  const konten = await db('konten').where({ bank_mapping_id: id }).orderBy('name').select('name');
  if (konten.length) {
    throw conflict(
      `Das Importschema „${row.name}“ wird noch verwendet.`,
      `Es ist das Schema von ${konten.map((k) => `„${k.name}“`).join(', ')}; bitte dort erst ein anderes wählen.`,
      'bank_mapping_in_use',
    );
  }
  await db('bank_mappings').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: BANK_MAPPING_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: { name: row.name, mapping: row.mapping },
  });
}
