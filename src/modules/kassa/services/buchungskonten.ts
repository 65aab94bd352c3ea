import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { readSection } from '../../vereinseinstellungen/services';
import type {
  BuchungskontenVorhanden,
  Buchungskonto,
  BuchungskontoArt,
  BuchungskontoEntfernt,
  BuchungskontoInput,
  BuchungskontoLookup,
} from '../schema/buchungskonten';
import type { BuchungskontoRow } from '../tables';
import { assertOffen, ladePeriode } from './periode';
import { istWahr, nummerCollator, periodeOderStandard, periodeOderStandardPflicht, zaehleJe } from './standardPeriode';
import type { Steuersatz } from './steuer';

// Booking accounts of a period (Kassa controller). Each period has its own set (GetNewKassaabrechnung
// copies them); a closed period refuses every change. A used account is only marked deleted, so its
// entries keep their account; bucheEintraege refuses a deleted one.

export const BUCHUNGSKONTO_HISTORY_TYPE = 'Buchungskonto';
export const BUCHUNGSKONTO_NICHT_GEFUNDEN = 'Dieses Buchungskonto gibt es nicht (mehr).';

export function toBuchungskonto(
  row: BuchungskontoRow,
  anzahlBuchungen: number,
  anzahlParzellen: number,
): Buchungskonto {
  return {
    id: Number(row.id),
    kassaabrechnungId: Number(row.kassaabrechnung_id),
    nummer: row.nummer,
    name: row.name,
    art: row.art as BuchungskontoArt,
    steuersatz: Number(row.steuersatz) as Steuersatz,
    parzellenspezifisch: istWahr(row.parzellenspezifisch),
    jahresbetragCent: Number(row.jahresbetrag_cent),
    geloescht: istWahr(row.geloescht),
    klaerung: istWahr(row.klaerung),
    anzahlBuchungen,
    anzahlParzellen,
    version: Number(row.version),
  };
}

export const byNummer = (a: { nummer: string; id: number }, b: { nummer: string; id: number }) =>
  nummerCollator.compare(a.nummer, b.nummer) || a.id - b.id;

export async function ladeBuchungskonto(db: Db, id: number): Promise<BuchungskontoRow> {
  const row = await db('buchungskonten').where({ id }).first();
  if (!row) throw notFound(BUCHUNGSKONTO_NICHT_GEFUNDEN);
  return row;
}

async function mitZahlen(db: Db, rows: BuchungskontoRow[]): Promise<Buchungskonto[]> {
  const ids = rows.map((r) => Number(r.id));
  const [buchungen, parzellen] = await Promise.all([
    zaehleJe(db, 'kassabuch', 'buchungskonto_id', (q) => q.whereIn('buchungskonto_id', ids)),
    zaehleJe(db, 'buchungskonto_parzellen', 'buchungskonto_id', (q) => q.whereIn('buchungskonto_id', ids)),
  ]);
  return rows
    .map((r) => toBuchungskonto(r, buchungen.get(Number(r.id)) ?? 0, parzellen.get(Number(r.id)) ?? 0))
    .sort(byNummer);
}

export type BuchungskontenFilter = {
  kassaabrechnungID?: number;
  showDeleted?: boolean;
  nummer?: string;
  name?: string;
  art?: BuchungskontoArt;
};

/** GetBuchungsKonten: the period's accounts by number; deleted ones only with showDeleted. */
export async function listBuchungskonten(db: Db, filter: BuchungskontenFilter): Promise<Buchungskonto[]> {
  const periode = await periodeOderStandard(db, filter.kassaabrechnungID);
  if (!periode) return [];
  const q = db('buchungskonten').where({ kassaabrechnung_id: periode.id });
  if (!filter.showDeleted) q.andWhere('geloescht', false);
  if (filter.art) q.andWhere({ art: filter.art });
  const contains = (s: string) => s.trim().toLowerCase();
  const rows = (await q).filter(
    (r) =>
      (!filter.nummer?.trim() || r.nummer.toLowerCase().includes(contains(filter.nummer))) &&
      (!filter.name?.trim() || r.name.toLowerCase().includes(contains(filter.name))),
  );
  return mitZahlen(db, rows);
}

export async function getBuchungskonto(db: Db, id: number): Promise<Buchungskonto> {
  return (await mitZahlen(db, [await ladeBuchungskonto(db, id)]))[0]!;
}

/**
 * UpdateBuchungsKonto: a new account goes into the period `kassaabrechnungId` (default the screens'
 * default one); a change keeps its period. The number is unique among the period's accounts that
 * are not deleted. The clearing account stays the clearing account. Turning `parzellenspezifisch`
 * off removes the plot assignments.
 */
export async function saveBuchungskonto(
  db: Db,
  actor: Actor,
  kassaabrechnungId: number | undefined,
  input: BuchungskontoInput,
): Promise<Buchungskonto> {
  let before: BuchungskontoRow | undefined;
  if (input.id) {
    await claimVersion(db, {
      table: 'buchungskonten',
      id: input.id,
      expected: input.version,
      entityType: BUCHUNGSKONTO_HISTORY_TYPE,
      label: 'Das Buchungskonto',
      notFound: BUCHUNGSKONTO_NICHT_GEFUNDEN,
    });
    before = await ladeBuchungskonto(db, input.id);
  }
  const periode = before
    ? await ladePeriode(db, Number(before.kassaabrechnung_id))
    : await periodeOderStandardPflicht(db, kassaabrechnungId);
  assertOffen(periode);
  const periodeId = Number(periode.id);
  if (before && istWahr(before.geloescht)) {
    throw conflict('Dieses Buchungskonto ist gelöscht und kann nicht mehr geändert werden.', undefined, 'geloescht');
  }
  const doppelt = await db('buchungskonten')
    .where({ kassaabrechnung_id: periodeId, nummer: input.nummer, geloescht: false })
    .whereNot({ id: input.id })
    .first('name');
  if (doppelt) {
    throw validationFailed(
      { nummer: [`Die Nummer ${input.nummer} hat schon das Buchungskonto „${doppelt.name}“.`] },
      'Das Buchungskonto ist nicht gültig.',
    );
  }
  const fields = {
    nummer: input.nummer,
    name: input.name,
    art: input.art,
    steuersatz: input.steuersatz,
    parzellenspezifisch: input.parzellenspezifisch,
    jahresbetrag_cent: input.jahresbetragCent,
  };
  const now = nowDb();
  let id = input.id;
  if (before) {
    await db('buchungskonten')
      .where({ id })
      .update({ ...fields, updated_at: now });
    if (!input.parzellenspezifisch) await db('buchungskonto_parzellen').where({ buchungskonto_id: id }).delete();
  } else {
    await db('buchungskonten').insert({
      ...fields,
      version: 1,
      kassaabrechnung_id: periodeId,
      geloescht: false,
      klaerung: false,
      created_at: now,
      updated_at: now,
    });
    id = Number(
      (
        await db('buchungskonten')
          .where({ kassaabrechnung_id: periodeId, nummer: input.nummer, geloescht: false })
          .first('id')
      )?.id,
    );
  }
  const after = await getBuchungskonto(db, id);
  const { version: _v, anzahlBuchungen: _a, anzahlParzellen: _p, ...afterFields } = after;
  await recordHistory(db, actor, {
    entityType: BUCHUNGSKONTO_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: before
      ? {
          nummer: before.nummer,
          name: before.name,
          art: before.art,
          steuersatz: Number(before.steuersatz),
          parzellenspezifisch: istWahr(before.parzellenspezifisch),
          jahresbetragCent: Number(before.jahresbetrag_cent),
        }
      : undefined,
    after: afterFields,
  });
  return after;
}

/**
 * DeleteBuchungsKonto: an account with entries is only marked deleted (`entfernt: false`; it stays
 * on its entries and in the reports, no new entry may use it); an unused one is removed. The
 * clearing account stays (bank imports need it).
 */
export async function deleteBuchungskonto(db: Db, actor: Actor, id: number): Promise<BuchungskontoEntfernt> {
  const row = await ladeBuchungskonto(db, id);
  assertOffen(await ladePeriode(db, Number(row.kassaabrechnung_id)));
  if (istWahr(row.klaerung)) {
    throw conflict(
      'Das Konto „offen/zu klären“ wird für den Bankimport gebraucht und kann nicht gelöscht werden.',
      undefined,
      'klaerungskonto',
    );
  }
  const anzahl = await db('kassabuch').where({ buchungskonto_id: id }).count({ n: '*' }).first();
  const benutzt = Number(anzahl?.n ?? 0) > 0;
  if (benutzt) {
    await db('buchungskonten')
      .where({ id })
      .update({ geloescht: true, version: db.raw('version + 1'), updated_at: nowDb() });
  } else {
    await db('buchungskonto_parzellen').where({ buchungskonto_id: id }).delete();
    await db('buchungskonten').where({ id }).delete();
  }
  await recordHistory(db, actor, {
    entityType: BUCHUNGSKONTO_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: { nummer: row.nummer, name: row.name, geloescht: istWahr(row.geloescht) },
    after: benutzt ? { geloescht: true } : undefined,
  });
  return { entfernt: !benutzt };
}

/** CheckActiveBuchungskonten / CheckDeletedBuchungskonten of a period (default the screens' default one). */
export async function buchungskontenVorhanden(
  db: Db,
  kassaabrechnungId: number | undefined,
  geloescht: boolean,
): Promise<BuchungskontenVorhanden> {
  const periode = await periodeOderStandard(db, kassaabrechnungId);
  if (!periode) return { vorhanden: false, anzahl: 0 };
  const row = await db('buchungskonten').where({ kassaabrechnung_id: periode.id, geloescht }).count({ n: '*' }).first();
  const anzahl = Number(row?.n ?? 0);
  return { vorhanden: anzahl > 0, anzahl };
}

/** GetSteuersatzFlag: whether the club pays VAT (Vereinseinstellungen → Optionen Kassa). */
export async function steuersatzFlag(db: Db): Promise<boolean> {
  return (await readSection(db, 'optionenKassa')).steuerpflichtig === true;
}

const toLookup = (r: BuchungskontoRow): BuchungskontoLookup => ({
  id: Number(r.id),
  nummer: r.nummer,
  name: r.name,
  art: r.art as BuchungskontoArt,
  steuersatz: Number(r.steuersatz) as Steuersatz,
  kassaabrechnungId: Number(r.kassaabrechnung_id),
  klaerung: istWahr(r.klaerung),
});

/** Kassa/Buchungskonten: the not-deleted accounts of a period (default the screens' default one). */
export async function buchungskontenLookup(db: Db, kassaabrechnungId?: number): Promise<BuchungskontoLookup[]> {
  const periode = await periodeOderStandard(db, kassaabrechnungId);
  if (!periode) return [];
  return (await db('buchungskonten').where({ kassaabrechnung_id: periode.id, geloescht: false }))
    .map(toLookup)
    .sort(byNummer);
}

/**
 * The ids of the periods overlapping `von`–`bis` (one side open when only the other is given);
 * without either the screens' default period. Common/Buchungskonten and Common/Kostenstellen.
 */
export async function periodenImZeitraum(db: Db, von?: string, bis?: string): Promise<number[]> {
  if (!von && !bis) {
    const periode = await periodeOderStandard(db, undefined);
    return periode ? [Number(periode.id)] : [];
  }
  const q = db('kassaabrechnungen').select('id').orderBy('von', 'desc');
  if (bis) q.andWhere('von', '<=', bis);
  if (von) q.andWhere('bis', '>=', von);
  return (await q).map((r) => Number(r.id));
}

/** Common/Buchungskonten: the not-deleted accounts of the periods overlapping von–bis. */
export async function buchungskontenImZeitraum(db: Db, von?: string, bis?: string): Promise<BuchungskontoLookup[]> {
  const perioden = await periodenImZeitraum(db, von, bis);
  const rows = await db('buchungskonten').whereIn('kassaabrechnung_id', perioden).andWhere('geloescht', false);
  return rows
    .map(toLookup)
    .sort((a, b) => perioden.indexOf(a.kassaabrechnungId) - perioden.indexOf(b.kassaabrechnungId) || byNummer(a, b));
}
