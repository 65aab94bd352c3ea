import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ablesung } from '../../src/modules/wasserbuch/schema/ablesungen';
import type { Ablesungsrunde } from '../../src/modules/wasserbuch/schema/dokumente';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildHauptwasserzaehler, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';

// The reading round in walking order (GetAblesungsrunde) with the last reading across a meter
// change, and the printed reading sheet (Wasserablesungen).

let app: TestApp;
let wasserwart: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  wasserwart = await app.signedIn(['Wasserwart']);
});
afterAll(() => app.stop());

const save = async (body: Record<string, unknown>) => {
  const res = await wasserwart.post<Ablesung>('Wasserbuch/UpdateWasserablesung', body);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

function pdfText(buffer: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kgv-wasser-')), 'doc.pdf');
  writeFileSync(file, buffer);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
}

/** Two main meters "10" and "2", plots under each and one without, a holder and a meter change. */
async function site() {
  const h10 = await buildHauptwasserzaehler(app.services, { nummer: 'S-10' });
  const h2 = await buildHauptwasserzaehler(app.services, { nummer: 'S-2' });
  const p = async (nummer: string, hauptwasserzaehlerId: number | null, wz: string) =>
    buildParzelle(app.services, { nummer, hauptwasserzaehlerId, wasserzaehlerNummer: wz });
  const a10 = await p('R-10', h2.id, 'WZ-A10');
  const a9 = await p('R-9', h2.id, 'WZ-A9');
  const b1 = await p('R-1', h10.id, 'WZ-B1');
  const lose = await p('R-0', null, 'WZ-L');
  const holder = await buildAdresse(app.services, { nachname: 'Gruber', vorname: 'Jörg' });
  await buildPachtverhaeltnis(app.services, { parzelleId: a9.id, adresseId: holder.id, von: '2020-01-01' });
  // Readings: a year ago and half a year ago (a9 changed its meter then), and the round now.
  await save({ datum: '2025-04-01', parzelleId: a9.id, stand: '100' });
  await save({ datum: '2025-04-01', parzelleId: a10.id, stand: '50' });
  await save({ datum: '2025-10-01', parzelleId: a10.id, stand: '62.5' });
  await save({ datum: '2025-04-01', hauptwasserzaehlerId: h2.id, stand: '1000' });
  const change = await wasserwart.post('Stammdaten/UpdateZaehlerwechsel', {
    parzelleId: a9.id,
    datum: '2025-10-01',
    endstand: '112',
    neueNummer: 'WZ-A9-NEU',
    anfangsstand: '0.5',
    plombe: 'P-77',
  });
  expect(change.status, change.text).toBe(200);
  const round = await wasserwart.post<Ablesung[]>('Wasserbuch/InsertNeueWasserAblesungen?selectedDatum=2026-04-01');
  expect(round.status, round.text).toBe(200);
  return { h10, h2, a10, a9, b1, lose };
}

describe('GetAblesungsrunde', () => {
  it('answers the round in walking order with holder, main meter, last reading and consumption', async () => {
    const s = await site();
    const res = await wasserwart.get<Ablesungsrunde>('Wasserbuch/GetAblesungsrunde', { datum: '2026-04-01' });
    expect(res.status, res.text).toBe(200);
    const mine = res.body.zeilen.filter(
      (z) =>
        [s.a10.id, s.a9.id, s.b1.id, s.lose.id].includes(z.parzelleId ?? -1) ||
        [s.h2.id, s.h10.id].includes(z.hauptwasserzaehlerId ?? -1),
    );
    // "S-2" before "S-10"; the main meter, then its plots (R-9 before R-10); plots without one last.
    expect(mine.map((z) => z.parzelleNummer ?? z.hauptwasserzaehlerNummer)).toEqual([
      'S-2',
      'R-9',
      'R-10',
      'S-10',
      'R-1',
      'R-0',
    ]);
    const row = (id: number) => mine.find((z) => z.parzelleId === id)!;
    // After the change the new meter's first reading is the last one, and the consumption of the
    // period before counts the old meter up to its final reading.
    expect(row(s.a9.id)).toMatchObject({
      zaehlernummer: 'WZ-A9-NEU',
      adresseName: 'Gruber Jörg',
      hauptwasserzaehlerNummer: 'S-2',
      stand: null,
      letzteAblesung: { datum: '2025-10-01', stand: '0.500' },
      letzterVerbrauch: '12.000',
    });
    expect(row(s.a10.id)).toMatchObject({
      adresseName: null,
      letzteAblesung: { datum: '2025-10-01', stand: '62.500' },
      letzterVerbrauch: '12.500',
    });
    expect(row(s.b1.id)).toMatchObject({
      letzteAblesung: null,
      letzterVerbrauch: null,
      hauptwasserzaehlerNummer: 'S-10',
    });
    expect(mine[0]).toMatchObject({
      letzteAblesung: { datum: '2025-04-01', stand: '1000.000' },
      letzterVerbrauch: null,
    });

    // On the change date: the old meter's final reading before the new meter's first, which has no past.
    const day = await wasserwart.get<Ablesungsrunde>('Wasserbuch/GetAblesungsrunde', { datum: '2025-10-01' });
    const a9 = day.body.zeilen.filter((z) => z.parzelleId === s.a9.id);
    expect(a9.map((z) => [z.zaehlernummer, z.isZaehlerwechsel, z.letzteAblesung?.stand ?? null])).toEqual([
      ['WZ-A9', true, '100.000'],
      ['WZ-A9-NEU', false, null],
    ]);
    const empty = await wasserwart.get<Ablesungsrunde>('Wasserbuch/GetAblesungsrunde', { datum: '1999-01-01' });
    expect(empty.body).toEqual({ datum: '1999-01-01', verbrauchsWarnFaktor: expect.any(String), zeilen: [] });
    const bad = await wasserwart.get<{ errors: Record<string, string[]> }>('Wasserbuch/GetAblesungsrunde', {
      datum: '01.04.2026',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).join()).toContain('datum');

    // The reading sheet: same order, holder, last reading with its date.
    const pdf = await wasserwart.get('Wasserbuch/Wasserablesungen', { date: '2026-04-01' });
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(pdf.buffer);
    expect(text).toContain('Ablesebogen Wasserzähler');
    expect(text).toContain('Ablesedatum: 01.04.2026');
    expect(text).toMatch(/Seite 1 von \d/);
    const at = (s: string) => {
      const i = text.indexOf(s);
      expect(i, s).toBeGreaterThanOrEqual(0);
      return i;
    };
    expect(at('HWZ S-2')).toBeLessThan(at('R-9 '));
    expect(at('R-9 ')).toBeLessThan(at('R-10 '));
    expect(at('R-10 ')).toBeLessThan(at('HWZ S-10'));
    expect(at('HWZ S-10')).toBeLessThan(at('R-1 '));
    expect(text).toMatch(/R-9\s+Gruber Jörg\s+WZ-A9-NEU\s+01\.10\.2025: 0,500/);
    expect(text).toMatch(/R-10\s+WZ-A10\s+01\.10\.2025: 62,500/);
  });

  it('prints a sheet before the round exists, with the meters a round would get', async () => {
    const p = await buildParzelle(app.services, { nummer: 'V-1', wasserzaehlerNummer: 'WZ-V1' });
    await save({ datum: '2024-03-01', parzelleId: p.id, stand: '7.25' });
    const pdf = await wasserwart.get('Wasserbuch/Wasserablesungen', { date: '2030-01-01' });
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdfText(pdf.buffer)).toMatch(/V-1\s+WZ-V1\s+01\.03\.2024: 7,250/);
    const without = await (await app.signedIn([])).get('Wasserbuch/Wasserablesungen', { date: '2030-01-01' });
    expect(without.status).toBe(403);
    // Nothing was written by printing.
    const round = await wasserwart.get<Ablesungsrunde>('Wasserbuch/GetAblesungsrunde', { datum: '2030-01-01' });
    expect(round.body.zeilen).toEqual([]);
  });
});
