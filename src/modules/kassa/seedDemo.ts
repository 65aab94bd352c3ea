import { systemActor } from '../../platform/auth/principal';
import { todayIso } from '../../platform/dates';
import { type Db, nowDb } from '../../platform/db/db';
import type { AppServices } from '../../platform/services';
import { buchungskontoBody, parzellenZuordnungBody } from './schema/buchungskonten';
import { kassaabrechnungBody } from './schema/kassaabrechnung';
import { kontoBody } from './schema/konten';
import { kostenstelleBody } from './schema/kostenstellen';
import { bucheEintraege, type NeueBuchung } from './services/buchen';
import { saveBuchungskonto } from './services/buchungskonten';
import { saveParzellenZuordnung } from './services/buchungskontoParzellen';
import { closeKassaabrechnung, saveKassaabrechnung } from './services/kassaabrechnungen';
import { newKassaabrechnung } from './services/kassaabrechnungNeu';
import { filterVon } from './services/kassabuchFilter';
import { saveKonto } from './services/konten';
import { saveKostenstelle } from './services/kostenstellen';
import { schliesseGefilterte } from './services/pruefen';

// The cash book of the demo club „KGV Sonnenhang“: last year closed, this year open (carried over by
// GetNewKassaabrechnung), the Girokonto and the Handkassa, the booking accounts of a typical
// Austrian Kleingartenverein, three cost centres, about 60 entries booked through bucheEintraege
// (dates up to today), plot-specific Strom and Kanal shares and three fixed assets. Everything goes
// through the services a Kassier's clicks call, so the demo obeys the same rules.

/** mulberry32, as the other demo parts: the same demo on every machine. */
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

const BUCHUNGSKONTEN = [
  ['4000', 'Mitgliedsbeiträge', 'einnahme', 0],
  ['4010', 'Pachtzins (Unterpacht)', 'einnahme', 0],
  ['4020', 'Wassergeld', 'einnahme', 10],
  ['4030', 'Stromkostenersatz', 'einnahme', 20],
  ['4040', 'Kanalgebühr', 'einnahme', 0],
  ['4100', 'Vereinsfeste (Einnahmen)', 'einnahme', 10],
  ['4200', 'Spenden', 'einnahme', 0],
  ['4900', 'Zinserträge', 'einnahme', 0],
  ['7000', 'Pachtzins Grundeigentümer', 'ausgabe', 0],
  ['7010', 'Wasserbezug Gemeinde', 'ausgabe', 10],
  ['7020', 'Strom Vereinsanlagen', 'ausgabe', 20],
  ['7100', 'Versicherung', 'ausgabe', 0],
  ['7200', 'Instandhaltung', 'ausgabe', 20],
  ['7300', 'Vereinsfeste (Ausgaben)', 'ausgabe', 20],
  ['7400', 'Büro und Porto', 'ausgabe', 20],
  ['7500', 'Bankspesen', 'ausgabe', 0],
] as const;

/** Plot-specific yearly amounts: the Strom share and the Kanal fee, each assigned to some plots. */
const PARZELLENSPEZIFISCH: Record<string, number> = { '4030': 4_800, '4040': 3_600 };

const KOSTENSTELLEN = [
  ['1', 'Vereinshaus'],
  ['2', 'Wasserleitung'],
  ['3', 'Vereinsfest'],
] as const;

/** Skipped when a cash period exists already (seeding twice adds nothing). */
export async function seedDemoKassa(_services: AppServices, db: Db): Promise<void> {
  if (await db('kassaabrechnungen').first('id')) return;
  const actor = systemActor('Demodaten');
  const rnd = random(20261126);
  const euro = (min: number, max: number) => Math.round((min + rnd() * (max - min)) * 100);
  const heute = todayIso();
  const jahr = Number(heute.slice(0, 4));
  const vorjahr = jahr - 1;

  const alt = await saveKassaabrechnung(
    db,
    actor,
    kassaabrechnungBody.parse({
      jahr: vorjahr,
      bezeichnung: `Kassa ${vorjahr}`,
      von: `${vorjahr}-01-01`,
      bis: `${vorjahr}-12-31`,
    }),
  );
  const bank = await saveKonto(
    db,
    actor,
    kontoBody.parse({
      name: 'Girokonto Raiffeisen',
      art: 'bank',
      iban: 'AT61 1904 3002 3457 3201',
      bic: 'BKAUATWW',
      aktiv: true,
      anfangsbestandCent: 1_845_020,
      kassaabrechnungId: alt.id,
    }),
  );
  const kassa = await saveKonto(
    db,
    actor,
    kontoBody.parse({
      name: 'Handkassa',
      art: 'kassa',
      aktiv: true,
      anfangsbestandCent: 32_050,
      kassaabrechnungId: alt.id,
    }),
  );
  const bk = new Map<string, number>();
  for (const [nummer, name, art, steuersatz] of BUCHUNGSKONTEN) {
    const saved = await saveBuchungskonto(
      db,
      actor,
      alt.id,
      buchungskontoBody.parse({
        nummer,
        name,
        art,
        steuersatz,
        parzellenspezifisch: nummer in PARZELLENSPEZIFISCH,
        jahresbetragCent: PARZELLENSPEZIFISCH[nummer] ?? 0,
      }),
    );
    bk.set(nummer, saved.id);
  }
  const ks = new Map<string, number>();
  for (const [nummer, name] of KOSTENSTELLEN) {
    ks.set(
      nummer,
      (await saveKostenstelle(db, actor, kostenstelleBody.parse({ kassaabrechnungId: alt.id, nummer, name }))).id,
    );
  }
  const plots = (await db('parzellen').where('aktiv', true).orderBy('id').select('id')).map((r) => Number(r.id));
  if (plots.length) {
    for (const [nummer, anzahl] of [
      ['4030', 12],
      ['4040', 6],
    ] as const) {
      await saveParzellenZuordnung(
        db,
        actor,
        parzellenZuordnungBody.parse({ buchungskontoId: bk.get(nummer), parzellenIds: plots.slice(0, anzahl) }),
      );
    }
  }

  // The year's entries; the current year's only up to today. The booking accounts of the current
  // year are the carried-over copies, found by number.
  const buchungen = (j: number, konten: Map<string, number>, kst: Map<string, number>): NeueBuchung[] => {
    const e = (
      datum: string,
      betragCent: number,
      nummer: string,
      text: string,
      opts: { konto?: number; kostenstelle?: string } = {},
    ): NeueBuchung => ({
      datum: `${j}-${datum}`,
      betragCent,
      kontoId: opts.konto ?? bank.id,
      buchungskontoId: konten.get(nummer) as number,
      kostenstelleId: opts.kostenstelle ? (kst.get(opts.kostenstelle) ?? null) : null,
      text,
    });
    const list: NeueBuchung[] = [
      e('01-15', euro(1_900, 2_400), '4000', 'Mitgliedsbeiträge Sammeleingang Jänner'),
      e('02-03', euro(1_500, 2_100), '4000', 'Mitgliedsbeiträge Sammeleingang Februar'),
      e('02-20', euro(300, 600), '4000', 'Mitgliedsbeiträge Nachzahlungen'),
      e('02-28', -euro(8_200, 8_600), '7000', 'Pachtzins Grundeigentümer 1. Halbjahr'),
      e('03-05', euro(2_800, 3_400), '4010', 'Pachtzins Unterpächter 1. Rate'),
      e('03-18', -euro(1_180, 1_260), '7100', 'Haftpflicht- und Feuerversicherung'),
      e('03-31', -euro(11, 14), '7500', 'Kontoführung 1. Quartal'),
      e('04-08', -euro(90, 160), '7200', 'Dichtungen Wasserleitung', { konto: kassa.id, kostenstelle: '2' }),
      e('04-12', -euro(380, 420), '7020', 'Strom Vereinshaus 1. Quartal', { kostenstelle: '1' }),
      e('04-22', -euro(35, 60), '7400', 'Briefmarken Einladung Generalversammlung', { konto: kassa.id }),
      e('05-10', -euro(600, 900), '7200', 'Rasentraktor Service', { kostenstelle: '1' }),
      e('05-28', euro(50, 150), '4200', 'Spende Gartenfreunde', { konto: kassa.id }),
      e('06-14', euro(1_600, 2_100), '4100', 'Sommerfest Getränke und Speisen', { konto: kassa.id, kostenstelle: '3' }),
      e('06-15', -euro(550, 700), '7300', 'Sommerfest Einkauf Getränke', { konto: kassa.id, kostenstelle: '3' }),
      e('06-16', -euro(250, 350), '7300', 'Sommerfest Zeltmiete', { kostenstelle: '3' }),
      e('06-30', -euro(11, 14), '7500', 'Kontoführung 2. Quartal'),
      e('07-10', -euro(360, 440), '7020', 'Strom Vereinshaus 2. Quartal', { kostenstelle: '1' }),
      e('07-20', -euro(1_400, 1_900), '7010', 'Wasserbezug Gemeinde 1. Halbjahr', { kostenstelle: '2' }),
      e('08-01', -euro(8_200, 8_600), '7000', 'Pachtzins Grundeigentümer 2. Halbjahr'),
      e('08-05', euro(2_800, 3_400), '4010', 'Pachtzins Unterpächter 2. Rate'),
      e('08-25', -euro(40, 120), '7200', 'Schrauben und Kleinmaterial', { konto: kassa.id, kostenstelle: '1' }),
      e('09-15', euro(500, 700), '4030', 'Stromkostenersatz Parzellen'),
      e('09-16', euro(200, 260), '4040', 'Kanalgebühr Parzellen'),
      e('09-30', -euro(11, 14), '7500', 'Kontoführung 3. Quartal'),
      e('10-10', -euro(380, 460), '7020', 'Strom Vereinshaus 3. Quartal', { kostenstelle: '1' }),
      e('10-20', -euro(20, 45), '7400', 'Kopierpapier und Toner', { konto: kassa.id }),
      e('11-05', euro(2_400, 3_000), '4020', 'Wassergeld Abrechnung Sammeleingang'),
      e('11-12', euro(150, 400), '4020', 'Wassergeld Nachzahlungen'),
      e('11-20', -euro(1_300, 1_800), '7010', 'Wasserbezug Gemeinde 2. Halbjahr', { kostenstelle: '2' }),
      e('12-10', -euro(250, 400), '7200', 'Winterfest machen Wasserleitung', { kostenstelle: '2' }),
      e('12-31', euro(5, 25), '4900', 'Habenzinsen'),
      e('12-31', -euro(11, 14), '7500', 'Kontoführung 4. Quartal'),
    ];
    return list.filter((b) => b.datum <= heute);
  };

  await bucheEintraege(db, actor, buchungen(vorjahr, bk, ks));
  // The auditors checked last year before it was closed: its entries are locked and chained.
  await schliesseGefilterte(db, actor, filterVon({ kassaabrechnungID: alt.id }));
  await closeKassaabrechnung(db, actor, alt.id);

  const neu = await newKassaabrechnung(db, actor, jahr);
  const nachNummer = async (table: 'buchungskonten' | 'kostenstellen') =>
    new Map(
      (await db(table).where({ kassaabrechnung_id: neu.id }).select('id', 'nummer')).map((r) => [
        r.nummer,
        Number(r.id),
      ]),
    );
  await bucheEintraege(
    db,
    actor,
    buchungen(jahr, await nachNummer('buchungskonten'), await nachNummer('kostenstellen')),
  );

  // Three fixed assets (the Anlageverzeichnis; its routes are another part's).
  if (!(await db('anlagen').first('id'))) {
    const now = nowDb();
    for (const a of [
      ['Rasentraktor Husqvarna TC 138', 'Maschinen', '2023-04-12', 489_000, 8],
      ['Motorheckenschere', 'Geräte', '2024-08-03', 38_900, 5],
      ['Küche Vereinshaus', 'Gebäudeausstattung', '2022-03-01', 1_250_000, 10],
    ] as const) {
      await db('anlagen').insert({
        version: 1,
        bezeichnung: a[0],
        kategorie: a[1],
        anschaffungsdatum: a[2],
        anschaffungskosten_cent: a[3],
        nutzungsdauer_jahre: a[4],
        abgangsdatum: null,
        abgangserloes_cent: null,
        kassabuch_id: null,
        notiz: null,
        created_at: now,
        updated_at: now,
      });
    }
  }
}
