import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rechnung } from '../../src/modules/rechnungspruefung/schema/rechnung';
import type { Rechnungsuebersicht } from '../../src/modules/rechnungspruefung/schema/rechnungsuebersicht';
import type { ApiClient } from '../helpers/apiClient';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { pdfText, xlsxSheets } from './kassaBerichteHelfer';
import { bezahle } from './rechnungenHelfer';

// The Rechnungsübersicht as the Kassier reads it on screen, prints it and hands it on as Excel — the
// same rows and sums in all three —, the invoice letters of the selected receivables with the EPC QR
// code for what is still OPEN, and the payment slips (here and through Abrechnung/Zahlscheine).

const run = promisify(execFile);
const R = 'Rechnungspruefung';
let app: TestApp;
let rb: RechnungenBeispiel;
let kassier: ApiClient;
let dir: string;
let teil: Rechnung['id'];
let voll: Rechnung['id'];

/** Every QR code on every page, as zbarimg reads them at 200 dpi (empty: none). */
async function qrCodes(pdf: Buffer): Promise<string[]> {
  const file = path.join(dir, `f${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const prefix = `${file}-png`;
  await run('pdftoppm', ['-r', '200', '-png', file, prefix]);
  const codes: string[] = [];
  for (const png of (await readdir(dir)).filter((f) => f.startsWith(path.basename(prefix))).sort()) {
    try {
      const { stdout } = await run('zbarimg', ['--xml', '-q', '-Sqrcode.enable', path.join(dir, png)]);
      for (const m of stdout.matchAll(/<data( format='base64')?><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g))
        codes.push(m[1] ? Buffer.from(m[2]!, 'base64').toString('utf8') : m[2]!);
    } catch (error) {
      // Exit code 4: no code found on that page.
      if ((error as { code?: number }).code !== 4) throw error;
    }
  }
  return codes;
}

const epc = (cent: number, ref: string) =>
  `BCD\n002\n1\nSCT\nBKAUATWW\nKGV Sonnenhang\nAT611904300234573201\nEUR${(cent / 100).toFixed(2)}\n\n${ref}`;
/** 1.553,44 as the list prints cents. */
const zahl = (cent: number) =>
  `${cent < 0 ? '-' : ''}${String(Math.floor(Math.abs(cent) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(Math.abs(cent) % 100).padStart(2, '0')}`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kgv-rechnungen-'));
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
  teil = rb.huberRechnung.id;
  voll = rb.lauf.rechnungen.find((r) => r.id !== teil)!.id;
  await bezahle(app, rb, teil, 39_779, { quelle: 'bank' });
  await bezahle(app, rb, voll, 155_344, { quelle: 'bank' });
});
afterAll(async () => {
  await app?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('Rechnungsuebersicht', () => {
  it('json: rows sorted by the column, sums of amount/paid/open/overdue, counts per status', async () => {
    const res = await kassier.get<Rechnungsuebersicht>(`${R}/Rechnungsuebersicht`, {
      IsOffen: 'false',
      spalte: 'offenCent',
      fallend: 'true',
    });
    expect(res.status).toBe(200);
    const { zeilen, summen, jeStatus } = res.body;
    expect(zeilen).toHaveLength(17);
    expect(zeilen.map((r) => r.offenCent)).toEqual([...zeilen.map((r) => r.offenCent)].sort((a, b) => b - a));
    expect(zeilen.at(-1)!.id).toBe(voll);
    expect(zeilen.at(-2)!.id).toBe(teil);
    expect(summen).toEqual({
      anzahl: 17,
      betragCent: 139_779 + 16 * 155_344,
      bezahltCent: 39_779 + 155_344,
      offenCent: 100_000 + 15 * 155_344,
      ueberfaelligCent: 100_000 + 15 * 155_344,
    });
    expect(jeStatus).toEqual({
      offen: { anzahl: 15, offenCent: 15 * 155_344 },
      teilbezahlt: { anzahl: 1, offenCent: 100_000 },
      bezahlt: { anzahl: 1, offenCent: 0 },
    });
    // The status chips keep their counts when a status is chosen.
    const nurTeil = await kassier.get<Rechnungsuebersicht>(`${R}/Rechnungsuebersicht`, { Status: 'teilbezahlt' });
    expect(nurTeil.body.zeilen.map((r) => r.id)).toEqual([teil]);
    expect(nurTeil.body.jeStatus).toEqual(jeStatus);
    const nachName = await kassier.get<Rechnungsuebersicht>(`${R}/Rechnungsuebersicht`, { spalte: 'adresseName' });
    const namen = nachName.body.zeilen.map((r) => r.adresseName);
    expect(namen).toEqual([...namen].sort((a, b) => a.localeCompare(b, 'de-AT', { numeric: true })));
    expect((await kassier.get(`${R}/Rechnungsuebersicht`, { spalte: 'farbe' })).status).toBe(422);
  });

  it('PDF and Excel carry the same rows and sums as the json', async () => {
    const query = { Bezeichnung: 'huber', IsOffen: 'false' };
    const json = (await kassier.get<Rechnungsuebersicht>(`${R}/Rechnungsuebersicht`, query)).body;
    expect(json.zeilen.map((r) => r.id)).toEqual([teil]);
    const pdf = await kassier.get(`${R}/Rechnungsuebersicht`, { ...query, format: 'pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = await pdfText(pdf.buffer);
    expect(text).toContain('Rechnungsübersicht');
    expect(text).toContain('Suche „huber“');
    expect(text).toMatch(new RegExp(`${rb.huberRechnung.nummer}.*1\\.397,79\\s+397,79\\s+1\\.000,00.*teilbezahlt`));
    expect(text).toMatch(/Summe \(1 Rechnung\)\s+1\.397,79\s+397,79\s+1\.000,00/);

    const alle = (await kassier.get<Rechnungsuebersicht>(`${R}/Rechnungsuebersicht`, { IsOffen: '0' })).body;
    const xlsx = await kassier.get(`${R}/Rechnungsuebersicht`, { IsOffen: '0', format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    const rows = (await xlsxSheets(xlsx.buffer)).get('Rechnungsübersicht')!;
    expect(rows[0]!.slice(0, 8)).toEqual(['Nummer', 'Datum', 'Name', 'Parzelle', 'Art', 'Betrag', 'Bezahlt', 'Offen']);
    expect(rows.slice(1, -1).map((r) => r[0])).toEqual(alle.zeilen.map((r) => r.nummer));
    const summe = rows.at(-1)!;
    expect(summe[0]).toBe('Summe (17 Rechnungen)');
    expect(summe.slice(5, 9)).toEqual([
      alle.summen.betragCent / 100,
      alle.summen.bezahltCent / 100,
      alle.summen.offenCent / 100,
      alle.summen.ueberfaelligCent / 100,
    ]);
    const pdfAlle = await pdfText(
      (await kassier.get(`${R}/Rechnungsuebersicht`, { IsOffen: '0', format: 'pdf' })).buffer,
    );
    expect(pdfAlle).toMatch(
      new RegExp(
        `Summe \\(17 Rechnungen\\)\\s+${zahl(alle.summen.betragCent).replace('.', '\\.')}\\s+${zahl(alle.summen.bezahltCent).replace('.', '\\.')}\\s+${zahl(alle.summen.offenCent).replace(/\./g, '\\.')}`,
      ),
    );
  });
});

describe('Rechnungen (PDF) and Zahlscheine', () => {
  it('prints the invoice with what was paid and a QR code for the open amount; none once paid', async () => {
    const huber = (await kassier.get<Rechnung>(`${R}/GetRechnung`, { id: String(teil) })).body;
    const res = await kassier.get(`${R}/Rechnungen`, { ids: String(teil) });
    expect(res.status).toBe(200);
    const text = await pdfText(res.buffer);
    expect(text).toContain(`Zahlungsvorschreibung ${huber.nummer}`);
    expect(text).toMatch(/Summe\s+€ 1\.397,79/);
    expect(text).toMatch(/bereits bezahlt\s+€ 397,79/);
    expect(text).toMatch(/offen\s+€ 1\.000,00/);
    expect(await qrCodes(res.buffer)).toEqual([epc(100_000, huber.zahlungsreferenz)]);

    const beide = await kassier.get(`${R}/Rechnungen`, { ids: `${teil},${voll}` });
    const beideText = await pdfText(beide.buffer);
    expect(beideText).toContain('Die Rechnung ist bezahlt.');
    expect(await qrCodes(beide.buffer)).toEqual([epc(100_000, huber.zahlungsreferenz)]);
  });

  it('Zahlscheine ask for the open amounts (paid ones left out), in Rechnungspruefung and Abrechnung alike', async () => {
    const huber = (await kassier.get<Rechnung>(`${R}/GetRechnung`, { id: String(teil) })).body;
    const eine = await kassier.get(`${R}/Zahlscheine`, { adress: String(rb.huber), datum: '2026-12-31' });
    expect(eine.status).toBe(200);
    expect(await qrCodes(eine.buffer)).toEqual([epc(100_000, huber.zahlungsreferenz)]);
    const abr = await kassier.get('Abrechnung/Zahlscheine', { adress: String(rb.huber), date: '2026-12-31' });
    expect(await qrCodes(abr.buffer)).toEqual([epc(100_000, huber.zahlungsreferenz)]);
    const bezahlte = rb.lauf.rechnungen.find((r) => r.id === voll)!;
    const keine = await kassier.get<{ title: string }>(`${R}/Zahlscheine`, {
      adress: String(bezahlte.adresseId),
      datum: '2026-12-31',
    });
    expect(keine.status).toBe(422);
    expect(keine.body.title).toBe('Es gibt keine Zahlscheine zu drucken.');
  });

  it('needs the Rechnungspruefung view right', async () => {
    const ohne = await app.signedIn(['Wasserwart']);
    expect((await ohne.get(`${R}/Rechnungsuebersicht`)).status).toBe(403);
    expect((await ohne.get(`${R}/Rechnungen`, { ids: String(teil) })).status).toBe(403);
  });
});
