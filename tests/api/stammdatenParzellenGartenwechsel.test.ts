import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildGartenwechsel, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Gartenwechsel: a free plot assigned, a plot moved from its holder (old lease ends the day
// before), history on the Parzelle, Gartenhistorie newest first, validation, and atomicity: a
// failure in the last step leaves the old holder in place.

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

type Holder = { adresseId: number; name: string; von: string; bis: string | null };
type Parzelle = {
  id: number;
  nummer: string;
  nutzungsberechtigter: { adresseId: number; name: string; von: string } | null;
};
type Problem = { status: number; code: string; title: string; errors?: Record<string, string[]> };
type HistoryEntry = { action: string; before: unknown; after: unknown };
type Result = { parzelle: Parzelle; historie: Holder[] };

const db = () => app.services.db;
const wechsel = (body: unknown) => admin.post<Result & Problem>('Stammdaten/ExecuteGartenwechsel', body);
const history = async (id: number) =>
  (await admin.get<HistoryEntry[]>('Common/GetHistory', { entityID: `Parzelle:${id}` })).body;
const dump = async () => ({
  pachtverhaeltnisse: await db()('pachtverhaeltnisse').orderBy('id'),
  history: await db()('history').orderBy('id'),
});

const person = async (nachname: string, vorname: string) =>
  (await buildAdresse(app.services, { nachname, vorname })).id;

/** Plot `nummer` held by Huber Maria since 2020-03-01; Maier Josef and Gruber Anna hold nothing. */
async function heldPlot(nummer: string) {
  const plot = await buildParzelle(app.services, { nummer, flaeche: '400' });
  const huber = await person('Huber', 'Maria');
  await buildGartenwechsel(app.services, { parzelleId: plot.id, adresseId: huber, datum: '2020-03-01' });
  return { plot, huber, maier: await person('Maier', 'Josef'), gruber: await person('Gruber', 'Anna') };
}

describe('Gartenwechsel', () => {
  it('assigns a free plot from the date', async () => {
    const plot = (await admin.post<Parzelle>('Stammdaten/UpdateParzelle', { nummer: '17', flaeche: '400' })).body;
    const huber = await person('Huber', 'Maria');
    const res = await wechsel({ parzelleId: plot.id, neueAdresseId: huber, datum: '2020-03-01' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.parzelle).toMatchObject({
      id: plot.id,
      nutzungsberechtigter: { adresseId: huber, name: 'Huber Maria', von: '2020-03-01' },
    });
    expect(res.body.historie).toEqual([{ adresseId: huber, name: 'Huber Maria', von: '2020-03-01', bis: null }]);
    const h = await history(plot.id);
    expect(h[0]).toMatchObject({
      action: 'gartenwechsel',
      before: { nutzungsberechtigter: null },
      after: { nutzungsberechtigter: { adresseId: huber, name: 'Huber Maria', von: '2020-03-01', bis: null } },
    });
    const info = await admin.get<{ adresse: { id: number; name: string }; parzellen: unknown[] }>(
      'Stammdaten/Gartenwechsel',
      { adresse: huber },
    );
    expect(info.status).toBe(200);
    expect(info.body.adresse).toMatchObject({ id: huber, name: 'Huber Maria' });
    expect(info.body.parzellen).toEqual([{ id: plot.id, nummer: '17', von: '2020-03-01' }]);
    expect((await admin.get('Stammdaten/Gartenwechsel', { adresse: 999_999 })).status).toBe(404);
  });

  it('refuses bad input with German errors and changes nothing', async () => {
    const { plot, huber, maier } = await heldPlot('21');
    const before = await dump();
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { parzelleId: plot.id, neueAdresseId: huber, datum: '2024-01-01' },
        { neueAdresseId: ['Huber Maria ist bereits Nutzungsberechtigte(r) von Parzelle 21.'] },
      ],
      [
        { parzelleId: plot.id, neueAdresseId: maier, datum: '2019-12-31' },
        {
          datum: ['Für Parzelle 21 ist ab 01.03.2020 bereits Huber Maria eingetragen. Der Wechsel muss danach liegen.'],
        },
      ],
      [
        { parzelleId: plot.id, neueAdresseId: maier, datum: '2020-03-01' },
        {
          datum: [
            'Der Wechsel muss nach dem Beginn des laufenden Pachtverhältnisses (Huber Maria seit 01.03.2020) liegen.',
          ],
        },
      ],
      [{ parzelleId: plot.id, neueAdresseId: maier, datum: '2024-02-30' }, { datum: ['Dieses Datum gibt es nicht.'] }],
      [
        { parzelleId: plot.id, neueAdresseId: maier, datum: '01.03.2024' },
        { datum: ['Erwartet wird ein Datum im Format JJJJ-MM-TT.'] },
      ],
      [
        { parzelleId: 999_999, neueAdresseId: maier, datum: '2024-03-01' },
        { parzelleId: ['Diese Parzelle gibt es nicht.'] },
      ],
      [
        { parzelleId: plot.id, neueAdresseId: 999_999, datum: '2024-03-01' },
        { neueAdresseId: ['Diese Adresse gibt es nicht.'] },
      ],
      [
        { parzelleId: plot.id, neueAdresseId: maier, datum: '2024-03-01', notiz: 'x' },
        { $: ['Unbekannte Felder: notiz.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await wechsel(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await dump()).toEqual(before);
  });

  it('leaves the old holder in place when a later step fails (one transaction)', async () => {
    const { plot, huber, maier } = await heldPlot('22');
    // Make the last step (the history entry) fail: the lease update and insert must roll back.
    if (dbKind(db()) === 'mysql') {
      await db().raw(
        "CREATE TRIGGER test_fail_gartenwechsel BEFORE INSERT ON history FOR EACH ROW BEGIN IF NEW.action = 'gartenwechsel' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Testfehler'; END IF; END",
      );
    } else {
      await db().raw(
        "CREATE TRIGGER test_fail_gartenwechsel BEFORE INSERT ON history WHEN NEW.action = 'gartenwechsel' BEGIN SELECT RAISE(ABORT, 'Testfehler'); END",
      );
    }
    const before = await dump();
    try {
      const res = await wechsel({ parzelleId: plot.id, neueAdresseId: maier, datum: '2024-03-01' });
      expect(res.status).toBe(500);
    } finally {
      await db().raw('DROP TRIGGER test_fail_gartenwechsel');
    }
    expect(await dump()).toEqual(before);
    const p = (await admin.get<Parzelle>('Stammdaten/GetParzelle', { id: plot.id })).body;
    expect(p.nutzungsberechtigter).toMatchObject({ adresseId: huber, von: '2020-03-01' });
  });

  it('rolls back as well when the service is called without HTTP (as the CLI and jobs call it)', async () => {
    const { plot, huber, maier } = await heldPlot('25');
    if (dbKind(db()) === 'mysql') {
      await db().raw(
        "CREATE TRIGGER test_fail_gartenwechsel_cli BEFORE INSERT ON history FOR EACH ROW BEGIN IF NEW.action = 'gartenwechsel' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Testfehler'; END IF; END",
      );
    } else {
      await db().raw(
        "CREATE TRIGGER test_fail_gartenwechsel_cli BEFORE INSERT ON history WHEN NEW.action = 'gartenwechsel' BEGIN SELECT RAISE(ABORT, 'Testfehler'); END",
      );
    }
    const before = await dump();
    try {
      await expect(
        buildGartenwechsel(app.services, { parzelleId: plot.id, adresseId: maier, datum: '2024-03-01' }),
      ).rejects.toThrow(/Testfehler/);
    } finally {
      await db().raw('DROP TRIGGER test_fail_gartenwechsel_cli');
    }
    expect(await dump()).toEqual(before);
    const p = (await admin.get<Parzelle>('Stammdaten/GetParzelle', { id: plot.id })).body;
    expect(p.nutzungsberechtigter).toMatchObject({ adresseId: huber, von: '2020-03-01' });
  });

  it('moves the plot from the old holder: old lease ends the day before', async () => {
    const { plot, huber, maier } = await heldPlot('23');
    const res = await wechsel({ parzelleId: plot.id, neueAdresseId: maier, datum: '2024-03-01' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.parzelle.nutzungsberechtigter).toEqual({
      adresseId: maier,
      name: 'Maier Josef',
      von: '2024-03-01',
    });
    expect(res.body.historie).toEqual([
      { adresseId: maier, name: 'Maier Josef', von: '2024-03-01', bis: null },
      { adresseId: huber, name: 'Huber Maria', von: '2020-03-01', bis: '2024-02-29' },
    ]);
    const h = await history(plot.id);
    expect(h.map((e) => e.action)).toEqual(['gartenwechsel', 'gartenwechsel', 'create']);
    expect(h[0]).toMatchObject({
      before: { nutzungsberechtigter: { adresseId: huber, name: 'Huber Maria', von: '2020-03-01', bis: null } },
      after: {
        nutzungsberechtigter: { adresseId: maier, name: 'Maier Josef', von: '2024-03-01', bis: null },
        vorheriger: { adresseId: huber, bis: '2024-02-29' },
      },
    });
    // Both addresses' Verlauf tell it too.
    const onAdresse = async (id: number) =>
      (await admin.get<HistoryEntry[]>('Common/GetHistory', { entityID: `Adresse:${id}` })).body.filter(
        (e) => e.action === 'gartenwechsel',
      );
    expect((await onAdresse(huber))[0]).toMatchObject({
      before: { parzelle: `${plot.nummer}, seit 01.03.2020` },
      after: { parzelle: `${plot.nummer} bis 29.02.2024, danach Maier Josef` },
    });
    expect((await onAdresse(maier))[0]).toMatchObject({
      before: { parzelle: null },
      after: { parzelle: `${plot.nummer} ab 01.03.2024, vorher Huber Maria` },
    });
    // Huber holds nothing any more; Maier holds 17.
    const info = (await admin.get<{ parzellen: unknown[] }>('Stammdaten/Gartenwechsel', { adresse: huber })).body;
    expect(info.parzellen).toEqual([]);
  });

  it('keeps the Gartenhistorie newest first over several changes and refuses a date before a later lease', async () => {
    const { plot, huber, maier, gruber } = await heldPlot('24');
    await buildGartenwechsel(app.services, { parzelleId: plot.id, adresseId: maier, datum: '2024-03-01' });
    expect((await wechsel({ parzelleId: plot.id, neueAdresseId: gruber, datum: '2025-01-01' })).status).toBe(200);
    const hist = (await admin.get<Holder[]>('Stammdaten/GetGartenhistorie', { parzelleId: plot.id })).body;
    expect(hist.map((x) => [x.name, x.von, x.bis])).toEqual([
      ['Gruber Anna', '2025-01-01', null],
      ['Maier Josef', '2024-03-01', '2024-12-31'],
      ['Huber Maria', '2020-03-01', '2024-02-29'],
    ]);
    const res = await wechsel({ parzelleId: plot.id, neueAdresseId: huber, datum: '2024-06-01' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      datum: ['Für Parzelle 24 ist ab 01.01.2025 bereits Gruber Anna eingetragen. Der Wechsel muss danach liegen.'],
    });
    // A closed lease planned after the date blocks a change before it as well.
    const p2 = (await admin.post<Parzelle>('Stammdaten/UpdateParzelle', { nummer: '18' })).body;
    await buildPachtverhaeltnis(app.services, {
      parzelleId: p2.id,
      adresseId: huber,
      von: '2030-01-01',
      bis: '2030-12-31',
    });
    const planned = await wechsel({ parzelleId: p2.id, neueAdresseId: maier, datum: '2029-01-01' });
    expect(planned.status).toBe(422);
    expect(planned.body.errors).toEqual({
      datum: ['Für Parzelle 18 ist ab 01.01.2030 bereits Huber Maria eingetragen. Der Wechsel muss danach liegen.'],
    });
    expect((await admin.get('Stammdaten/GetGartenhistorie', { parzelleId: 999_999 })).status).toBe(404);
  });
});
