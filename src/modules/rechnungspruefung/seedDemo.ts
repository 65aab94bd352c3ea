import { type Actor, systemActor } from '../../platform/auth/principal';
import { addDays, todayIso } from '../../platform/dates';
import { type Db, nowDb } from '../../platform/db/db';
import { recordHistory } from '../../platform/history/history';
import type { AppServices } from '../../platform/services';
import { bucheEintraege } from '../kassa/services';
import { nutzungsberechtigteOn, parzellenLookup } from '../stammdaten/services';
import { mahneRechnung } from './services/mahnungen';
import { legeRechnungenAn, type NeueRechnung } from './services/rechnungenAnlegen';
import { VERSICHERUNG_HISTORY_TYPE } from './services/versicherungen';
import { ordneZu } from './services/zuordnungen';

// The demo club's Rechnungsprüfung: insurances of the current year for about 30 plots (so the
// Zahlungsvorschreibung shows them), and a few manual receivables of members („Schlüssel Gartentor“,
// „Stromanteil“, „Reparatur Wasseruhr“) in every state the screens know: paid by bank, paid in cash,
// partly paid, overdue with a Zahlungserinnerung (level 1), not yet due, and an overpayment kept as
// the member's credit (Guthaben). Payments are Kassa entries booked through Kassa's bucheEintraege
// and allocated through ordneZu, reminders through mahneRechnung: the demo obeys the rules a
// Kassier's clicks do. The Kassa and Abrechnung demo parts run first (modules' order).

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

const VERSICHERER = [
  ['Wiener Städtische', 'Haushaltsversicherung Gartenhaus'],
  ['UNIQA', 'Eigenheim- und Haushaltsversicherung'],
  ['Donau Versicherung', 'Sturm- und Elementarschadenversicherung'],
  ['Grazer Wechselseitige', 'Feuerversicherung Gartenhaus'],
] as const;

async function seedVersicherungen(db: Db, actor: Actor, jahr: number): Promise<void> {
  if (await db('versicherungen').where({ jahr }).first('id')) return;
  const rnd = random(20261201);
  const plots = (await parzellenLookup(db)).filter((_, i) => i % 3 !== 1).slice(0, 30);
  const now = nowDb();
  for (const [i, p] of plots.entries()) {
    const [versicherer, text] = VERSICHERER[i % VERSICHERER.length]!;
    const [id] = await db('versicherungen').insert({
      version: 1,
      jahr,
      parzelle_id: p.id,
      versicherer,
      polizze: `${versicherer.slice(0, 2).toUpperCase()}-${String(40_000 + Math.floor(rnd() * 50_000))}`,
      text,
      // 25,00 € … 120,00 € in whole 50 cents, as insurers bill.
      praemie_cent: 2_500 + Math.floor(rnd() * 191) * 50,
      created_at: now,
      updated_at: now,
    });
    await recordHistory(db, actor, {
      entityType: VERSICHERUNG_HISTORY_TYPE,
      entityId: Number(id),
      action: 'create',
      after: { jahr, parzelleId: p.id, versicherer, text },
    });
  }
}

type Fall = {
  text: string;
  konto: string;
  cent: number;
  /** Paid by bank (or `bar`), in cents; more than the amount: the rest is the member's credit. */
  bezahlt?: number;
  bar?: boolean;
  /** Dated today, due in 14 days. */
  neu?: boolean;
  mahnen?: boolean;
};

const FAELLE: Fall[] = [
  { text: 'Schlüssel Gartentor (Nachbestellung)', konto: '4000', cent: 2_500, bezahlt: 2_500 },
  { text: 'Stromanteil Vereinsleitung', konto: '4030', cent: 4_860, bezahlt: 2_000 },
  { text: 'Stromanteil Vereinsleitung', konto: '4030', cent: 6_240, mahnen: true },
  { text: 'Schlüssel Gartentor (Ersatz)', konto: '4000', cent: 2_500, bezahlt: 4_000 },
  { text: 'Reparatur Wasseruhr', konto: '4020', cent: 8_000, bezahlt: 8_000, bar: true },
  { text: 'Stromanteil Vereinsleitung', konto: '4030', cent: 3_500, neu: true },
];

/** Skipped when a manual receivable exists already (seeding twice adds nothing). */
async function seedRechnungen(db: Db, actor: Actor, heute: string): Promise<void> {
  if (await db('rechnungen').where({ art: 'manuell' }).first('id')) return;
  const jahr = Number(heute.slice(0, 4));
  const periode = await db('kassaabrechnungen').where({ jahr }).first('id');
  const bank = await db('konten').where({ art: 'bank', aktiv: true }).orderBy('id').first('id');
  const kasse = await db('konten').where({ art: 'kassa', aktiv: true }).orderBy('id').first('id');
  if (!periode || !bank || !kasse) return;
  const konten = new Map(
    (await db('buchungskonten').where({ kassaabrechnung_id: periode.id }).select('id', 'nummer')).map((r) => [
      String(r.nummer),
      Number(r.id),
    ]),
  );
  const halter = [...(await nutzungsberechtigteOn(db, heute))].slice(3, 3 + FAELLE.length);
  if (halter.length < FAELLE.length) return;
  const nummern = new Map((await parzellenLookup(db)).map((p) => [p.id, p.name]));

  // Two months ago, due two weeks later: overdue today. Payments a month ago, not before New Year
  // (last year's Kassa period is closed).
  const datum = addDays(heute, -60);
  const frueh = addDays(heute, -30) > `${jahr}-01-02` ? addDays(heute, -30) : `${jahr}-01-02`;
  const zahltag = frueh < heute ? frueh : heute;
  const neue: NeueRechnung[] = FAELLE.map((f, i) => {
    const [parzelleId, h] = halter[i]!;
    return {
      art: 'manuell',
      adresseId: h.adresseId,
      adresseName: h.name,
      parzelleId,
      datum: f.neu ? heute : datum,
      faelligAm: addDays(f.neu ? heute : datum, 14),
      positionen: [
        {
          parzelleId,
          parzelleNummer: nummern.get(parzelleId) ?? '',
          art: 'manuell',
          text: f.text,
          betragCent: f.cent,
          steuersatz: f.konto === '4030' ? 20 : f.konto === '4020' ? 10 : 0,
          buchungskontoId: konten.get(f.konto) ?? null,
        },
      ],
    };
  });
  const angelegt = await legeRechnungenAn(db, neue);
  for (const [i, f] of FAELLE.entries()) {
    const r = angelegt[i]!;
    if (f.bezahlt) {
      const [eintrag] = await bucheEintraege(db, actor, [
        {
          datum: zahltag,
          betragCent: f.bezahlt,
          kontoId: Number(f.bar ? kasse.id : bank.id),
          buchungskontoId: konten.get(f.konto) ?? [...konten.values()][0]!,
          adresseId: r.adresseId,
          text: `${f.text} ${r.nummer} ${neue[i]!.adresseName}`,
        },
      ]);
      await ordneZu(db, actor, {
        kassabuchId: Number(eintrag!.id),
        zuordnungen: [{ rechnungId: r.id, betragCent: Math.min(f.bezahlt, f.cent) }],
        restAlsGuthaben: f.bezahlt > f.cent ? { adresseId: r.adresseId } : null,
        quelle: f.bar ? 'barzahlung' : 'manuell',
      });
    }
    if (f.mahnen) await mahneRechnung(db, actor, r.id, heute, false, false);
  }
}

export async function seedDemoRechnungspruefung(_services: AppServices, db: Db): Promise<void> {
  const actor = systemActor('Demodaten');
  const heute = todayIso();
  await seedVersicherungen(db, actor, Number(heute.slice(0, 4)));
  await seedRechnungen(db, actor, heute);
}
