import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../src/modules';
import type { LaufVorschau, ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import { todayIso } from '../../src/platform/dates';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

// The demo club's Jahresvorschreibung: every module's demo part in order (as `kgv seed demo`), twice;
// the Kassier then finds the current year's rates, surcharges, club and group positions, and a
// Zahlungsvorschreibung that can be checked and previewed right away.

let app: TestApp;
let kassier: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app.stop());

const seed = () =>
  app.services.db.transaction(async (trx) => {
    for (const m of modules) await m.seedDemo?.(app.services, trx);
  });

describe('demo Jahresvorschreibung', () => {
  it('has rates, surcharges, club and group positions of the current year, also when seeded twice', async () => {
    await seed();
    await seed();
    const db = app.services.db;
    const jahr = Number(todayIso().slice(0, 4));
    const year = await db('pachtabrechnungen').where({ jahr }).first('id');
    expect(year).toBeDefined();
    const pb = await db('pachtberechnungen').where({ pachtabrechnung_id: year!.id });
    expect(pb).toHaveLength(1);
    expect(pb[0]).toMatchObject({ pachtzins_pro_m2: expect.stringMatching(/^1\.31/) });
    expect(pb[0]!.bk_pachtzins_id).not.toBeNull();
    expect(await db('pachtzuschlaege').where({ pachtabrechnung_id: year!.id }).pluck('bezeichnung')).toEqual([
      'Verwaltungs- und Haftungszuschlag',
      'Wohnzuschlag',
    ]);
    const gruppen = Number((await db('gruppen').count({ n: '*' }).first())?.n);
    expect(await db('gruppenabrechnung_positionen').where({ pachtabrechnung_id: year!.id })).toHaveLength(gruppen);

    const zv = await kassier.get<ZvEintrag[]>('Abrechnung/ZvData', { pachtabrechnungID: year!.id, date: todayIso() });
    expect(zv.status, zv.text).toBe(200);
    expect(zv.body.length).toBeGreaterThan(50);
    const texte = zv.body.flatMap((e) => e.parzellen.flatMap((p) => p.positionen.map((x) => x.text)));
    expect(texte.some((t) => t.startsWith('Verwaltungs- und Haftungszuschlag 14,5 % von'))).toBe(true);
    expect(texte).toContain('Instandhaltungsbeitrag');
    for (const e of zv.body)
      expect(e.summeCent).toBe(e.parzellen.flatMap((p) => p.positionen).reduce((s, x) => s + x.betragCent, 0));

    const vorschau = await kassier.get<LaufVorschau>('Abrechnung/LaufVorschau', {
      art: 'Zahlungsvorschreibung',
      pachtabrechnungID: year!.id,
      date: todayIso(),
    });
    expect(vorschau.status, vorschau.text).toBe(200);
    expect(vorschau.body.probleme.filter((p) => p.art === 'satzFehlt' || p.art === 'bankverbindungFehlt')).toEqual([]);
    expect(vorschau.body.summenJeArt.map((s) => s.art)).toEqual(
      expect.arrayContaining(['pachtzins', 'pachtzuschlag', 'verein', 'parzellenspezifisch']),
    );
  });
});
