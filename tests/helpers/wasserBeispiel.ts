import { expect } from 'vitest';
import type { ApiClient } from './apiClient';

// DOMAIN.md's water example as readings through the API (the test files give it their own plots):
// main meter 12,340 → 12,820; P1 100 → 250; P2 834.5 → 901.3, meter change to a new meter 0 → 83.2;
// P3 40 → 150. Sum 410 m³, loss 70 m³.

export type BeispielZaehler = { hwz: number; p1: number; p2: number; p3: number };
export type BeispielDaten = { von: string; wechsel: string; stichtag: string; neueNummer: string };

/** Both rounds and P2's meter change (Stammdaten/UpdateZaehlerwechsel), each answered 200. */
export async function recordDomainReadings(client: ApiClient, ids: BeispielZaehler, d: BeispielDaten): Promise<void> {
  const reading = async (body: Record<string, unknown>) => {
    const res = await client.post('Wasserbuch/UpdateWasserablesung', body);
    expect(res.status, res.text).toBe(200);
  };
  const round = async (datum: string, stands: [string, string, string, string]) => {
    await reading({ datum, hauptwasserzaehlerId: ids.hwz, stand: stands[0] });
    await reading({ datum, parzelleId: ids.p1, stand: stands[1] });
    await reading({ datum, parzelleId: ids.p2, stand: stands[2] });
    await reading({ datum, parzelleId: ids.p3, stand: stands[3] });
  };
  await round(d.von, ['12340', '100', '834.5', '40']);
  const wechsel = await client.post('Stammdaten/UpdateZaehlerwechsel', {
    parzelleId: ids.p2,
    datum: d.wechsel,
    endstand: '901.3',
    neueNummer: d.neueNummer,
    anfangsstand: '0',
  });
  expect(wechsel.status, wechsel.text).toBe(200);
  await round(d.stichtag, ['12820', '250', '83.2', '150']);
}
