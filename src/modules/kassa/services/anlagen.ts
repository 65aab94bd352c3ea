import type { Actor } from '../../../platform/auth/principal';
import { currentYear } from '../../../platform/dates';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { readSection } from '../../vereinseinstellungen/services';
import type { Anlage, AnlageDetail, AnlageInput, AnlageverzeichnisFilter } from '../schema/anlagen';
import type { AnlageRow } from '../tables';
import { type Anlage as AfaAnlage, type AfaPlan, afaPlan } from './afa';

// The Anlageverzeichnis (fixed-asset register): the assets with their book value and depreciation
// plan (services/afa.ts). The low-value limit is the club's setting optionenKassa
// .sofortabschreibungGrenzeCent, read on every call so a changed setting shows at once.

export const ANLAGE_HISTORY_TYPE = 'Anlage';
const NICHT_GEFUNDEN = 'Diese Anlage gibt es nicht (mehr).';

/** The club's limit for low-value assets (written off at once), in cents. */
export async function geringwertigGrenzeCent(db: Db): Promise<number> {
  return (await readSection(db, 'optionenKassa')).sofortabschreibungGrenzeCent;
}

/** A row as afa.ts needs it (numbers as numbers: BIGINT/INTEGER may come back as strings on MySQL). */
export function afaAnlage(row: AnlageRow): AfaAnlage {
  return {
    id: Number(row.id),
    bezeichnung: row.bezeichnung,
    kategorie: row.kategorie,
    anschaffungsdatum: row.anschaffungsdatum,
    anschaffungskostenCent: Number(row.anschaffungskosten_cent),
    nutzungsdauerJahre: Number(row.nutzungsdauer_jahre),
    abgangsdatum: row.abgangsdatum ?? null,
    abgangserloesCent: row.abgangserloes_cent == null ? null : Number(row.abgangserloes_cent),
  };
}

/** Book value at the end of `jahr`: before the purchase year the asset is not there (0), after the plan 0. */
export function buchwertAmJahresende(plan: AfaPlan, jahr: number): number {
  const row = plan.jahre.find((j) => j.jahr === jahr);
  if (row) return row.buchwertEndeCent;
  const first = plan.jahre[0];
  return first && jahr < first.jahr ? 0 : (plan.jahre.at(-1)?.buchwertEndeCent ?? 0);
}

type Joined = AnlageRow & { kassabuch_belegnummer: number | null };

function toAnlage(row: Joined, plan: AfaPlan, jahr: number): Anlage {
  const a = afaAnlage(row);
  return {
    id: a.id,
    bezeichnung: a.bezeichnung,
    kategorie: row.kategorie ?? '',
    anschaffungsdatum: a.anschaffungsdatum,
    anschaffungskostenCent: a.anschaffungskostenCent,
    nutzungsdauerJahre: a.nutzungsdauerJahre,
    abgangsdatum: a.abgangsdatum ?? null,
    abgangserloesCent: a.abgangserloesCent ?? null,
    kassabuchId: row.kassabuch_id == null ? null : Number(row.kassabuch_id),
    kassabuchBelegnummer: row.kassabuch_belegnummer == null ? null : Number(row.kassabuch_belegnummer),
    notiz: row.notiz ?? '',
    buchwertCent: buchwertAmJahresende(plan, jahr),
    geringwertig: plan.geringwertig,
    version: Number(row.version),
  };
}

function anlagenQuery(db: Db) {
  return db('anlagen')
    .leftJoin('kassabuch', 'kassabuch.id', 'anlagen.kassabuch_id')
    .select('anlagen.*', 'kassabuch.belegnummer as kassabuch_belegnummer');
}

/** Every asset row (for the Anlagebericht), as afa.ts takes them. */
export async function alleAnlagen(db: Db): Promise<AfaAnlage[]> {
  return (await db('anlagen').orderBy('anschaffungsdatum').orderBy('id')).map(afaAnlage);
}

/** GetAnlageverzeichnis: every asset (also disposed ones), by purchase date; book values at the end of `jahr`. */
export async function listAnlagen(db: Db, filter: AnlageverzeichnisFilter): Promise<Anlage[]> {
  const jahr = filter.jahr ?? currentYear();
  const grenze = await geringwertigGrenzeCent(db);
  const q = anlagenQuery(db).orderBy('anlagen.anschaffungsdatum').orderBy('anlagen.id');
  if (filter.kategorie) q.where('anlagen.kategorie', filter.kategorie);
  const rows = (await q) as Joined[];
  return rows.map((row) => toAnlage(row, afaPlan(afaAnlage(row), { geringwertigGrenzeCent: grenze }), jahr));
}

/** GetAnlageverzeichnisData: one asset with its whole plan; 404 when unknown. */
export async function getAnlage(db: Db, id: number, jahr = currentYear()): Promise<AnlageDetail> {
  const row = (await anlagenQuery(db).where('anlagen.id', id).first()) as Joined | undefined;
  if (!row) throw notFound(NICHT_GEFUNDEN);
  const plan = afaPlan(afaAnlage(row), { geringwertigGrenzeCent: await geringwertigGrenzeCent(db) });
  return {
    ...toAnlage(row, plan, jahr),
    plan: plan.jahre,
    halbjahr: plan.halbjahr,
    jahresAfaCent: plan.jahresAfaCent,
    abgang: plan.abgang,
  };
}

/** GetAnlageKategorien: the categories in use, sorted (the dialog offers them, new ones may be typed). */
export async function anlageKategorien(db: Db): Promise<string[]> {
  const rows = await db('anlagen').distinct('kategorie').whereNot('kategorie', '');
  return rows.map((r) => String(r.kategorie)).sort((a, b) => a.localeCompare(b, 'de'));
}

/** The checks zod cannot make alone: dates in order, proceeds only with a disposal, the linked entry exists. */
async function pruefeAnlage(db: Db, input: AnlageInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.abgangsdatum && input.abgangsdatum < input.anschaffungsdatum) {
    errors.abgangsdatum = ['Das Abgangsdatum darf nicht vor dem Anschaffungsdatum liegen.'];
  }
  if (input.abgangserloesCent != null && !input.abgangsdatum) {
    errors.abgangserloesCent = ['Ein Abgangserlös braucht ein Abgangsdatum.'];
  }
  if (input.kassabuchId != null && !(await db('kassabuch').where({ id: input.kassabuchId }).first('id'))) {
    errors.kassabuchId = ['Diesen Kassabuch-Eintrag gibt es nicht (mehr).'];
  }
  if (Object.keys(errors).length) throw validationFailed(errors, 'Die Anlage ist nicht gültig.');
}

/** UpdateAnlageverzeichnis: creates (no id) or changes an asset, with version check and history. */
export async function saveAnlage(db: Db, actor: Actor, input: AnlageInput): Promise<AnlageDetail> {
  await pruefeAnlage(db, input);
  const values = {
    bezeichnung: input.bezeichnung,
    kategorie: input.kategorie,
    anschaffungsdatum: input.anschaffungsdatum,
    anschaffungskosten_cent: input.anschaffungskostenCent,
    nutzungsdauer_jahre: input.nutzungsdauerJahre,
    abgangsdatum: input.abgangsdatum,
    abgangserloes_cent: input.abgangserloesCent,
    kassabuch_id: input.kassabuchId,
    notiz: input.notiz || null,
    updated_at: nowDb(),
  };
  if (input.id) {
    await claimVersion(db, {
      table: 'anlagen',
      id: input.id,
      expected: input.version,
      entityType: ANLAGE_HISTORY_TYPE,
      label: `Die Anlage „${input.bezeichnung}“`,
      notFound: NICHT_GEFUNDEN,
    });
    const before = await getAnlage(db, input.id);
    await db('anlagen').where({ id: input.id }).update(values);
    const after = await getAnlage(db, input.id);
    await recordHistory(db, actor, {
      entityType: ANLAGE_HISTORY_TYPE,
      entityId: input.id,
      action: 'update',
      before: historyView(before),
      after: historyView(after),
    });
    return after;
  }
  const [id] = await db('anlagen').insert({ ...values, version: 1, created_at: values.updated_at });
  const after = await getAnlage(db, Number(id));
  await recordHistory(db, actor, {
    entityType: ANLAGE_HISTORY_TYPE,
    entityId: after.id,
    action: 'create',
    after: historyView(after),
  });
  return after;
}

/** DeleteAnlage: 404 when unknown; the history keeps what was deleted. */
export async function deleteAnlage(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getAnlage(db, id);
  await db('anlagen').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: ANLAGE_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: historyView(before),
  });
}

/** The history notes the record's own fields, not the computed plan. */
function historyView(a: AnlageDetail) {
  const { plan: _plan, halbjahr: _h, jahresAfaCent: _j, abgang: _a, buchwertCent: _b, ...rest } = a;
  return withoutVersion(rest);
}
