import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Every Stammdaten save refuses a field it does not know (a typo must not drop a value silently)
// and changes nothing; the answer fields a client sends back unchanged are accepted.

let app: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

type Problem = { title: string; errors?: Record<string, string[]> };
const dump = async () => {
  const out: Record<string, unknown[]> = {};
  for (const table of [
    'funktionen',
    'funktionaere',
    'hauptwasserzaehler',
    'abstellplaetze',
    'parkkarten_info',
    'history',
  ])
    out[table] = await app.services.db(table).orderBy(table === 'parkkarten_info' ? 'pachtabrechnung_id' : 'id');
  return out;
};

describe('unknown fields in Stammdaten bodies', () => {
  it('answers 422 naming the unknown field and changes nothing', async () => {
    const before = await dump();
    const calls: [string, Record<string, unknown>][] = [
      ['Stammdaten/UpdateFunktion', { name: 'Kassier', farbe: 'rot' }],
      ['Stammdaten/UpdateFunktionaer', { funktionId: 1, adresseId: 1, von: '2026-01-01', farbe: 'rot' }],
      ['Stammdaten/UpdateHWZ', { nummer: 'HWZ-1', farbe: 'rot' }],
      [
        'Stammdaten/WechselHWZ',
        { id: 1, datum: '2026-01-01', endstand: '1', neueNummer: 'X', anfangsstand: '0', farbe: 'rot' },
      ],
      ['Stammdaten/UpdateAbstellPlatz', { nummer: 'A-1', kategorieId: 1, farbe: 'rot' }],
      ['Stammdaten/UpdateNeuzuordnung', { abstellplatzId: 1, adresseId: 1, datum: '2026-01-01', farbe: 'rot' }],
      ['Stammdaten/UpdateAbstellplatzAdresse', { id: 1, von: '2026-01-01', farbe: 'rot' }],
      ['Stammdaten/UpdateParkkartenInfo', { pachtabrechnungId: 1, gebuehrCent: 500, farbe: 'rot' }],
    ];
    for (const [path, body] of calls) {
      const res = await admin.post<Problem>(path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.errors?.$, path).toEqual(['Unbekannte Felder: farbe.']);
    }
    expect(await dump()).toEqual(before);
  });

  it('accepts a saved record sent back with its read-only answer fields', async () => {
    const f = await admin.post<{ id: number }>('Stammdaten/UpdateHWZ', { nummer: 'HWZ-7', eichdatum: '2024-01-01' });
    expect(f.status).toBe(200);
    const back = await admin.post<{ standort: string }>('Stammdaten/UpdateHWZ', { ...f.body, standort: 'Tor' });
    expect(back.status).toBe(200);
    expect(back.body.standort).toBe('Tor');
  });
});
