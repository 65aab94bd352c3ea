import { z } from 'zod';
import { compareText } from '../../../platform/collation';
import { dateOf, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { formatDecimal, sumDecimals } from '../../../platform/money';
import { resolveYear } from '../../abrechnung/services';
import type { GeburtstagRow, JubilaeumRow, Summenblatt, SummenRow, UnterschriftRow } from '../schema/listen';
import type { AdresseRow, WeiterePersonRow } from '../tables';
import { compareNames, displayName, isActive } from './names';
import { pachtverhaeltnisseOn } from './pachtverhaeltnisse';

/** A decimal string "41250.50" as Austrians write it: "41.250,50". */
export function germanDecimal(value: string | number | null | undefined, places = 2): string {
  // Grouped with a dot as UI.md asks (Intl's de-AT groups with a narrow space), and exact: no float.
  return value == null || value === '' ? '' : formatDecimal(value, places);
}

/** A lease's address and plot number (joined, so parsed: ADR 0005). */
const adresseParzelleRow = z.object({ adresse_id: z.coerce.number(), nummer: z.coerce.string() });

/** Plots with a lease running on `day`, by address id ("12, 14" sorted by number). */
export async function currentParzellenByAdresse(db: Db, day: string): Promise<Map<number, string[]>> {
  const rows = z
    .array(adresseParzelleRow)
    .parse(
      await pachtverhaeltnisseOn(db, day)
        .join('parzellen as p', 'p.id', 'pv.parzelle_id')
        .select('pv.adresse_id', 'p.nummer'),
    );
  const map = new Map<number, string[]>();
  for (const r of rows) {
    const list = map.get(Number(r.adresse_id)) ?? [];
    list.push(String(r.nummer));
    map.set(Number(r.adresse_id), list);
  }
  for (const list of map.values()) list.sort(compareText);
  return map;
}

const yearOf = (iso: string) => Number(iso.slice(0, 4));
const monthDay = (iso: string) => iso.slice(5, 10);

export const ROUND_BIRTHDAYS = [50, 60, 70, 75, 80, 85, 90, 95];
export const isRoundBirthday = (age: number) => ROUND_BIRTHDAYS.includes(age) || age >= 100;
export const JUBILEE_YEARS = [10, 15, 20, 25, 30, 40, 50, 60];

export type { GeburtstagRow, JubilaeumRow, Summenblatt, SummenRow, UnterschriftRow };

export type GeburtstagOptions = { date: string; weiterePersonen: boolean; zeitungsfilter: boolean; fifties: boolean };

/** Birthdays in the year of `date` of active addresses (and their further persons), by month and day. */
export async function geburtstagsliste(db: Db, opts: GeburtstagOptions): Promise<GeburtstagRow[]> {
  const year = yearOf(opts.date);
  const plots = await currentParzellenByAdresse(db, opts.date);
  const adressen = await db('adressen').whereNotNull('geburtsdatum').select();
  const activeIds = new Set<number>();
  const rows: GeburtstagRow[] = [];
  type Person = Pick<
    AdresseRow | WeiterePersonRow,
    'geburtsdatum' | 'zeitung_erlaubt' | 'titel' | 'vorname' | 'nachname'
  >;
  const push = (p: Person, adresseId: number, weiterePerson: boolean) => {
    const geburtsdatum = dateOf(p.geburtsdatum);
    if (!geburtsdatum) return;
    if (opts.zeitungsfilter && !p.zeitung_erlaubt) return;
    const alter = year - yearOf(geburtsdatum);
    if (alter < 0) return;
    if (opts.fifties && !isRoundBirthday(alter)) return;
    rows.push({
      name: displayName(p),
      geburtsdatum,
      alter,
      parzellen: (plots.get(adresseId) ?? []).join(', '),
      adresseId,
      weiterePerson,
    });
  };
  for (const a of adressen) {
    if (!isActive(dateOf(a.austrittsdatum), opts.date)) continue;
    activeIds.add(Number(a.id));
    push(a, Number(a.id), false);
  }
  if (opts.weiterePersonen) {
    const active = await db('adressen').select('id', 'austrittsdatum');
    const activeAll = new Set(
      active.filter((a) => isActive(dateOf(a.austrittsdatum), opts.date)).map((a) => Number(a.id)),
    );
    for (const w of await db('weitere_personen').whereNotNull('geburtsdatum').select()) {
      if (activeAll.has(Number(w.adresse_id))) push(w, Number(w.adresse_id), true);
    }
  }
  return rows.sort(
    (a, b) => monthDay(a.geburtsdatum).localeCompare(monthDay(b.geburtsdatum)) || compareNames(a.name, b.name),
  );
}

/** Members reaching 10, 15, 20, 25, 30, 40, 50 or 60 years of membership in the year of `date`. */
export async function jubilaeumsliste(db: Db, date: string): Promise<JubilaeumRow[]> {
  const year = yearOf(date);
  const plots = await currentParzellenByAdresse(db, date);
  const rows: JubilaeumRow[] = [];
  for (const a of await db('adressen').whereNotNull('eintrittsdatum').select()) {
    if (!isActive(dateOf(a.austrittsdatum), date)) continue;
    const eintrittsdatum = dateOf(a.eintrittsdatum)!;
    const jahre = year - yearOf(eintrittsdatum);
    if (!JUBILEE_YEARS.includes(jahre)) continue;
    rows.push({
      name: displayName(a),
      eintrittsdatum,
      jahre,
      parzellen: (plots.get(Number(a.id)) ?? []).join(', '),
      adresseId: Number(a.id),
    });
  }
  return rows.sort((a, b) => b.jahre - a.jahre || compareNames(a.name, b.name));
}

/** A lease running today with its plot and holder (joined, so parsed). */
const unterschriftRow = z.object({
  parzelle_id: z.coerce.number(),
  nummer: z.coerce.string(),
  gruppe_id: z.coerce.number().nullable(),
  adresse_id: z.coerce.number(),
  titel: z.string().nullable(),
  vorname: z.string().nullable(),
  nachname: z.string(),
  flags: z.coerce.number(),
});

/** One row per lease running today, by plot number; optionally only members, only one group. */
export async function unterschriftenliste(
  db: Db,
  opts: { nurMitglieder: boolean; gruppenFilter?: number; date?: string },
): Promise<UnterschriftRow[]> {
  const day = opts.date ?? todayIso();
  const q = pachtverhaeltnisseOn(db, day)
    .join('parzellen as p', 'p.id', 'pv.parzelle_id')
    .join('adressen as a', 'a.id', 'pv.adresse_id')
    .select(
      'p.id as parzelle_id',
      'p.nummer',
      'p.gruppe_id',
      'a.id as adresse_id',
      'a.titel',
      'a.vorname',
      'a.nachname',
      'a.flags',
    );
  if (opts.gruppenFilter) q.where('p.gruppe_id', opts.gruppenFilter);
  const rows = z.array(unterschriftRow).parse(await q);
  return rows
    .filter((r) => !opts.nurMitglieder || (Number(r.flags) & 256) !== 0)
    .map((r) => ({
      parzelle: String(r.nummer),
      name: displayName(r),
      adresseId: Number(r.adresse_id),
      parzelleId: Number(r.parzelle_id),
    }))
    .sort((a, b) => compareText(a.parzelle, b.parzelle) || compareNames(a.name, b.name));
}

/**
 * Counts and sums of a year: plots, areas, members, parking spaces, groups. The year is resolved as
 * every yearly call does it: the given id (404 when unknown), else the newest, else the current one.
 */
export async function summenblatt(db: Db, pachtabrechnungID?: number): Promise<Summenblatt> {
  const pa = await resolveYear(db, pachtabrechnungID);
  const today = todayIso();
  const stichtag =
    pa.jahr === yearOf(today) ? today : pa.jahr < yearOf(today) ? `${pa.jahr}-12-31` : `${pa.jahr}-01-01`;
  const parzellen = await db('parzellen').select('id', 'flaeche', 'aktiv', 'gruppe_id');
  const aktive = parzellen.filter((p) => Boolean(Number(p.aktiv)));
  const flaeche = sumDecimals(
    aktive.map((p) => p.flaeche),
    2,
  );
  const jahr = await db('parzelle_jahr')
    .where({ pachtabrechnung_id: pa.id })
    .select('parzelle_id', 'gemeinschaftsflaeche');
  const aktivIds = new Set(aktive.map((p) => Number(p.id)));
  const gemeinschaft = sumDecimals(
    jahr.filter((j) => aktivIds.has(Number(j.parzelle_id))).map((j) => j.gemeinschaftsflaeche),
    2,
  );
  const plots = z
    .array(z.object({ parzelle_id: z.coerce.number() }))
    .parse(await pachtverhaeltnisseOn(db, stichtag).select('pv.parzelle_id', 'pv.adresse_id'));
  const vergeben = new Set(plots.map((p) => Number(p.parzelle_id)).filter((id) => aktivIds.has(id)));
  const adressen = await db('adressen').select('id', 'flags', 'austrittsdatum');
  const aktiveAdressen = new Set(
    adressen.filter((a) => isActive(dateOf(a.austrittsdatum), stichtag)).map((a) => Number(a.id)),
  );
  const mitglieder = adressen.filter((a) => aktiveAdressen.has(Number(a.id)) && (Number(a.flags) & 256) !== 0).length;
  const weitere = (await db('weitere_personen').select('adresse_id')).filter((w) =>
    aktiveAdressen.has(Number(w.adresse_id)),
  ).length;
  const plaetze = await db('abstellplaetze').where({ aktiv: true }).select('id');
  const zugeordnet = new Set(
    (
      await db('abstellplatz_zuordnungen')
        .where('von', '<=', stichtag)
        .andWhere((q) => q.whereNull('bis').orWhere('bis', '>=', stichtag))
        .select('abstellplatz_id')
    ).map((z) => Number(z.abstellplatz_id)),
  );
  const plaetzeVergeben = plaetze.filter((p) => zugeordnet.has(Number(p.id))).length;
  const gruppen = await db('gruppen').orderBy('name').select('id', 'name');
  const rows: SummenRow[] = [
    { key: 'parzellen', bezeichnung: 'Parzellen (aktiv)', wert: aktive.length },
    { key: 'gesamtflaeche', bezeichnung: 'Gesamtfläche m²', wert: flaeche },
    { key: 'gemeinschaftsflaeche', bezeichnung: 'Gemeinschaftsfläche m²', wert: gemeinschaft },
    { key: 'vergebeneParzellen', bezeichnung: 'Vergebene Parzellen', wert: vergeben.size },
    { key: 'freieParzellen', bezeichnung: 'Freie Parzellen', wert: aktive.length - vergeben.size },
    { key: 'mitglieder', bezeichnung: 'Mitglieder', wert: mitglieder },
    { key: 'weiterePersonen', bezeichnung: 'Weitere Personen', wert: weitere },
    { key: 'abstellplaetze', bezeichnung: 'Abstellplätze', wert: plaetze.length },
    { key: 'abstellplaetzeVergeben', bezeichnung: 'Abstellplätze vergeben', wert: plaetzeVergeben },
    { key: 'abstellplaetzeFrei', bezeichnung: 'Abstellplätze frei', wert: plaetze.length - plaetzeVergeben },
    { key: 'gruppen', bezeichnung: 'Gruppen', wert: gruppen.length },
    ...gruppen.map((g) => ({
      key: `gruppe:${g.id}`,
      // A group is often named "Gruppe Nord": no "Gruppe Gruppe Nord".
      bezeichnung: `Parzellen in ${/^gruppe\b/i.test(g.name) ? g.name : `Gruppe ${g.name}`}`,
      wert: aktive.filter((p) => Number(p.gruppe_id) === Number(g.id)).length,
    })),
  ];
  return { pachtabrechnung: pa, stichtag, rows };
}

export type AdresseExportRow = Record<string, unknown>;

/** Addresses for the Excel export (all, or members without a current plot). */
export async function adressenFuerExport(db: Db, nurOhneParzelle: boolean): Promise<AdresseExportRow[]> {
  const today = todayIso();
  const plots = await currentParzellenByAdresse(db, today);
  const rows = (await db('adressen').select()).map((a) => ({
    ...a,
    name: displayName(a),
    geburtsdatum: dateOf(a.geburtsdatum),
    eintrittsdatum: dateOf(a.eintrittsdatum),
    austrittsdatum: dateOf(a.austrittsdatum),
    mitglied: (Number(a.flags) & 256) !== 0,
    aktiv: isActive(dateOf(a.austrittsdatum), today),
    parzellen: (plots.get(Number(a.id)) ?? []).join(', '),
  }));
  const filtered = nurOhneParzelle ? rows.filter((r) => r.mitglied && r.aktiv && !plots.has(Number(r.id))) : rows;
  return filtered.sort((a, b) => compareNames(a.name, b.name));
}
