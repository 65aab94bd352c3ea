import { collator } from '../../../platform/collation';
import type { Db } from '../../../platform/db/db';
import { nutzungsberechtigteOn } from '../../stammdaten/services';
import type { Ablesung } from '../schema/ablesungen';
import type { Ablesungsrunde, RundeZeile } from '../schema/dokumente';
import { fehlersucheSchwellen } from './fehlersuche';
import { meterPast, readingsBefore } from './readingHistory';
import { compareReadings, fromLiter, metersChangedAfter, present, readingQuery } from './readingRows';

// GetAblesungsrunde and the reading sheet's rows: a date's readings in walking order with the
// holder, the plot's main meter, the last reading and the consumption before it.

type Walk = { group: string | null; isMain: boolean };

/**
 * Walking order: per main meter (natural order of its number) its own rows, then its plots by
 * number; plots without a main meter last. Within a meter, the old meter's final reading first.
 */
function compareWalking(a: RundeZeile & Walk, b: RundeZeile & Walk): number {
  if (a.group !== b.group) {
    if (a.group === null) return 1;
    if (b.group === null) return -1;
    return collator.compare(a.group, b.group) || (a.group < b.group ? -1 : 1);
  }
  if (a.isMain !== b.isMain) return a.isMain ? -1 : 1;
  return compareReadings(a, b);
}

/**
 * The meters a reading round on `datum` would get, as rows without id (0) and stand — what
 * InsertNeueWasserAblesungen (services/runde.ts) would add — for a sheet printed before the round
 * exists; meters that already have a row that day are left out.
 */
async function missingRoundRows(db: Db, datum: string, existing: Ablesung[]): Promise<Ablesung[]> {
  const changed = await metersChangedAfter(db, datum);
  const have = new Set(existing.map((r) => `${r.parzelleId ? `P${r.parzelleId}` : `H${r.hauptwasserzaehlerId}`}`));
  const mains = await db('hauptwasserzaehler').where('aktiv', true).select('id', 'nummer');
  const plots = await db('parzellen')
    .where('aktiv', true)
    .whereNotNull('wasserzaehler_nummer')
    .whereNot('wasserzaehler_nummer', '')
    .select('id', 'nummer', 'wasserzaehler_nummer');
  const blank = {
    id: 0,
    version: 0,
    datum,
    stand: null,
    isZaehlerwechsel: false,
    quelle: 'manuell' as const,
    notiz: '',
  };
  const out: Ablesung[] = [];
  for (const h of mains) {
    const key = `H${h.id}`;
    if (have.has(key)) continue;
    out.push({
      ...blank,
      parzelleId: null,
      parzelleNummer: null,
      hauptwasserzaehlerId: Number(h.id),
      hauptwasserzaehlerNummer: h.nummer,
      zaehlernummer: changed.get(key) ?? h.nummer,
    });
  }
  for (const p of plots) {
    const key = `P${p.id}`;
    if (have.has(key)) continue;
    out.push({
      ...blank,
      parzelleId: Number(p.id),
      parzelleNummer: p.nummer,
      hauptwasserzaehlerId: null,
      hauptwasserzaehlerNummer: null,
      zaehlernummer: changed.get(key) ?? p.wasserzaehler_nummer ?? '',
    });
  }
  return out;
}

/**
 * The readings of `datum` in walking order with what the entry screen shows beside each. With
 * `mitFehlenden` (the reading sheet), also the meters a round would get that have no row yet.
 */
export async function ablesungsrunde(db: Db, datum: string, mitFehlenden = false): Promise<Ablesungsrunde> {
  const readings = (await readingQuery(db).where('a.datum', datum)).map(present);
  if (mitFehlenden) readings.push(...(await missingRoundRows(db, datum, readings)));
  const plotIds = [...new Set(readings.flatMap((r) => (r.parzelleId ? [r.parzelleId] : [])))];
  const plotMain = new Map<number, { id: number; nummer: string }>();
  for (const r of await db('parzellen as p')
    .join('hauptwasserzaehler as h', 'h.id', 'p.hauptwasserzaehler_id')
    .select('p.id', 'h.id as hwz_id', 'h.nummer')) {
    plotMain.set(Number(r.id), { id: Number(r.hwz_id), nummer: r.nummer });
  }
  const holders = plotIds.length ? await nutzungsberechtigteOn(db, datum) : new Map();
  const keys = [...new Set(readings.map((r) => (r.parzelleId ? `P${r.parzelleId}` : `H${r.hauptwasserzaehlerId}`)))];
  const past = await readingsBefore(db, datum, keys);
  const zeilen = readings.map((r) => {
    const key = r.parzelleId ? `P${r.parzelleId}` : `H${r.hauptwasserzaehlerId}`;
    const main = r.parzelleId ? plotMain.get(r.parzelleId) : undefined;
    const { letzteAblesung, letzterVerbrauchLiter } = meterPast(past.get(key), r.zaehlernummer);
    return {
      ...r,
      hauptwasserzaehlerNummer: r.parzelleId ? (main?.nummer ?? null) : r.hauptwasserzaehlerNummer,
      adresseName: r.parzelleId ? (holders.get(r.parzelleId)?.name ?? null) : null,
      letzteAblesung: letzteAblesung ? { datum: letzteAblesung.datum, stand: letzteAblesung.stand } : null,
      letzterVerbrauch: letzterVerbrauchLiter === null ? null : fromLiter(letzterVerbrauchLiter),
      group: r.parzelleId ? (main?.nummer ?? null) : r.hauptwasserzaehlerNummer,
      isMain: !r.parzelleId,
    };
  });
  zeilen.sort(compareWalking);
  const { verbrauchsfaktor } = await fehlersucheSchwellen(db, datum);
  return { datum, verbrauchsWarnFaktor: verbrauchsfaktor, zeilen: zeilen.map(({ group: _g, isMain: _m, ...z }) => z) };
}
