import { todayIso } from '../../platform/dates';
import { type Db, nowDb } from '../../platform/db/db';
import type { AppServices } from '../../platform/services';
import { ensureYear } from '../abrechnung/services';
import { abstellplatzKategorienById } from '../vereinseinstellungen/services';

/** mulberry32: a small seeded generator, so the demo club is the same on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VORNAMEN_W = [
  'Maria',
  'Anna',
  'Elisabeth',
  'Johanna',
  'Theresia',
  'Gertrude',
  'Brigitte',
  'Monika',
  'Sabine',
  'Claudia',
  'Andrea',
  'Petra',
  'Karin',
  'Eva',
  'Ingrid',
  'Helga',
  'Julia',
  'Katharina',
  'Lena',
  'Sophie',
];
const VORNAMEN_M = [
  'Franz',
  'Josef',
  'Johann',
  'Karl',
  'Leopold',
  'Friedrich',
  'Günther',
  'Herbert',
  'Wolfgang',
  'Gerhard',
  'Walter',
  'Helmut',
  'Manfred',
  'Thomas',
  'Michael',
  'Andreas',
  'Stefan',
  'Markus',
  'Lukas',
  'Florian',
];
const NACHNAMEN = [
  'Gruber',
  'Huber',
  'Wagner',
  'Müller',
  'Pichler',
  'Steiner',
  'Moser',
  'Mayer',
  'Hofer',
  'Leitner',
  'Berger',
  'Fuchs',
  'Eder',
  'Fischer',
  'Schmid',
  'Winkler',
  'Weber',
  'Schwarz',
  'Maier',
  'Schneider',
  'Reiter',
  'Mayr',
  'Schmidt',
  'Wimmer',
  'Egger',
  'Brunner',
  'Lang',
  'Baumgartner',
  'Auer',
  'Binder',
  'Lechner',
  'Wolf',
  'Wallner',
  'Aigner',
  'Ebner',
  'Koller',
  'Lehner',
  'Haas',
  'Schuster',
  'Holzer',
];
const STRASSEN: [string, string][] = [
  ['Favoritenstraße', '1100'],
  ['Laxenburger Straße', '1100'],
  ['Simmeringer Hauptstraße', '1110'],
  ['Meidlinger Hauptstraße', '1120'],
  ['Hietzinger Hauptstraße', '1130'],
  ['Linzer Straße', '1140'],
  ['Mariahilfer Straße', '1150'],
  ['Thaliastraße', '1160'],
  ['Hernalser Hauptstraße', '1170'],
  ['Währinger Straße', '1180'],
  ['Grinzinger Straße', '1190'],
  ['Brigittenauer Lände', '1200'],
  ['Brünner Straße', '1210'],
  ['Wagramer Straße', '1220'],
  ['Breitenfurter Straße', '1230'],
];
const GRUPPEN = ['Gruppe Nord', 'Gruppe Süd', 'Gruppe Ost', 'Gruppe West'];
const FUNKTIONEN = ['Obmann', 'Kassier', 'Schriftführer', 'Wasserwart', 'Rechnungsprüfer'];

const pad = (n: number) => String(n).padStart(2, '0');

/** Inserts one row and answers its id: SQLite and MySQL both answer [id] (no RETURNING, which MySQL lacks). */
async function insertId(db: Db, table: string, row: Record<string, unknown>): Promise<number> {
  const [id] = await db(table).insert(row);
  return Number(id);
}

/** The Stammdaten part of the demo club „KGV Sonnenhang“; skipped when plots exist already. */
export async function seedDemoStammdaten(_services: AppServices, db: Db): Promise<void> {
  if (await db('parzellen').first('id')) return;
  const rnd = random(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const date = (fromYear: number, toYear: number) => `${int(fromYear, toYear)}-${pad(int(1, 12))}-${pad(int(1, 28))}`;
  const now = nowDb();
  const stamps = { created_at: now, updated_at: now };
  const today = todayIso();
  const jahr = Number(today.slice(0, 4));

  const paId = (await ensureYear(db, jahr, `Pachtabrechnung ${jahr}`)).id;

  const gruppen: number[] = [];
  for (const name of GRUPPEN) {
    const existing = await db('gruppen').where({ name }).first('id');
    gruppen.push(existing ? Number(existing.id) : await insertId(db, 'gruppen', { name, beschreibung: '', ...stamps }));
  }

  const hwz: number[] = [];
  for (const [nummer, standort] of [
    ['HWZ-1', 'Schacht beim Vereinshaus'],
    ['HWZ-2', 'Schacht Südeingang'],
  ] as const) {
    const existing = await db('hauptwasserzaehler').where({ nummer }).first('id');
    hwz.push(
      existing
        ? Number(existing.id)
        : await insertId(db, 'hauptwasserzaehler', {
            nummer,
            bezeichnung: `Hauptwasserzähler ${nummer.slice(-1)}`,
            standort,
            eichdatum: `${jahr - 3}-04-15`,
            aktiv: true,
            ...stamps,
          }),
    );
  }

  const parzellen: number[] = [];
  for (let n = 1; n <= 120; n++) {
    const flaeche = (int(25000, 45000) / 100).toFixed(2);
    const id = await insertId(db, 'parzellen', {
      nummer: String(n),
      flaeche,
      flags: rnd() < 0.1 ? 1 : rnd() < 0.1 ? 4 : 0,
      wasserzaehler_nummer: `WZ-${String(10000 + n)}`,
      hauptwasserzaehler_id: n <= 60 ? hwz[0] : hwz[1],
      gruppe_id: gruppen[Math.floor((n - 1) / 30)],
      aktiv: true,
      ...stamps,
    });
    parzellen.push(id);
    await db('parzelle_jahr').insert({
      parzelle_id: id,
      pachtabrechnung_id: paId,
      gemeinschaftsflaeche: (Number(flaeche) * 0.25).toFixed(2),
      anzahl_parkkarten: int(0, 2),
    });
  }

  const adressen: number[] = [];
  for (let i = 0; i < 150; i++) {
    const weiblich = rnd() < 0.5;
    const [strasse, plz] = pick(STRASSEN);
    const vorname = pick(weiblich ? VORNAMEN_W : VORNAMEN_M);
    const nachname = pick(NACHNAMEN);
    const member = i < 135;
    const id = await insertId(db, 'adressen', {
      anrede: weiblich ? 'Frau' : 'Herr',
      titel: rnd() < 0.06 ? pick(['Dr.', 'Mag.', 'Ing.', 'DI']) : '',
      vorname,
      nachname,
      strasse: `${strasse} ${int(1, 180)}`,
      plz,
      ort: 'Wien',
      land: 'Österreich',
      telefon: `+43 1 ${int(200, 999)} ${int(10, 99)} ${int(10, 99)}`,
      mobil: rnd() < 0.7 ? `+43 664 ${int(100, 999)} ${int(1000, 9999)}` : '',
      email: rnd() < 0.75 ? `${vorname}.${nachname}${i}@example.at`.toLowerCase().replace(/ü/g, 'ue') : '',
      geburtsdatum: date(1940, 1995),
      eintrittsdatum: date(1975, jahr - 1),
      austrittsdatum: member ? null : date(2015, jahr - 1),
      flags: member ? 256 + 1 : 1,
      adresstyp: 1,
      iban: '',
      zeitung_erlaubt: rnd() < 0.6,
      ...stamps,
    });
    adressen.push(id);
    if (rnd() < 0.3) {
      await db('weitere_personen').insert({
        adresse_id: id,
        anrede: weiblich ? 'Herr' : 'Frau',
        vorname: pick(weiblich ? VORNAMEN_M : VORNAMEN_W),
        nachname,
        beziehung: 'Ehepartner',
        geburtsdatum: date(1940, 1995),
        flags: 0,
        zeitung_erlaubt: rnd() < 0.5,
        ...stamps,
      });
    }
  }

  // 115 leases: the first 115 members each hold one plot; plots 116–120 stay free.
  for (let n = 0; n < 115; n++) {
    const adresseId = adressen[n]!;
    const eintritt = await db('adressen').where({ id: adresseId }).first('eintrittsdatum');
    await db('pachtverhaeltnisse').insert({
      parzelle_id: parzellen[n],
      adresse_id: adresseId,
      von: String(eintritt?.eintrittsdatum ?? `${jahr}-01-01`).slice(0, 10),
      bis: null,
      created_at: now,
    });
  }

  const kategorien = [...(await abstellplatzKategorienById(db)).values()].sort((a, b) => a.id - b.id);
  if (kategorien.length) {
    for (let n = 1; n <= 30; n++) {
      const id = await insertId(db, 'abstellplaetze', {
        nummer: `A${pad(n)}`,
        kategorie_id: kategorien[(n - 1) % kategorien.length]!.id,
        aktiv: true,
        ...stamps,
      });
      if (n <= 24) {
        await db('abstellplatz_zuordnungen').insert({
          abstellplatz_id: id,
          adresse_id: adressen[(n * 4) % 115],
          von: `${jahr - int(0, 6)}-01-01`,
          bis: null,
          created_at: now,
        });
      }
    }
  }

  for (const [i, name] of FUNKTIONEN.entries()) {
    const existing = await db('funktionen').where({ name }).first('id');
    const funktionId = existing
      ? Number(existing.id)
      : await insertId(db, 'funktionen', { name, sortierung: (i + 1) * 10, pflicht: true, ...stamps });
    await db('funktionaere').insert({
      funktion_id: funktionId,
      adresse_id: adressen[i * 7 + 2],
      von: `${jahr - 2}-03-01`,
      bis: `${jahr + 2}-02-28`,
      notiz: null,
      ...stamps,
    });
  }
}
