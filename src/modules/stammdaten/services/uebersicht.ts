import { z } from 'zod';
import { compareText } from '../../../platform/collation';
import { addDays, dateOf, daysInMonth, isoOf, partsOf, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { decimalOf } from '../../../platform/money';
import type { Uebersicht, UebersichtStammdaten } from '../schema/uebersicht';
import { eichung } from './hauptwasserzaehler';
import { isRoundBirthday, JUBILEE_YEARS } from './listen';
import { compareNames, displayName, isActive } from './names';
import { pachtverhaeltnisseOn } from './pachtverhaeltnisse';

export type { Uebersicht, UebersichtStammdaten };

/** Birthdays this many days ahead (today included). */
export const GEBURTSTAG_TAGE = 30;
/** Jubilees and ending terms this many days ahead: time to prepare a certificate or an election. */
export const VORSCHAU_TAGE = 90;
const KGV_MITGLIED = 256;

/**
 * The next anniversary of `iso` on or after `today` (29 February falls on the 28th in other
 * years), and how many years it completes.
 */
export function nextAnniversary(iso: string, today: string): { datum: string; jahre: number } {
  const [year, month, day] = partsOf(iso);
  const at = (y: number) => isoOf(y, month, Math.min(day, daysInMonth(y, month)));
  let y = partsOf(today)[0];
  if (at(y) < today) y += 1;
  return { datum: at(y), jahre: y - year };
}

/** A term of office with its function and holder (joined, so parsed: ADR 0005). */
const funktionaerRow = z.object({
  id: z.coerce.number(),
  adresse_id: z.coerce.number(),
  bis: z.unknown(),
  funktion: z.string(),
  titel: z.string().nullable(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
});

async function stammdatenUebersicht(db: Db, today: string): Promise<UebersichtStammdaten> {
  const geburtstagBis = addDays(today, GEBURTSTAG_TAGE);
  const vorschauBis = addDays(today, VORSCHAU_TAGE);

  const parzellen = (await db('parzellen').select('id', 'nummer', 'flaeche', 'aktiv')).filter((p) => Boolean(p.aktiv));
  const leases = await pachtverhaeltnisseOn(db, today).select('pv.parzelle_id', 'pv.adresse_id');
  const leased = new Set(leases.map((l) => Number(l.parzelle_id)));
  const freieParzellen = parzellen
    .filter((p) => !leased.has(Number(p.id)))
    .map((p) => ({ id: Number(p.id), nummer: String(p.nummer), flaeche: decimalOf(p.flaeche, 2) ?? '0.00' }))
    .sort((a, b) => compareText(a.nummer, b.nummer));

  const adressen = (
    await db('adressen').select(
      'id',
      'titel',
      'vorname',
      'nachname',
      'geburtsdatum',
      'eintrittsdatum',
      'austrittsdatum',
      'flags',
    )
  ).filter((a) => isActive(dateOf(a.austrittsdatum), today));

  const geburtstage: UebersichtStammdaten['geburtstage'] = [];
  const jubilaeen: UebersichtStammdaten['jubilaeen'] = [];
  for (const a of adressen) {
    const adresseId = Number(a.id);
    const name = displayName(a);
    const geburtsdatum = dateOf(a.geburtsdatum);
    if (geburtsdatum && geburtsdatum < today) {
      const { datum, jahre } = nextAnniversary(geburtsdatum, today);
      if (datum <= geburtstagBis) geburtstage.push({ adresseId, name, datum, geburtsdatum, alter: jahre });
      if (datum <= vorschauBis && isRoundBirthday(jahre)) {
        jubilaeen.push({ adresseId, name, art: 'geburtstag', datum, jahre });
      }
    }
    const eintritt = dateOf(a.eintrittsdatum);
    if (eintritt && eintritt < today) {
      const { datum, jahre } = nextAnniversary(eintritt, today);
      if (datum <= vorschauBis && JUBILEE_YEARS.includes(jahre)) {
        jubilaeen.push({ adresseId, name, art: 'mitgliedschaft', datum, jahre });
      }
    }
  }
  const byDate = (a: { datum: string; name: string }, b: { datum: string; name: string }) =>
    a.datum.localeCompare(b.datum) || compareNames(a.name, b.name);

  const terms = z
    .array(funktionaerRow)
    .parse(
      await db('funktionaere as f')
        .join('funktionen as fn', 'fn.id', 'f.funktion_id')
        .join('adressen as a', 'a.id', 'f.adresse_id')
        .where('f.von', '<=', today)
        .whereNotNull('f.bis')
        .where('f.bis', '>=', today)
        .where('f.bis', '<=', vorschauBis)
        .select('f.id', 'f.adresse_id', 'f.bis', 'fn.name as funktion', 'a.titel', 'a.vorname', 'a.nachname'),
    );
  const endendeFunktionen = terms
    .map((t) => ({
      funktionaerId: t.id,
      adresseId: t.adresse_id,
      name: displayName(t),
      funktion: t.funktion,
      bis: dateOf(t.bis) ?? '',
    }))
    .sort((a, b) => a.bis.localeCompare(b.bis) || compareNames(a.name, b.name));

  return {
    anzahlParzellen: parzellen.length,
    anzahlFreieParzellen: freieParzellen.length,
    freieParzellen,
    anzahlNutzungsberechtigte: new Set(leases.map((l) => Number(l.adresse_id))).size,
    anzahlMitglieder: adressen.filter((a) => (Number(a.flags) & KGV_MITGLIED) !== 0).length,
    geburtstage: geburtstage.sort(byDate),
    jubilaeen: jubilaeen.sort(byDate),
    endendeFunktionen,
  };
}

async function eichungFaellig(db: Db, today: string): Promise<NonNullable<Uebersicht['eichungFaellig']>> {
  const meters = await db('hauptwasserzaehler')
    .whereNotNull('eichdatum')
    .select('id', 'nummer', 'bezeichnung', 'eichdatum', 'aktiv');
  return meters
    .filter((m) => Boolean(m.aktiv))
    .flatMap((m) => {
      const eichdatum = dateOf(m.eichdatum);
      const { eichungFaelligAm, eichungWarnung } = eichung(eichdatum, today);
      if (!eichdatum || !eichungFaelligAm || !eichungWarnung) return [];
      return [
        {
          id: Number(m.id),
          nummer: m.nummer,
          bezeichnung: m.bezeichnung,
          eichdatum,
          eichungFaelligAm,
          ueberfaellig: eichungFaelligAm <= today,
        },
      ];
    })
    .sort((a, b) => a.eichungFaelligAm.localeCompare(b.eichungFaelligAm) || compareText(a.nummer, b.nummer));
}

/**
 * The start page's overview as of `date` (default today). Each part only when the caller may read
 * it: the member data with Stammdaten.View, the meters due for calibration with the Hauptwasserzähler
 * right (the Wasserwart's too); a part left out is null.
 */
export async function uebersicht(
  db: Db,
  opts: { date?: string; stammdaten: boolean; hauptwasserzaehler: boolean },
): Promise<Uebersicht> {
  const today = opts.date ?? todayIso();
  return {
    stichtag: today,
    stammdaten: opts.stammdaten ? await stammdatenUebersicht(db, today) : null,
    eichungFaellig: opts.hauptwasserzaehler ? await eichungFaellig(db, today) : null,
  };
}
