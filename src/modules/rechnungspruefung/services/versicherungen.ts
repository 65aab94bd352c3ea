import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion } from '../../../platform/db/optimisticLock';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { parzellenLookup } from '../../stammdaten/services';
import type {
  Versicherung,
  VersicherungenImportJahr,
  VersicherungenQuery,
  VersicherungGespeichert,
  VersicherungInput,
} from '../schema/versicherungen';
import type { VersicherungRow } from '../tables';

// Insurances (Versicherungen): a premium per plot and billing year that the year's
// Zahlungsvorschreibung puts on the plot's receivable (abrechnung's zvPositionen reads the table).
// docs/api/rechnungspruefung.md "Versicherungen".

export const VERSICHERUNG_HISTORY_TYPE = 'Versicherung';
const NICHT_GEFUNDEN = 'Diese Versicherung gibt es nicht (mehr).';
const UNGUELTIG = 'Die Versicherung ist nicht gültig.';

/** Plot id → number, from Stammdaten's public lookup (plots are never read from their table here). */
export async function parzellenNummern(db: Db): Promise<Map<number, string>> {
  return new Map((await parzellenLookup(db)).map((p) => [p.id, p.name]));
}

const collator = new Intl.Collator('de', { numeric: true });

function antwort(r: VersicherungRow, nummern: Map<number, string>): Versicherung {
  return {
    id: Number(r.id),
    version: Number(r.version),
    jahr: Number(r.jahr),
    parzelleId: Number(r.parzelle_id),
    parzelleNummer: nummern.get(Number(r.parzelle_id)) ?? '',
    versicherer: r.versicherer,
    polizze: r.polizze,
    text: r.text,
    praemieCent: Number(r.praemie_cent),
  };
}

/** By plot number (numeric: 2 before 10), then id. */
export function sortiere(list: Versicherung[]): Versicherung[] {
  return list.sort((a, b) => collator.compare(a.parzelleNummer, b.parzelleNummer) || a.id - b.id);
}

/** GetVersicherungen: of a year and/or a plot (no filter: all), by plot number. */
export async function listVersicherungen(db: Db, filter: VersicherungenQuery): Promise<Versicherung[]> {
  const q = db('versicherungen').select();
  if (filter.jahr !== undefined) q.where('jahr', filter.jahr);
  if (filter.parzelleID !== undefined) q.where('parzelle_id', filter.parzelleID);
  const nummern = await parzellenNummern(db);
  return sortiere(((await q) as VersicherungRow[]).map((r) => antwort(r, nummern)));
}

export async function getVersicherung(db: Db, id: number): Promise<Versicherung> {
  const row = (await db('versicherungen').where({ id }).first()) as VersicherungRow | undefined;
  if (!row) throw notFound(NICHT_GEFUNDEN);
  return antwort(row, await parzellenNummern(db));
}

/**
 * The sentence for a change to a year whose Zahlungsvorschreibung is booked already: the booked
 * receivables stay as they are. Cross-module read of abrechnung's `abrechnungslaeufe` (rechnungspruefung
 * may not import abrechnung: abrechnung imports it), documented in CONTEXT.md.
 */
export async function hinweisGebucht(db: Db, jahr: number): Promise<string | undefined> {
  const lauf = await db('abrechnungslaeufe as l')
    .join('pachtabrechnungen as p', 'p.id', 'l.pachtabrechnung_id')
    .where({ 'l.art': 'Zahlungsvorschreibung', 'p.jahr': jahr })
    .first('l.id');
  if (!lauf) return undefined;
  return (
    `Die Zahlungsvorschreibung ${jahr} ist bereits gebucht: die gebuchten Rechnungen bleiben, wie sie sind. ` +
    'Eine Prämie, die noch verrechnet werden soll, bitte als eigene Rechnung anlegen.'
  );
}

const historie = (v: Versicherung | VersicherungInput) => ({
  jahr: v.jahr,
  parzelleId: v.parzelleId,
  versicherer: v.versicherer,
  polizze: v.polizze,
  text: v.text,
  praemieCent: v.praemieCent,
});

/** UpdateVersicherung: creates (`id` 0) or changes one insurance; 422 for a plot that does not exist. */
export async function saveVersicherung(
  db: Db,
  actor: Actor,
  input: VersicherungInput,
): Promise<VersicherungGespeichert> {
  let before: Versicherung | undefined;
  if (input.id) {
    await claimVersion(db, {
      table: 'versicherungen',
      id: input.id,
      expected: input.version,
      entityType: VERSICHERUNG_HISTORY_TYPE,
      label: 'Die Versicherung',
      notFound: NICHT_GEFUNDEN,
    });
    before = await getVersicherung(db, input.id);
  }
  if (!(await parzellenNummern(db)).has(input.parzelleId))
    throw validationFailed({ parzelleId: ['Diese Parzelle gibt es nicht.'] }, UNGUELTIG);
  const now = nowDb();
  const werte = {
    jahr: input.jahr,
    parzelle_id: input.parzelleId,
    versicherer: input.versicherer,
    polizze: input.polizze,
    text: input.text,
    praemie_cent: input.praemieCent,
    updated_at: now,
  };
  let id = input.id;
  if (before) await db('versicherungen').where({ id }).update(werte);
  else {
    const [neu] = await db('versicherungen').insert({ ...werte, version: 1, created_at: now });
    id = Number(neu);
  }
  const after = await getVersicherung(db, id);
  await recordHistory(db, actor, {
    entityType: VERSICHERUNG_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: before ? historie(before) : undefined,
    after: historie(after),
  });
  const jahre = new Set([after.jahr, before?.jahr ?? after.jahr]);
  const hinweise = (await Promise.all([...jahre].map((j) => hinweisGebucht(db, j)))).filter(Boolean);
  return hinweise.length ? { ...after, hinweis: hinweise.join(' ') } : after;
}

/** DeleteVersicherung (404 when gone). A booked receivable keeps its premium position. */
export async function deleteVersicherung(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getVersicherung(db, id);
  await db('versicherungen').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: VERSICHERUNG_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: historie(before),
  });
}

/** GetVersicherungenImportJahre: every billing year (and any year holding insurances) with its count, newest first. */
export async function versicherungenImportJahre(db: Db): Promise<VersicherungenImportJahr[]> {
  const jahre = await db('pachtabrechnungen').select('jahr');
  const anzahl = await db('versicherungen').groupBy('jahr').select('jahr').count({ n: '*' });
  const out = new Map<number, number>(jahre.map((r) => [Number(r.jahr), 0]));
  for (const r of anzahl) out.set(Number(r.jahr), Number(r.n));
  return [...out].map(([jahr, n]) => ({ jahr, anzahl: n })).sort((a, b) => b.jahr - a.jahr);
}
