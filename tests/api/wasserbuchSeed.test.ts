import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../src/modules';
import type { Ablesung } from '../../src/modules/wasserbuch/schema/ablesungen';
import type { Wasserabrechnung, WasserabrechnungStichtag } from '../../src/modules/wasserbuch/schema/abrechnung';
import type { Fehlersuche } from '../../src/modules/wasserbuch/schema/fehlersuche';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

// The demo club's water book: every module's demo part in order (as `kgv seed demo`), twice; the
// Wasserwart then finds two reading rounds, a meter change, the spring akonto and a settlement
// whose figures add up, and a Fehlersuche without findings.

let app: TestApp;
let wasserwart: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  wasserwart = await app.signedIn(['Wasserwart']);
});
afterAll(() => app.stop());

const seed = () =>
  app.services.db.transaction(async (trx) => {
    for (const m of modules) await m.seedDemo?.(app.services, trx);
  });

describe('demo water book', () => {
  it('has two rounds, a meter change, akonto and a settlement that adds up, also when seeded twice', async () => {
    await seed();
    await seed();
    const stichtage = await wasserwart.get<WasserabrechnungStichtag[]>('Wasserbuch/GetWasserabrechnungStichtage');
    expect(stichtage.status, stichtage.text).toBe(200);
    expect(stichtage.body).toHaveLength(1);
    const { stichtag, von } = stichtage.body[0]!;
    expect(von.slice(5)).toBe('04-15');
    expect(stichtag.slice(5)).toBe('10-15');

    const details = await wasserwart.get<Wasserabrechnung>('Wasserbuch/GetWasserabrechnungDetails', {
      abrechnungStichtag: stichtag,
    });
    expect(details.status, details.text).toBe(200);
    const a = details.body;
    expect(a.zeilen).toHaveLength(120);
    expect(a.preisProM3).toBe('2.10');
    for (const z of a.zeilen) {
      expect(z.betragCent).toBe(z.verbrauchCent + z.schwundCent + z.grundgebuehrCent + z.korrekturCent);
      expect(z.akontoCent).toBe(6000);
    }
    // Both main meters lose a plausible share (their plots' water plus 5–12 %).
    expect(a.hauptwasserzaehler.map((h) => h.nummer)).toEqual(['HWZ-1', 'HWZ-2']);
    for (const h of a.hauptwasserzaehler) {
      expect(Number(h.schwundProzent)).toBeGreaterThan(4);
      expect(Number(h.schwundProzent)).toBeLessThan(11);
    }
    // Plot 7 changed its meter in summer: two segments.
    expect(a.zeilen.find((z) => z.parzelleNummer === '7')?.zaehler.map((s) => s.zaehlernummer)).toEqual([
      'WZ-10007',
      'WZ-20007',
    ]);

    for (const datum of [von, stichtag]) {
      const runde = await wasserwart.get<Ablesung[]>('Wasserbuch/GetWasserablesungen', { datum, nurFehlende: true });
      expect(runde.body, datum).toEqual([]);
    }
    const fehler = await wasserwart.get<Fehlersuche>('Wasserbuch/GetFehlersuche', { stichtag, von });
    expect(fehler.body.befunde).toEqual([]);
  });
});
