import { systemActor } from '../../platform/auth/principal';
import { todayIso } from '../../platform/dates';
import type { Db } from '../../platform/db/db';
import type { AppServices } from '../../platform/services';
import { ensureYear } from '../abrechnung/services';
import { ablesungBody, zaehlerwechselBody } from './schema/ablesungen';
import { akontoBody } from './schema/abrechnung';
import { wassergrunddatenBody } from './schema/grunddaten';
import { saveAblesung } from './services/ablesungen';
import { erstelleAbrechnung } from './services/abrechnungStore';
import { getAkontoBerechnung, saveAkonto } from './services/akonto';
import { fromLiter } from './services/readingRows';
import { grunddatenFuerJahr, saveWassergrunddaten } from './services/wassergrunddaten';
import { zaehlerwechselParzelle } from './services/zaehlerwechsel';

// The water book of the demo club „KGV Sonnenhang“: the year's Wassergrunddaten, a spring and an
// autumn reading round of every main meter and plot (one plot changes its meter in summer), the
// spring akonto and the autumn settlement, all through the services a Wasserwart's clicks call.

/** mulberry32, as Stammdaten's part: the same demo on every machine. */
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

/** The plot that changes its meter between the rounds (its number in the demo). */
const WECHSEL_PARZELLE = '7';

/**
 * Skipped when the water book has readings already, or when Stammdaten seeded no plots. The year
 * is the current one once its autumn round is past, else the previous one, so no reading lies in
 * the future.
 */
export async function seedDemoWasserbuch(_services: AppServices, db: Db): Promise<void> {
  if (await db('wasserablesungen').first('id')) return;
  const plots = await db('parzellen')
    .where('aktiv', true)
    .whereNotNull('wasserzaehler_nummer')
    .orderBy('id')
    .select('id', 'nummer', 'wasserzaehler_nummer', 'hauptwasserzaehler_id');
  const mains = await db('hauptwasserzaehler').where('aktiv', true).orderBy('id').select('id');
  if (plots.length === 0) return;
  const actor = systemActor('Demodaten');
  const rnd = random(20261125);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

  const today = todayIso();
  const jahr = Number(today.slice(0, 4)) - (today < `${today.slice(0, 4)}-10-15` ? 1 : 0);
  const akontoDatum = `${jahr}-03-01`;
  const fruehjahr = `${jahr}-04-15`;
  const sommer = `${jahr}-07-01`;
  const herbst = `${jahr}-10-15`;

  const pa = await ensureYear(db, jahr, `Pachtabrechnung ${jahr}`);
  if (!(await grunddatenFuerJahr(db, jahr))) {
    await saveWassergrunddaten(
      db,
      actor,
      wassergrunddatenBody.parse({
        id: 0,
        pachtabrechnungId: pa.id,
        preisProM3: '2.10',
        grundgebuehrCent: 1200,
        schwundMethode: 'proportional',
        akontoMindestCent: 6000,
        verbrauchsfaktorWarnung: '3',
        schwundWarnungProzent: '30',
      }),
    );
  }

  const read = (datum: string, owner: { parzelleId?: number; hauptwasserzaehlerId?: number }, liter: number) =>
    saveAblesung(db, actor, ablesungBody.parse({ id: 0, datum, ...owner, stand: fromLiter(liter) }));

  // Plots: a spring stand, then 4–45 m³ over the summer (whole litres).
  const verbrauchProHwz = new Map<number, number>();
  for (const p of plots) {
    const start = int(50_000, 900_000);
    const verbrauch = int(4_000, 45_000);
    const hwz = p.hauptwasserzaehler_id === null ? null : Number(p.hauptwasserzaehler_id);
    if (hwz !== null) verbrauchProHwz.set(hwz, (verbrauchProHwz.get(hwz) ?? 0) + verbrauch);
    await read(fruehjahr, { parzelleId: Number(p.id) }, start);
    if (p.nummer === WECHSEL_PARZELLE) {
      // The old meter ran to July; the new one starts at 0 and counts the rest.
      const bisWechsel = Math.floor(verbrauch * 0.4);
      await zaehlerwechselParzelle(
        db,
        actor,
        zaehlerwechselBody.parse({
          parzelleId: Number(p.id),
          datum: sommer,
          endstand: fromLiter(start + bisWechsel),
          neueNummer: `WZ-${20000 + Number(p.nummer)}`,
          anfangsstand: '0',
          plombe: 'PL-4711',
        }),
      );
      await read(herbst, { parzelleId: Number(p.id) }, verbrauch - bisWechsel);
    } else {
      await read(herbst, { parzelleId: Number(p.id) }, start + verbrauch);
    }
  }
  // Main meters: their plots' water plus 5–12 % lost in the pipes.
  for (const [i, h] of mains.entries()) {
    const start = 12_340_000 + i * 8_530_000;
    const summe = verbrauchProHwz.get(Number(h.id)) ?? 0;
    const verlust = Math.round((summe * int(5, 12)) / 100);
    await read(fruehjahr, { hauptwasserzaehlerId: Number(h.id) }, start);
    await read(herbst, { hauptwasserzaehlerId: Number(h.id) }, start + summe + verlust);
  }

  // The spring akonto as proposed (the minimum: no earlier settlement), then the autumn settlement.
  const vorschlag = await getAkontoBerechnung(db, akontoDatum);
  await saveAkonto(
    db,
    actor,
    akontoBody.parse({
      stichtag: akontoDatum,
      zeilen: vorschlag.zeilen.map((z) => ({ parzelleId: z.parzelleId, akontoCent: z.vorschlagCent })),
    }),
  );
  await erstelleAbrechnung(db, actor, { stichtag: herbst, von: fruehjahr, akontoStichtag: akontoDatum });
}
