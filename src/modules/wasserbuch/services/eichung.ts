import { collator } from '../../../platform/collation';
import { addDays, addYears, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import {
  EICH_JAHRE,
  EICH_WARNUNG_TAGE,
  listHauptwasserzaehler,
  nutzungsberechtigteOn,
} from '../../stammdaten/services';
import type { EichungFilter, ZaehlerEichung } from '../schema/zaehler';

// Meter lifecycle (issue 12, beyond the spec): when each meter was installed and when it must be
// re-verified or replaced (Austria, MEG: 5 years). A plot meter's install date is its first reading
// on that plot — the meter-change date for a meter that replaced another, else the first reading;
// main meters carry their calibration date (`eichdatum`) in Stammdaten.

const day = (v: unknown) => String(v).slice(0, 10);

/** Due date ascending (unknown last), main meters before plots on one date, then by number. */
function compareEichung(a: ZaehlerEichung, b: ZaehlerEichung): number {
  if (a.eichungFaelligAm !== b.eichungFaelligAm) {
    if (a.eichungFaelligAm === null) return 1;
    if (b.eichungFaelligAm === null) return -1;
    return a.eichungFaelligAm < b.eichungFaelligAm ? -1 : 1;
  }
  if (a.art !== b.art) return a.art === 'hauptwasserzaehler' ? -1 : 1;
  return collator.compare(a.parzelleNummer ?? a.zaehlernummer, b.parzelleNummer ?? b.zaehlernummer);
}

/**
 * Every active meter with its install and due date; `faellig` when due within `tage` days (90
 * without) or overdue. With `tage` only the due ones.
 */
export async function zaehlerEichung(
  db: Db,
  filter: EichungFilter = {},
  today = todayIso(),
): Promise<ZaehlerEichung[]> {
  const grenze = addDays(today, filter.tage ?? EICH_WARNUNG_TAGE);
  const faellig = (due: string | null) => due !== null && due <= grenze;

  // The first reading of each meter per owner: its install date.
  // (An empty row of a reading round is no reading: it does not date the meter.)
  const firsts = await db('wasserablesungen')
    .whereNotNull('stand_liter')
    .groupBy('zaehler_key', 'zaehlernummer')
    .select('zaehler_key', 'zaehlernummer')
    .min({ erste: 'datum' });
  const eingebaut = new Map(
    firsts.map((r) => [`${r.zaehler_key}|${String(r.zaehlernummer).toLowerCase()}`, day(r.erste)]),
  );
  const installedOn = (key: string, nummer: string) => eingebaut.get(`${key}|${nummer.toLowerCase()}`) ?? null;

  const plots = await db('parzellen')
    .where({ aktiv: true })
    .whereNotNull('wasserzaehler_nummer')
    .whereNot('wasserzaehler_nummer', '')
    .select('id', 'nummer', 'wasserzaehler_nummer', 'hauptwasserzaehler_id');
  const holders = await nutzungsberechtigteOn(
    db,
    today,
    plots.map((p) => Number(p.id)),
  );
  const out: ZaehlerEichung[] = plots.map((p) => {
    const zaehlernummer = String(p.wasserzaehler_nummer);
    const eingebautAm = installedOn(`P${p.id}`, zaehlernummer);
    const eichungFaelligAm = eingebautAm ? addYears(eingebautAm, EICH_JAHRE) : null;
    return {
      art: 'parzelle',
      parzelleId: Number(p.id),
      parzelleNummer: p.nummer,
      adresseName: holders.get(Number(p.id))?.name ?? null,
      hauptwasserzaehlerId: p.hauptwasserzaehler_id == null ? null : Number(p.hauptwasserzaehler_id),
      zaehlernummer,
      eingebautAm,
      eichungFaelligAm,
      faellig: faellig(eichungFaelligAm),
    };
  });
  for (const h of await listHauptwasserzaehler(db)) {
    if (!h.aktiv) continue;
    out.push({
      art: 'hauptwasserzaehler',
      parzelleId: null,
      parzelleNummer: null,
      adresseName: null,
      hauptwasserzaehlerId: h.id,
      zaehlernummer: h.nummer,
      eingebautAm: installedOn(`H${h.id}`, h.nummer),
      eichungFaelligAm: h.eichungFaelligAm,
      faellig: faellig(h.eichungFaelligAm),
    });
  }
  const shown = filter.tage === undefined ? out : out.filter((z) => z.faellig);
  return shown.sort(compareEichung);
}
