import { expect } from 'vitest';
import { saveSection } from '../../src/modules/vereinseinstellungen/services';
import type { Wasserabrechnung } from '../../src/modules/wasserbuch/schema/abrechnung';
import type { Wassergrunddaten } from '../../src/modules/wasserbuch/schema/grunddaten';
import { systemActor } from '../../src/platform/auth/principal';
import type { ApiClient } from './apiClient';
import {
  buildAdresse,
  buildHauptwasserzaehler,
  buildPachtabrechnung,
  buildPachtverhaeltnis,
  buildParzelle,
} from './factories';
import type { TestApp } from './testApp';
import { type BeispielZaehler, recordDomainReadings } from './wasserBeispiel';

// DOMAIN.md's water example as a stored settlement for the Wasserrechnung run (the same steps as
// tests/api/wasserbuchAbrechnung.test.ts, through the API): 2.00 €/m³, Grundgebühr 10.00 €, akonto
// 300.00 € per plot, proportional loss → P1 +61.22 €, P2 +61.22 €, P3 −32.44 € (sum +90.00 €).
// Every holder has a full address; the club's bank account is set unless `ohneBank`.

export const WR_VON = '2025-10-31';
export const WR_STICHTAG = '2026-10-31';
export const WR_DATUM = '2026-11-15';

export type WasserrechnungBeispiel = {
  ids: BeispielZaehler;
  adressen: { p1: number; p2: number; p3: number };
  abrechnung: Wasserabrechnung;
};

export async function seedWasserrechnungBeispiel(
  app: TestApp,
  client: ApiClient,
  wasserwart: ApiClient,
  { ohneBank = false } = {},
): Promise<WasserrechnungBeispiel> {
  const s = app.services;
  if (!ohneBank)
    await saveSection(s, s.db, systemActor('Test'), 'bank', {
      kontoinhaber: 'KGV Sonnenhang',
      iban: 'AT611904300234573201',
      bic: 'BKAUATWW',
      bankname: 'UniCredit Bank Austria AG',
    });
  const hwz = await buildHauptwasserzaehler(s, { nummer: 'HWZ-1' });
  const ids: BeispielZaehler = { hwz: hwz.id, p1: 0, p2: 0, p3: 0 };
  const adressen = { p1: 0, p2: 0, p3: 0 };
  for (const n of ['1', '2', '3'] as const) {
    const p = await buildParzelle(s, { nummer: n, wasserzaehlerNummer: `WZ-${n}`, hauptwasserzaehlerId: hwz.id });
    ids[`p${n}`] = p.id;
    const a = await buildAdresse(s, {
      nachname: `Mitglied${n}`,
      vorname: 'Eva',
      strasse: `Gartenweg ${n}`,
      plz: '1140',
      ort: 'Wien',
    });
    adressen[`p${n}`] = a.id;
    await buildPachtverhaeltnis(s, { parzelleId: p.id, adresseId: a.id, von: '2020-01-01' });
  }
  const y2025 = await buildPachtabrechnung(s, 2025);
  await buildPachtabrechnung(s, 2026);
  const first = await client.post<Wassergrunddaten>('Abrechnung/GetNewWassergrunddaten', undefined, {
    query: { pachtabrechnungID: y2025.id },
  });
  expect(first.status, first.text).toBe(200);
  const saved = await client.post('Abrechnung/UpdateWassergrunddaten', {
    ...first.body,
    preisProM3: '2.00',
    grundgebuehrCent: 1000,
    schwundMethode: 'proportional',
    akontoMindestCent: 30000,
  });
  expect(saved.status, saved.text).toBe(200);
  const next = await client.post('Abrechnung/GetNewWassergrunddaten');
  expect(next.status, next.text).toBe(200);
  const proposal = await client.get<{ zeilen: { parzelleId: number; akontoCent: number }[] }>(
    'Wasserbuch/GetWasserAkontoBerechnung',
    { stichtag: WR_VON },
  );
  const akonto = await client.post('Wasserbuch/UpdateWasserakontoberechnung', {
    stichtag: WR_VON,
    zeilen: proposal.body.zeilen.map((z) => ({ parzelleId: z.parzelleId, akontoCent: z.akontoCent })),
  });
  expect(akonto.status, akonto.text).toBe(200);
  await recordDomainReadings(wasserwart, ids, {
    von: WR_VON,
    wechsel: '2026-05-15',
    stichtag: WR_STICHTAG,
    neueNummer: 'WZ-2b',
  });
  const res = await wasserwart.post<Wasserabrechnung>('Wasserbuch/ErstelleAbrechnung', undefined, {
    query: { stichtag: WR_STICHTAG },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.zeilen.map((z) => z.differenzCent)).toEqual([6122, 6122, -3244]);
  return { ids, adressen, abrechnung: res.body };
}
