import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wassergrunddatenBody } from '../../src/modules/wasserbuch/schema/grunddaten';
import { erstelleAbrechnung } from '../../src/modules/wasserbuch/services/abrechnungStore';
import { saveAkonto } from '../../src/modules/wasserbuch/services/akonto';
import { saveWassergrunddaten } from '../../src/modules/wasserbuch/services/wassergrunddaten';
import { systemActor } from '../../src/platform/auth/principal';
import type { ApiClient } from '../helpers/apiClient';
import {
  buildAdresse,
  buildHauptwasserzaehler,
  buildPachtabrechnung,
  buildPachtverhaeltnis,
  buildParzelle,
} from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { recordDomainReadings } from '../helpers/wasserBeispiel';

// GetVerbrauchDetailsPDF: DOMAIN.md's water example (proportional, the meter change of P2 inside the
// period, 10.00 € Grundgebühr, 300.00 € akonto each) stored as a settlement; each plot's page shows
// its meters, volume, the main meter's loss and its share, price and amounts to the cent.

let app: TestApp;
let wasserwart: ApiClient;
const actor = systemActor('Test');

beforeAll(async () => {
  app = await startTestApp();
  wasserwart = await app.signedIn(['Wasserwart']);
});
afterAll(() => app.stop());

function pdfText(buffer: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kgv-verbrauch-')), 'doc.pdf');
  writeFileSync(file, buffer);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
}

/** DOMAIN.md's example, settled on 2026-10-01 from 2026-04-01. */
async function domainExample() {
  const pa = await buildPachtabrechnung(app.services, 2026);
  await saveWassergrunddaten(
    app.services.db,
    actor,
    wassergrunddatenBody.parse({
      id: 0,
      pachtabrechnungId: pa.id,
      preisProM3: '2.00',
      grundgebuehrCent: 1000,
      schwundMethode: 'proportional',
      akontoMindestCent: 0,
      verbrauchsfaktorWarnung: '3',
      schwundWarnungProzent: '30',
    }),
  );
  const h = await buildHauptwasserzaehler(app.services, { nummer: 'HWZ-D' });
  const p = (nummer: string, wz: string) =>
    buildParzelle(app.services, { nummer, wasserzaehlerNummer: wz, hauptwasserzaehlerId: h.id });
  const p1 = await p('D1', 'WZ-D1');
  const p2 = await p('D2', 'WZ-D2');
  const p3 = await p('D3', 'WZ-D3');
  const holder = await buildAdresse(app.services, { nachname: 'Huber', vorname: 'Maria' });
  await buildPachtverhaeltnis(app.services, { parzelleId: p1.id, adresseId: holder.id, von: '2020-01-01' });

  await recordDomainReadings(
    wasserwart,
    { hwz: h.id, p1: p1.id, p2: p2.id, p3: p3.id },
    { von: '2026-04-01', wechsel: '2026-07-01', stichtag: '2026-10-01', neueNummer: 'WZ-D2-NEU' },
  );

  await saveAkonto(app.services.db, actor, {
    stichtag: '2026-03-01',
    zeilen: [p1, p2, p3].map((x) => ({ parzelleId: x.id, akontoCent: 30000 })),
  });
  const abrechnung = await erstelleAbrechnung(app.services.db, actor, {
    stichtag: '2026-10-01',
    von: '2026-04-01',
    akontoStichtag: '2026-03-01',
  });
  return { p1, p2, p3, abrechnung };
}

describe('GetVerbrauchDetailsPDF', () => {
  it("prints one page per plot with the settlement's figures, and one plot's page alone", async () => {
    const { p1, p2, p3 } = await domainExample();

    const res = await wasserwart.get('Wasserbuch/GetVerbrauchDetailsPDF', { stichtag: '2026-10-01' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pages = pdfText(res.buffer)
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(3);
    const [s1, s2, s3] = pages as [string, string, string];

    expect(s1).toContain('Wasserabrechnung – Parzelle D1');
    expect(s1).toMatch(/Pächter\s+Huber Maria/);
    expect(s1).toMatch(/Zeitraum\s+01\.04\.2026 bis 01\.10\.2026/);
    expect(s1).toMatch(/Preis\s+€ 2,00 je m³/);
    expect(s1).toMatch(/WZ-D1\s+01\.04\.2026\s+100,000 m³\s+01\.10\.2026\s+250,000 m³\s+150,000 m³/);
    expect(s1).toMatch(/Verbrauch laut Hauptwasserzähler\s+480,000 m³/);
    expect(s1).toMatch(/Summe der Parzellenzähler\s+410,000 m³/);
    expect(s1).toMatch(/Schwund \(Leitungsverlust\)\s+70,000 m³ \(14,58 %\)/);
    expect(s1).toMatch(/Ihr Anteil am Schwund\s+25,610 m³/);
    expect(s1).toMatch(/Verbrauch 150,000 m³ × € 2,00\/m³\s+€ 300,00/);
    expect(s1).toMatch(/Schwund 25,610 m³\s+€ 51,22/);
    expect(s1).toMatch(/Grundgebühr\s+€ 10,00/);
    expect(s1).toMatch(/Betrag\s+€ 361,22/);
    expect(s1).toMatch(/abzüglich Akonto\s+-€ 300,00/);
    expect(s1).toMatch(/Nachzahlung\s+€ 61,22/);

    // P2: both meters of the change, 66.8 + 83.2 = 150 m³.
    expect(s2).toMatch(/WZ-D2\s+01\.04\.2026\s+834,500 m³\s+01\.07\.2026\s+901,300 m³\s+66,800 m³/);
    expect(s2).toMatch(/WZ-D2-NEU\s+01\.07\.2026\s+0,000 m³\s+01\.10\.2026\s+83,200 m³\s+83,200 m³/);
    expect(s2).toMatch(/Ihr Verbrauch\s+150,000 m³/);
    expect(s2).toMatch(/Betrag\s+€ 361,22/);

    // P3 pays less than its akonto: a Guthaben.
    expect(s3).toMatch(/Betrag\s+€ 267,56/);
    expect(s3).toMatch(/Guthaben\s+€ 32,44/);

    const one = await wasserwart.get('Wasserbuch/GetVerbrauchDetailsPDF', {
      stichtag: '2026-10-01',
      parzelleId: p3.id,
    });
    expect(one.status, one.text).toBe(200);
    const onlyP3 = pdfText(one.buffer);
    expect(onlyP3).toContain('Parzelle D3');
    expect(onlyP3).not.toContain('Parzelle D1');
    expect(p1.id).not.toBe(p2.id);
  });

  it('answers 404 in German when there is no settlement or the plot is not in it; needs the rights', async () => {
    const none = await wasserwart.get<{ title: string }>('Wasserbuch/GetVerbrauchDetailsPDF', {
      stichtag: '2019-10-01',
    });
    expect(none.status).toBe(404);
    expect(none.body.title).toBe('Zum 01.10.2019 gibt es keine Wasserabrechnung.');
    const other = await buildParzelle(app.services, { nummer: 'X-1' });
    const notIn = await wasserwart.get<{ title: string }>('Wasserbuch/GetVerbrauchDetailsPDF', {
      stichtag: '2026-10-01',
      parzelleId: other.id,
    });
    expect(notIn.status).toBe(404);
    expect(notIn.body.title).toContain('nicht enthalten');
    const kassier = await app.signedIn(['Kassier']);
    expect((await kassier.get('Wasserbuch/GetVerbrauchDetailsPDF', { stichtag: '2026-10-01' })).status).toBe(200);
    const schriftfuehrer = await app.signedIn(['Schriftführer']);
    expect((await schriftfuehrer.get('Wasserbuch/GetVerbrauchDetailsPDF', { stichtag: '2026-10-01' })).status).toBe(
      403,
    );
  });
});
