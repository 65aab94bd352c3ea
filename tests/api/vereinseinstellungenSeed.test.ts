import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonModule } from '../../src/modules/common';
import { vereinseinstellungenModule } from '../../src/modules/vereinseinstellungen';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// The demo club's settings: common's part first (as `kgv seed demo` runs the modules in order), then ours.

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

const seed = () =>
  app.services.db.transaction(async (trx) => {
    await commonModule.seedDemo!(app.services, trx);
    await vereinseinstellungenModule.seedDemo!(app.services, trx);
  });

describe('demo settings', () => {
  it('fills every section of KGV Sonnenhang with valid values and three parking categories, also when run twice', async () => {
    await seed();
    await seed();
    const res = await admin.get<Record<string, Record<string, unknown>>>('Vereinseinstellungen/Vereinseinstellungen');
    expect(res.body.adresse).toMatchObject({ name: 'KGV Sonnenhang', plz: '1140', ort: 'Wien', land: 'Österreich' });
    expect(res.body.bank).toMatchObject({ iban: 'AT611904300234573201', bic: 'BKAUATWW' });
    expect(res.body.texte!.mahnungText).toContain('14 Tagen');
    expect((await app.client().get('Common/GetVereinsName')).body).toEqual({ vereinsName: 'KGV Sonnenhang' });
    const kategorien = await admin.get<{ name: string; jahresgebuehrCent: number }[]>(
      'Vereinseinstellungen/AbstellplatzKategorien',
    );
    expect(kategorien.body.map(({ name, jahresgebuehrCent }) => [name, jahresgebuehrCent])).toEqual([
      ['Anhänger', 4000],
      ['Motorrad', 2500],
      ['PKW-Stellplatz', 6000],
    ]);
    // Each section saved back unchanged passes the API's own validation.
    for (const key of ['Adresse', 'Kontakt', 'Bank', 'Texte', 'Texte2', 'Anzahl', 'Optionen', 'OptionenWasser']) {
      const section = res.body[key[0]!.toLowerCase() + key.slice(1)];
      const again = await admin.request('POST', 'Vereinseinstellungen/UpdateVereinseinstellungen', {
        query: { edit: key },
        body: section,
      });
      expect(again.status, `${key}: ${again.text}`).toBe(200);
    }
  });
});
