import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nutzungsberechtigteOn, nutzungsberechtigteOver } from '../../src/modules/stammdaten/services';
import { buildAdresse, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Stammdaten's public face as other modules use it: the holders of plots on a day and over a period,
// both ends of a lease included.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

/** A plot held by Eva Erstpächter from 2020 to 30 June 2022, then by Otto Zweitpächter, open-ended. */
async function zweiPachtverhaeltnisse() {
  const parzelle = await buildParzelle(app.services);
  const erste = await buildAdresse(app.services, { nachname: 'Erstpächter', vorname: 'Eva' });
  const zweite = await buildAdresse(app.services, { nachname: 'Zweitpächter', vorname: 'Otto' });
  await buildPachtverhaeltnis(app.services, {
    parzelleId: parzelle.id,
    adresseId: erste.id,
    von: '2020-01-01',
    bis: '2022-06-30',
  });
  await buildPachtverhaeltnis(app.services, { parzelleId: parzelle.id, adresseId: zweite.id, von: '2022-07-01' });
  return { parzelle, erste, zweite };
}

describe('Nutzungsberechtigte of a plot', () => {
  it('on a day: von and bis are both days of the lease; an open lease runs on', async () => {
    const { parzelle, erste, zweite } = await zweiPachtverhaeltnisse();
    const on = async (day: string) =>
      (await nutzungsberechtigteOn(app.services.db, day, [parzelle.id])).get(parzelle.id);

    expect(await on('2019-12-31')).toBeUndefined();
    expect(await on('2020-01-01')).toEqual({ adresseId: erste.id, name: 'Erstpächter Eva', von: '2020-01-01' });
    expect((await on('2022-06-30'))?.adresseId).toBe(erste.id);
    expect((await on('2022-07-01'))?.adresseId).toBe(zweite.id);
    expect((await on('2099-01-01'))?.adresseId).toBe(zweite.id);
  });

  it('over a period: every lease that runs on one of its days, oldest first', async () => {
    const { parzelle, erste, zweite } = await zweiPachtverhaeltnisse();
    const over = async (von: string, bis: string) =>
      (await nutzungsberechtigteOver(app.services.db, von, bis, [parzelle.id])).map((h) => [h.adresseId, h.von, h.bis]);

    expect(await over('2022-01-01', '2022-12-31')).toEqual([
      [erste.id, '2020-01-01', '2022-06-30'],
      [zweite.id, '2022-07-01', null],
    ]);
    expect(await over('2021-01-01', '2021-12-31')).toEqual([[erste.id, '2020-01-01', '2022-06-30']]);
    expect(await over('2022-07-01', '2022-07-01')).toEqual([[zweite.id, '2022-07-01', null]]);
    expect(await over('2019-01-01', '2019-12-31')).toEqual([]);
  });
});
