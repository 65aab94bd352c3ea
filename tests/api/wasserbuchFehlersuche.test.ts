import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveSection } from '../../src/modules/vereinseinstellungen/services';
import type { Ablesung } from '../../src/modules/wasserbuch/schema/ablesungen';
import type { Befund, Fehlersuche } from '../../src/modules/wasserbuch/schema/fehlersuche';
import { wassergrunddatenBody } from '../../src/modules/wasserbuch/schema/grunddaten';
import { saveWassergrunddaten } from '../../src/modules/wasserbuch/services/wassergrunddaten';
import { systemActor } from '../../src/platform/auth/principal';
import type { ApiClient } from '../helpers/apiClient';
import { buildHauptwasserzaehler, buildPachtabrechnung, buildParzelle } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';

// GetFehlersuche: each of DOMAIN.md's five findings on its own, through the API, and a clean
// round without any. Each test reads its own year; afterwards its plots and main meters are set
// inactive, so every test sees only its own findings and can compare the whole answer.

let app: TestApp;
let wasserwart: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  wasserwart = await app.signedIn(['Wasserwart']);
});
afterAll(() => app.stop());
afterEach(async () => {
  await app.services.db('parzellen').update({ aktiv: false });
  await app.services.db('hauptwasserzaehler').update({ aktiv: false });
});

type Problem = { title: string; errors?: Record<string, string[]> };
let meters = 0;
const main = () => buildHauptwasserzaehler(app.services, { nummer: `H-${++meters}` });
const plot = (hauptwasserzaehlerId: number | null = null) =>
  buildParzelle(app.services, { wasserzaehlerNummer: `WZ-${++meters}`, hauptwasserzaehlerId });

const read = async (datum: string, owner: { parzelleId?: number; hauptwasserzaehlerId?: number }, stand: string) => {
  const res = await wasserwart.post<Ablesung & Problem>('Wasserbuch/UpdateWasserablesung', { datum, ...owner, stand });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const suche = async (query: Record<string, string>) => {
  const res = await wasserwart.get<Fehlersuche & Problem>('Wasserbuch/GetFehlersuche', query);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const arten = (befunde: Befund[]) => befunde.map((b) => b.art);

describe('GetFehlersuche', () => {
  it('finds nothing in a clean round: every meter read, loss below the threshold, normal consumption', async () => {
    const h = await main();
    const p1 = await plot(h.id);
    const p2 = await plot(h.id);
    for (const [datum, hs, s1, s2] of [
      ['2020-04-01', '100', '10', '20'],
      ['2020-10-01', '200', '50', '60'],
      ['2021-04-01', '300', '90', '100'],
    ] as const) {
      await read(datum, { hauptwasserzaehlerId: h.id }, hs);
      await read(datum, { parzelleId: p1.id }, s1);
      await read(datum, { parzelleId: p2.id }, s2);
    }
    const res = await suche({ stichtag: '2021-04-01', von: '2020-10-01' });
    expect(res).toEqual({ stichtag: '2021-04-01', von: '2020-10-01', befunde: [] });
    // Without `von` the period starts at the earliest reading date.
    expect((await suche({ stichtag: '2021-04-01' })).von).toBe('2020-04-01');
  });

  it('reports a plot and a main meter without a reading at the stichtag, linking the empty round row', async () => {
    const h = await main();
    const p1 = await plot(h.id);
    const p2 = await plot(h.id);
    await read('2022-04-01', { hauptwasserzaehlerId: h.id }, '100');
    await read('2022-04-01', { parzelleId: p1.id }, '10');
    await read('2022-04-01', { parzelleId: p2.id }, '20');
    // The round of the stichtag: p1 read, p2 and the main meter not.
    const runde = await wasserwart.post<Ablesung[]>('Wasserbuch/InsertNeueWasserAblesungen?selectedDatum=2022-10-01');
    expect(runde.status, runde.text).toBe(200);
    const p1Row = runde.body.find((r) => r.parzelleId === p1.id)!;
    await wasserwart.post('Wasserbuch/UpdateWasserablesung', { ...p1Row, stand: '30' });
    const p2Row = runde.body.find((r) => r.parzelleId === p2.id)!;
    const hRow = runde.body.find((r) => r.hauptwasserzaehlerId === h.id)!;

    const res = await suche({ stichtag: '2022-10-01', von: '2022-04-01' });
    expect(res.befunde).toEqual([
      {
        art: 'fehlendeAblesung',
        text: `Hauptwasserzähler ${h.nummer} (Zähler ${h.nummer}): keine Ablesung am 01.10.2022.`,
        parzelleId: null,
        parzelleNummer: null,
        hauptwasserzaehlerId: h.id,
        zaehlernummer: h.nummer,
        datum: '2022-10-01',
        ablesungId: hRow.id,
      },
      {
        art: 'fehlendeAblesung',
        text: `Parzelle ${p2.nummer} (Zähler ${p2.wasserzaehlerNummer}): keine Ablesung am 01.10.2022.`,
        parzelleId: p2.id,
        parzelleNummer: p2.nummer,
        hauptwasserzaehlerId: null,
        zaehlernummer: p2.wasserzaehlerNummer,
        datum: '2022-10-01',
        ablesungId: p2Row.id,
      },
    ]);
  });

  it('reports a plot with no row at all at the stichtag (ablesungId null), and one missing at von', async () => {
    const p1 = await plot();
    const p2 = await plot();
    await read('2023-01-01', { parzelleId: p1.id }, '1');
    await read('2023-01-01', { parzelleId: p2.id }, '1');
    await read('2023-10-01', { parzelleId: p1.id }, '5');
    await read('2023-10-01', { parzelleId: p2.id }, '5');
    await read('2023-04-01', { parzelleId: p2.id }, '3');
    // p1 lacks von (2023-04-01); nobody is read at the stichtag 2023-12-01.
    const res = await suche({ stichtag: '2023-12-01', von: '2023-04-01' });
    expect(res.befunde.map((b) => [b.art, b.parzelleId, b.datum, b.ablesungId])).toEqual([
      ['fehlendeAblesung', p1.id, '2023-04-01', null],
      ['fehlendeAblesung', p1.id, '2023-12-01', null],
      ['fehlendeAblesung', p2.id, '2023-12-01', null],
    ]);
    expect(res.befunde[0]?.text).toBe(
      `Parzelle ${p1.nummer} (Zähler ${p1.wasserzaehlerNummer}): keine Ablesung am 01.04.2023.`,
    );
  });

  it('reports a reading below the previous one without a meter change, but not after a change', async () => {
    const p1 = await plot();
    const p2 = await plot();
    await read('2024-04-01', { parzelleId: p1.id }, '130');
    await read('2024-04-01', { parzelleId: p2.id }, '500');
    const fallen = await read('2024-10-01', { parzelleId: p1.id }, '120');
    // p2: a meter change in between, the new meter starts at 0.
    const wechsel = await wasserwart.post('Stammdaten/UpdateZaehlerwechsel', {
      parzelleId: p2.id,
      datum: '2024-07-01',
      endstand: '510',
      neueNummer: `WZ-NEU-${++meters}`,
      anfangsstand: '0',
    });
    expect(wechsel.status, wechsel.text).toBe(200);
    await read('2024-10-01', { parzelleId: p2.id }, '8');

    const res = await suche({ stichtag: '2024-10-01', von: '2024-04-01' });
    expect(res.befunde).toEqual([
      {
        art: 'gesunkenerStand',
        text: `Parzelle ${p1.nummer}, Zähler ${p1.wasserzaehlerNummer}: Stand 120,000 m³ am 01.10.2024 ist kleiner als 130,000 m³ am 01.04.2024, ohne Zählerwechsel.`,
        parzelleId: p1.id,
        parzelleNummer: p1.nummer,
        hauptwasserzaehlerId: null,
        zaehlernummer: p1.wasserzaehlerNummer,
        datum: '2024-10-01',
        ablesungId: fallen.id,
      },
    ]);
  });

  it('reports consumption above the factor × the previous period, the factor from the settings', async () => {
    const p1 = await plot();
    const p2 = await plot();
    // Previous period 2025-01-01 → 2025-04-01: 10 m³ each; now p1 35 m³ (3.5×), p2 25 m³ (2.5×).
    await read('2025-01-01', { parzelleId: p1.id }, '0');
    await read('2025-01-01', { parzelleId: p2.id }, '0');
    await read('2025-04-01', { parzelleId: p1.id }, '10');
    await read('2025-04-01', { parzelleId: p2.id }, '10');
    const end = await read('2025-10-01', { parzelleId: p1.id }, '45');
    await read('2025-10-01', { parzelleId: p2.id }, '35');

    const res = await suche({ stichtag: '2025-10-01', von: '2025-04-01' });
    expect(res.befunde).toEqual([
      {
        art: 'hoherVerbrauch',
        text: `Parzelle ${p1.nummer}: Verbrauch 35,000 m³ vom 01.04.2025 bis 01.10.2025 ist mehr als das 3-Fache der Vorperiode (10,000 m³ vom 01.01.2025 bis 01.04.2025).`,
        parzelleId: p1.id,
        parzelleNummer: p1.nummer,
        hauptwasserzaehlerId: null,
        zaehlernummer: p1.wasserzaehlerNummer,
        datum: '2025-10-01',
        ablesungId: end.id,
      },
    ]);

    // A lower threshold in the settings (no Wassergrunddaten for 2025) also finds p2.
    await saveSection(app.services, app.services.db, systemActor('Test'), 'optionenWasser', {
      schwundMethode: 'proportional',
      verbrauchsWarnFaktor: '2',
      schwundWarnProzent: '30',
      akontoMindestCent: 0,
    });
    try {
      const lower = await suche({ stichtag: '2025-10-01', von: '2025-04-01' });
      expect(lower.befunde.map((b) => [b.art, b.parzelleId])).toEqual([
        ['hoherVerbrauch', p1.id],
        ['hoherVerbrauch', p2.id],
      ]);
      expect(lower.befunde[1]?.text).toContain('mehr als das 2-Fache');
      // The entry screen flags with the same factor as you type.
      const runde = await wasserwart.get<{ verbrauchsWarnFaktor: string }>('Wasserbuch/GetAblesungsrunde', {
        datum: '2025-10-01',
      });
      expect(runde.body.verbrauchsWarnFaktor).toBe('2');
    } finally {
      await saveSection(app.services, app.services.db, systemActor('Test'), 'optionenWasser', {
        schwundMethode: 'proportional',
        verbrauchsWarnFaktor: '3.0',
        schwundWarnProzent: '30',
        akontoMindestCent: 0,
      });
    }
  });

  it('reports a meter number used twice: two plots, and a plot and a main meter', async () => {
    const h = await main();
    const a = await plot();
    const b = await buildParzelle(app.services, { wasserzaehlerNummer: a.wasserzaehlerNummer });
    const c = await buildParzelle(app.services, { wasserzaehlerNummer: h.nummer });
    for (const owner of [
      { parzelleId: a.id },
      { parzelleId: b.id },
      { parzelleId: c.id },
      { hauptwasserzaehlerId: h.id },
    ]) {
      await read('2026-05-01', owner, '1');
    }
    const res = await suche({ stichtag: '2026-05-01', von: '2026-05-01' });
    const doppelt = res.befunde.filter((x) => x.art === 'doppelteZaehlernummer');
    expect(arten(res.befunde)).toEqual(Array(4).fill('doppelteZaehlernummer'));
    expect(doppelt.map((x) => [x.hauptwasserzaehlerId, x.parzelleId, x.zaehlernummer])).toEqual([
      [h.id, null, h.nummer],
      [null, a.id, a.wasserzaehlerNummer],
      [null, b.id, a.wasserzaehlerNummer],
      [null, c.id, h.nummer],
    ]);
    expect(doppelt[1]?.text).toBe(
      `Zählernummer ${a.wasserzaehlerNummer} ist mehrfach vergeben: Parzelle ${a.nummer}, Parzelle ${b.nummer}.`,
    );
    expect(doppelt[0]?.text).toBe(
      `Zählernummer ${h.nummer} ist mehrfach vergeben: Hauptwasserzähler ${h.nummer}, Parzelle ${c.nummer}.`,
    );
  });

  it('reports a main meter losing more than 30 % and one with a negative loss', async () => {
    const hoch = await main();
    const negativ = await main();
    const ok = await main();
    const p1 = await plot(hoch.id);
    const p2 = await plot(negativ.id);
    const p3 = await plot(ok.id);
    // hoch: 100 m³, plot 60 → 40 % loss; negativ: 50 m³, plot 55; ok: 100 m³, plot 71 → 29 %.
    for (const [datum, f] of [
      ['2027-04-01', 0],
      ['2027-10-01', 1],
    ] as const) {
      await read(datum, { hauptwasserzaehlerId: hoch.id }, String(1000 + 100 * f));
      await read(datum, { hauptwasserzaehlerId: negativ.id }, String(2000 + 50 * f));
      await read(datum, { hauptwasserzaehlerId: ok.id }, String(3000 + 100 * f));
      await read(datum, { parzelleId: p1.id }, String(60 * f));
      await read(datum, { parzelleId: p2.id }, String(55 * f));
      await read(datum, { parzelleId: p3.id }, String(71 * f));
    }
    const res = await suche({ stichtag: '2027-10-01', von: '2027-04-01' });
    expect(res.befunde.map((b) => [b.art, b.hauptwasserzaehlerId, b.datum])).toEqual([
      ['hoherSchwund', hoch.id, '2027-10-01'],
      ['hoherSchwund', negativ.id, '2027-10-01'],
    ]);
    expect(res.befunde[0]?.text).toBe(
      `Hauptwasserzähler ${hoch.nummer}: Schwund 40,000 m³ (40 %) vom 01.04.2027 bis 01.10.2027 liegt über 30 % (Hauptzähler 100,000 m³, Parzellen 60,000 m³).`,
    );
    expect(res.befunde[1]?.text).toContain('ist kleiner als die Summe der Parzellen 55,000 m³');
    expect(res.befunde[0]?.ablesungId).toEqual(expect.any(Number));

    // The year's Wassergrunddaten win over the settings: at 45 % only the negative loss remains.
    const pa = await buildPachtabrechnung(app.services, 2027);
    await saveWassergrunddaten(
      app.services.db,
      systemActor('Test'),
      wassergrunddatenBody.parse({
        id: 0,
        pachtabrechnungId: pa.id,
        preisProM3: '2.00',
        grundgebuehrCent: 0,
        schwundMethode: 'proportional',
        akontoMindestCent: 0,
        verbrauchsfaktorWarnung: '3',
        schwundWarnungProzent: '45',
      }),
    );
    const lenient = await suche({ stichtag: '2027-10-01', von: '2027-04-01' });
    expect(lenient.befunde.map((b) => [b.art, b.hauptwasserzaehlerId])).toEqual([['hoherSchwund', negativ.id]]);
  });

  it('checks its input and rights in German', async () => {
    const bad = await wasserwart.get<Problem>('Wasserbuch/GetFehlersuche', { stichtag: '2026-02-30' });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.errors?.['query.stichtag']?.[0]).toBe('Dieses Datum gibt es nicht.');
    const missing = await wasserwart.get<Problem>('Wasserbuch/GetFehlersuche', {});
    expect(missing.body.errors?.['query.stichtag']?.[0]).toBe('Dieses Feld ist erforderlich.');
    const late = await wasserwart.get<Problem>('Wasserbuch/GetFehlersuche', {
      stichtag: '2026-01-01',
      von: '2026-02-01',
    });
    expect(late.status).toBe(422);
    expect(late.body.errors?.von?.[0]).toContain('nicht nach dem Stichtag');
    const other = await app.signedIn(['Schriftführer']);
    expect((await other.get('Wasserbuch/GetFehlersuche', { stichtag: '2026-01-01' })).status).toBe(403);
  });
});
