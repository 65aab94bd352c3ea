import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EinbuchenResponse } from '../../src/modules/abrechnung/schema/zvData';
import { formatRf } from '../../src/platform/payment';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';
import { pdfText } from './kassaBerichteHelfer';

// DOMAIN.md's Zahlungsvorschreibung as the board runs it through the API: the letters as drafts
// (computed by the run), the booking (ForderungenEinbuchen), then the booked letter for plot 17
// with every line the run computed, 1.397,79 €, its number, RF reference and slip, and an EPC QR
// code that decodes to exactly the payment it asks for.

const run = promisify(execFile);
let app: TestApp;
let z: ZvBeispiel;
let kassier: ApiClient;
let dir: string;
let gebuchtAntwort: EinbuchenResponse;

async function qrCodes(pdf: Buffer): Promise<string[]> {
  const file = path.join(dir, `f${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  await run('pdftoppm', ['-r', '200', '-png', file, `${file}-png`]);
  const codes: string[] = [];
  for (const png of (await readdir(dir)).filter((f) => f.startsWith(`${path.basename(file)}-png`)).sort()) {
    try {
      // XML keeps codes apart: an EPC payload has line breaks of its own.
      const { stdout } = await run('zbarimg', ['--xml', '-q', '-Sqrcode.enable', path.join(dir, png)]);
      for (const m of stdout.matchAll(/<data( format='base64')?><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)) {
        codes.push(m[1] ? Buffer.from(m[2]!, 'base64').toString('utf8') : m[2]!);
      }
    } catch (error) {
      // Exit code 4: no code on that page.
      if ((error as { code?: number }).code !== 4) throw error;
    }
  }
  return codes;
}

function drucke(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ pachtabrechnungID: String(z.pachtabrechnungId), date: ZV_DATUM, ...fields }))
    form.append(k, v);
  return kassier.request('POST', 'Abrechnung/Zahlungsvorschreibung', { rawBody: form });
}

const ZEILEN_17 = [
  /Pachtzins 400,00 m² × 1,31 €.*€ 524,00/,
  /Gemeinschaftsflächenanteil 100,00 m² × 1,31 €.*€ 131,00/,
  /Grundsteuer 500,00 m² × 0,14 €.*€ 70,00/,
  /Verwaltungs- und Haftungszuschlag 14,5 % von 725,00 €.*€ 105,13/,
  /Verbandsbeitrag.*€ 12,66/,
  /Mitgliedsbeitrag.*€ 75,00/,
  /Instandhaltungsbeitrag.*€ 180,00/,
  /Wasser-Akonto.*€ 300,00/,
  /Summe\s+€ 1\.397,79/,
  /Parzelle\s+17/,
  /Fällig am\s+31\.03\.2026/,
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kgv-briefe-lauf-'));
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  z = await seedZvBeispiel(app.services);
});
afterAll(async () => {
  await app.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('Zahlungsvorschreibung letters of DOMAIN.md’s run', () => {
  it('prints drafts before booking: the run’s lines, ENTWURF, no number, reference, slip or QR code', async () => {
    const entwurf = await drucke({ adressen: String(z.huber) });
    expect(entwurf.status, entwurf.text).toBe(200);
    const entwurfText = await pdfText(entwurf.buffer);
    for (const zeile of ZEILEN_17) expect(entwurfText).toMatch(zeile);
    expect(entwurfText).toContain('ENTWURF');
    expect(entwurfText).not.toMatch(/Rechnungsnummer|Zahlungsreferenz|Zahlschein/);
    expect(await qrCodes(entwurf.buffer)).toEqual([]);
    // A draft print writes nothing.
    expect(await app.services.db('versandprotokoll').select()).toEqual([]);
  }, 120_000);

  it('prints the booked letter with number, reference, slip and an exact QR code', async () => {
    const gebucht = await kassier.post<EinbuchenResponse>('Abrechnung/ForderungenEinbuchen', {
      pachtabrechnungId: z.pachtabrechnungId,
      datum: ZV_DATUM,
    });
    expect(gebucht.status, gebucht.text).toBe(200);
    gebuchtAntwort = gebucht.body;
    const huber = gebucht.body.rechnungen.find((r) => r.adresseId === z.huber)!;

    const brief = await drucke({ adressen: String(z.huber) });
    expect(brief.status, brief.text).toBe(200);
    const text = await pdfText(brief.buffer);
    for (const zeile of ZEILEN_17) expect(text).toMatch(zeile);
    expect(text).not.toContain('ENTWURF');
    expect(text).toMatch(new RegExp(`Rechnungsnummer\\s+${huber.nummer}`));
    expect(text).toMatch(new RegExp(`Zahlungsreferenz\\s+${formatRf(huber.zahlungsreferenz)}`));
    expect(text).toMatch(/Zahlschein/);
    expect(text).toMatch(/IBAN\s+AT61 1904 3002 3457 3201/);
    expect(await qrCodes(brief.buffer)).toEqual([
      `BCD\n002\n1\nSCT\nBKAUATWW\nKGV Sonnenhang\nAT611904300234573201\nEUR1397.79\n\n${huber.zahlungsreferenz}`,
    ]);
  }, 120_000);

  it('prints all 17 booked letters in plot order, each noted in the protocol', async () => {
    // All 17 letters, one page each, in plot order; each printed letter is in the protocol.
    const alle = await drucke({ alle: 'true', sortBy: 'parzelle' });
    expect(alle.status).toBe(200);
    const alleText = await pdfText(alle.buffer);
    expect(alleText.match(/^\s*Zahlschein\s*$/gm)).toHaveLength(17);
    const parzellen = [...alleText.matchAll(/^\s*Parzelle\s+(\d+)\s*$/gm)].map((m) => m[1]);
    expect(parzellen.filter((p, i) => p !== parzellen[i - 1])).toEqual(
      Array.from({ length: 17 }, (_, i) => String(i + 1)),
    );
    expect((await qrCodes(alle.buffer)).length).toBe(17);
    const gedruckt = await app.services.db('versandprotokoll').where({ aktion: 'gedruckt' });
    expect(gedruckt).toHaveLength(18);
    expect(new Set(gedruckt.map((g) => Number(g.rechnung_id)))).toEqual(
      new Set(gebuchtAntwort.rechnungen.map((r) => r.id)),
    );
  }, 120_000);
});
