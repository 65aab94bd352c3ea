import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EinbuchenResponse, ZvEintrag, ZvPosition } from '../../src/modules/abrechnung/schema/zvData';
import { briefePdf, bucheLauf } from '../../src/modules/abrechnung/services';
import { readSection, saveSection, saveVereinsLogo } from '../../src/modules/vereinseinstellungen/services';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import { epcQrPayload, formatRf } from '../../src/platform/payment';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, ZV_SUMME_PARZELLE_17_CENT, type ZvBeispiel } from '../helpers/zvBeispiel';
import { pdfText } from './kassaBerichteHelfer';

// The letters of the billing runs as the board prints them (POST Zahlungsvorschreibung, LaufBriefe,
// GET Zahlscheine): DOMAIN.md's booked letter for plot 17 with every line, its number, reference,
// slip and an EPC QR code a banking app reads exactly; drafts without any of these; one PDF per
// address in the ZIP; the order; only the letters for the post; credit letters without a code.
// The run is booked with bucheLauf from letters built here (the Zahlungsvorschreibung run's own
// computation has its tests in abrechnungZv*); what is printed is what was stored.

const run = promisify(execFile);
/** A one-pixel PNG: a logo that no QR reader takes for a code. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let app: TestApp;
let z: ZvBeispiel;
let kassier: ApiClient;
let dir: string;
let gebucht: EinbuchenResponse;
const actor = systemActor('Test');

const pos = (
  art: ZvPosition['art'],
  text: string,
  betragCent: number,
  buchungskontoId: number,
  menge?: string,
  satz?: string,
): ZvPosition => ({ art, text, betragCent, steuersatz: 0, buchungskontoId, menge: menge ?? null, satz: satz ?? null });

/** DOMAIN.md's letter for plot 17 (Huber Maria, 400 m², share 100 m²): 1,397.79 €. */
const positionen17 = (): ZvPosition[] => [
  pos('pachtzins', 'Pachtzins 400,00 m² × 1,31 €', 52_400, z.bk.pacht, '400.00', '1.31'),
  pos('gemeinschaftsflaeche', 'Gemeinschaftsflächenanteil 100,00 m² × 1,31 €', 13_100, z.bk.pacht, '100.00', '1.31'),
  pos('grundsteuer', 'Grundsteuer 500,00 m² × 0,14 €', 7_000, z.bk.pacht, '500.00', '0.14'),
  pos('pachtzuschlag', 'Verwaltungs- und Haftungszuschlag 14,5 % von 725,00 €', 10_513, z.bk.pacht, '725.00', '14.5'),
  pos('verein', 'Verbandsbeitrag', 1_266, z.bk.mitgliedsbeitrag),
  pos('verein', 'Mitgliedsbeitrag', 7_500, z.bk.mitgliedsbeitrag),
  pos('verein', 'Instandhaltungsbeitrag', 18_000, z.bk.mitgliedsbeitrag),
  pos('wasserAkonto', 'Wasser-Akonto', 30_000, z.bk.wasser),
];

/** The names the letters are booked under (the window prints the address: „Anna Gärtner1“). */
const NAMEN = ['Huber Maria', 'Zach Anna', 'Wolf Anna', 'Berger Anna', 'Adler Anna', 'Moser Anna'];

function brief(i: number, positionen: ZvPosition[]): ZvEintrag {
  return {
    adresseId: z.adressen[i]!,
    name: NAMEN[i] ?? `Gärtner${i}`,
    anschrift: { anrede: '', titel: '', vorname: '', nachname: '', strasse: '', plz: '', ort: '', land: '' },
    email: '',
    bevorzugtEmail: false,
    parzellen: [{ parzelleId: z.parzellen[i]!, nummer: i === 0 ? '17' : String(i), positionen }],
    summeCent: positionen.reduce((s, p) => s + p.betragCent, 0),
    faelligAm: '2026-03-31',
    rechnungId: null,
    rechnungsnummer: null,
    zahlungsreferenz: null,
    rechnungen: [],
  };
}

/** Plot 17's letter, four more letters (Gärtner1 … Gärtner4), and Gärtner5's credit letter (water Guthaben). */
const briefe = (): ZvEintrag[] => [
  brief(0, positionen17()),
  ...[1, 2, 3, 4].map((i) => brief(i, [pos('verein', 'Mitgliedsbeitrag', 7_500 + i, z.bk.mitgliedsbeitrag)])),
  brief(5, [
    pos('verein', 'Mitgliedsbeitrag', 7_500, z.bk.mitgliedsbeitrag),
    pos('wasserDifferenz', 'Wasserabrechnung zum 31.10.2025: Guthaben', -12_000, z.bk.wasser),
  ]),
];

async function saved(pdf: Buffer, name = `f${Math.random().toString(36).slice(2)}.pdf`): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, pdf);
  return file;
}

/** Every QR code on every page, as zbarimg reads them at 200 dpi (empty: none). */
async function qrCodes(pdf: Buffer): Promise<string[]> {
  const file = await saved(pdf);
  const prefix = `${file}-png`;
  await run('pdftoppm', ['-r', '200', '-png', file, prefix]);
  const codes: string[] = [];
  for (const png of (await readdir(dir)).filter((f) => f.startsWith(path.basename(prefix))).sort()) {
    try {
      // XML keeps codes apart: an EPC payload has line breaks of its own, so --raw output is ambiguous.
      const { stdout } = await run('zbarimg', ['--xml', '-q', '-Sqrcode.enable', path.join(dir, png)]);
      for (const m of stdout.matchAll(/<data( format='base64')?><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)) {
        codes.push(m[1] ? Buffer.from(m[2]!, 'base64').toString('utf8') : m[2]!);
      }
    } catch (error) {
      // Exit code 4: no code found on that page.
      if ((error as { code?: number }).code !== 4) throw error;
    }
  }
  return codes;
}

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const drucke = (fields: Record<string, string>, pfad = 'Abrechnung/Zahlungsvorschreibung') =>
  kassier.request('POST', pfad, { rawBody: form({ pachtabrechnungID: String(z.pachtabrechnungId), ...fields }) });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kgv-briefe-'));
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
  // Gärtner3 prefers e-mail: the print run for the post leaves that letter out.
  await app.services
    .db('adressen')
    .where({ id: z.adressen[3]! })
    .update({ flags: 256 | 2, email: 'g3@test.kgv' });
  gebucht = await inTransaction(app.services.db, (trx) =>
    bucheLauf(trx, actor, {
      art: 'Zahlungsvorschreibung',
      pachtabrechnungId: z.pachtabrechnungId,
      datum: ZV_DATUM,
      faelligAm: '2026-03-31',
      eintraege: briefe(),
    }),
  );
  kassier = await app.signedIn(['Kassier']);
});
afterAll(async () => {
  await app.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('POST Abrechnung/Zahlungsvorschreibung (booked run)', () => {
  it('prints DOMAIN.md’s letter for plot 17 with every line, number, reference, slip and an exact EPC QR code', async () => {
    const res = await drucke({ adressen: String(z.huber) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const text = await pdfText(res.buffer);
    const huber = gebucht.rechnungen.find((r) => r.adresseId === z.huber)!;
    expect(huber.betragCent).toBe(ZV_SUMME_PARZELLE_17_CENT);
    for (const zeile of [
      /Zahlungsvorschreibung 2026/,
      /Frau\s*\n\s*Maria Huber\s*\n\s*Rosenweg 17\s*\n\s*1140 Wien/,
      /Sehr geehrte Frau Huber,/,
      /Datum\s+Wien, am 01\.03\.2026/,
      /Parzelle\s+17/,
      /Fällig am\s+31\.03\.2026/,
      /Pachtzins 400,00 m² × 1,31 €\s+€ 524,00/,
      /Gemeinschaftsflächenanteil 100,00 m² × 1,31 €\s+€ 131,00/,
      /Grundsteuer 500,00 m² × 0,14 €\s+€ 70,00/,
      /Verwaltungs- und Haftungszuschlag 14,5 % von 725,00 €\s+€ 105,13/,
      /Verbandsbeitrag\s+€ 12,66/,
      /Mitgliedsbeitrag\s+€ 75,00/,
      /Instandhaltungsbeitrag\s+€ 180,00/,
      /Wasser-Akonto\s+€ 300,00/,
      /Summe\s+€ 1\.397,79/,
      /Bitte überweisen Sie € 1\.397,79 bis 31\.03\.2026/,
      new RegExp(`Rechnungsnummer\\s+${huber.nummer}`),
      new RegExp(`Zahlungsreferenz\\s+${formatRf(huber.zahlungsreferenz)}`),
      /Zahlschein/,
      /Empfänger\s+KGV Sonnenhang/,
      /IBAN\s+AT61 1904 3002 3457 3201/,
      /BIC\s+BKAUATWW/,
      /Betrag\s+€ 1\.397,79/,
    ]) {
      expect(text).toMatch(zeile);
    }
    expect(text).not.toContain('ENTWURF');
    // Quantity and rate are printed once, in the text: no Menge/Satz columns repeating them.
    expect(text).not.toMatch(/Menge|Satz/);
    expect(text.match(/400,00/g)).toHaveLength(1);
    expect(await qrCodes(res.buffer)).toEqual([
      `BCD\n002\n1\nSCT\nBKAUATWW\nKGV Sonnenhang\nAT611904300234573201\nEUR1397.79\n\n${huber.zahlungsreferenz}`,
    ]);
    // Printing a booked run notes the letter in the run's protocol.
    const zeilen = await app.services.db('versandprotokoll').where({ rechnung_id: huber.id, aktion: 'gedruckt' });
    expect(zeilen).toHaveLength(1);
    expect(zeilen[0]).toMatchObject({ lauf_id: gebucht.laufId, status: 'ok', adresse_id: z.huber });
  });

  it('prints a credit letter without slip or QR code: „Guthaben – wird Ihnen gutgeschrieben“', async () => {
    const res = await drucke({ adressen: String(z.adressen[5]) });
    expect(res.status).toBe(200);
    const text = await pdfText(res.buffer);
    expect(text).toMatch(/Gutschrift – Zahlungsvorschreibung 2026/);
    expect(text).toMatch(/Summe\s+-€ 45,00/);
    expect(text).toContain('Guthaben – wird Ihnen gutgeschrieben');
    expect(text).not.toContain('Zahlschein');
    expect(await qrCodes(res.buffer)).toEqual([]);
  });

  it('gives a ZIP with one PDF per address named <Rechnungsnummer>_<Name>.pdf', async () => {
    const res = await drucke({ alle: 'true', zip: 'true' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/zip');
    const dateien = unzipSync(new Uint8Array(res.buffer));
    const erwartet = gebucht.rechnungen.map((r) => r.nummer);
    expect(Object.keys(dateien)).toHaveLength(6);
    for (const nummer of erwartet) expect(Object.keys(dateien).some((n) => n.startsWith(`${nummer}_`))).toBe(true);
    const huber = gebucht.rechnungen.find((r) => r.adresseId === z.huber)!;
    const name = Object.keys(dateien).find((n) => n.startsWith(`${huber.nummer}_`))!;
    expect(name).toMatch(/^2026-\d{5}_Huber_Maria\.pdf$/);
    const text = await pdfText(Buffer.from(dateien[name]!));
    expect(text).toContain('€ 1.397,79');
    expect(text).not.toContain('Anna Gärtner');
  });

  it('sorts by plot number or by name, and leaves out e-mail letters with nurPost', async () => {
    const reihenfolge = async (fields: Record<string, string>) => {
      const res = await drucke(fields);
      expect(res.status).toBe(200);
      const text = await pdfText(res.buffer);
      return [...text.matchAll(/^\s*(\S+ (?:Huber|Aigner|Gärtner\d+))\s*$/gm)].map((m) => m[1]);
    };
    expect(await reihenfolge({ sortBy: 'parzelle' })).toEqual([
      'Anna Gärtner1',
      'Anna Gärtner2',
      'Anna Gärtner3',
      'Anna Gärtner4',
      'Anna Gärtner5',
      'Maria Huber',
    ]);
    // By the booked names: Adler, Berger, Huber, Moser, Wolf, Zach.
    expect(await reihenfolge({ sortBy: 'name' })).toEqual([
      'Anna Gärtner4',
      'Anna Gärtner3',
      'Maria Huber',
      'Anna Gärtner5',
      'Anna Gärtner2',
      'Anna Gärtner1',
    ]);
    expect(await reihenfolge({ sortBy: 'parzelle', nurPost: 'true' })).toEqual([
      'Anna Gärtner1',
      'Anna Gärtner2',
      'Anna Gärtner4',
      'Anna Gärtner5',
      'Maria Huber',
    ]);
  });

  it('refuses a selection without letters (422) and a user without Abrechnung rights (403)', async () => {
    const leer = await drucke({ adressen: '999999' });
    expect(leer.status).toBe(422);
    expect(leer.body).toMatchObject({ title: 'Es gibt keine Briefe zu drucken.' });
    const wasserwart = await app.signedIn(['Wasserwart']);
    const res = await wasserwart.request('POST', 'Abrechnung/Zahlungsvorschreibung', { rawBody: form({}) });
    expect(res.status).toBe(403);
    // The Wasserwart prints Wasserrechnungen through LaufBriefe, but no other run's letters.
    const andere = await wasserwart.request('POST', 'Abrechnung/LaufBriefe', {
      rawBody: form({ art: 'Gruppenrechnung' }),
    });
    expect(andere.status).toBe(403);
  });

  it('takes the same fields as JSON', async () => {
    const res = await kassier.post('Abrechnung/Zahlungsvorschreibung', {
      pachtabrechnungID: z.pachtabrechnungId,
      adressen: String(z.huber),
      zip: true,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(res.buffer)))).toHaveLength(1);
  });

  it('offers the orders for the screen (Common/ZvSortBy)', async () => {
    const res = await kassier.request('GET', 'Common/ZvSortBy');
    expect(res.body).toEqual([
      { id: 'parzelle', name: 'Parzellennummer' },
      { id: 'name', name: 'Name' },
    ]);
  });
});

describe('briefePdf (drafts) and a letter with several receivables', () => {
  it('marks a draft ENTWURF, without number, reference, slip or QR code', async () => {
    const pdf = await briefePdf(app.services, [brief(0, positionen17())], {
      titel: 'Zahlungsvorschreibung 2026',
      datum: ZV_DATUM,
      entwurf: true,
    });
    const text = await pdfText(pdf);
    expect(text).toContain('ENTWURF');
    expect(text).toMatch(/Summe\s+€ 1\.397,79/);
    expect(text).toMatch(/Fällig am 31\.03\.2026\./);
    expect(text).not.toMatch(/Rechnungsnummer|Zahlungsreferenz|Zahlschein/);
    expect(await qrCodes(pdf)).toEqual([]);
  });

  it('joins more than one chunk of letters into one PDF, in order, a page each, reporting progress per chunk', async () => {
    const viele = Array.from({ length: 205 }, (_, n) => ({
      ...brief(n % 17, [pos('verein', 'Mitgliedsbeitrag', 7_500 + n, z.bk.mitgliedsbeitrag)]),
      name: `Brief ${n}`,
    }));
    const fertig: number[] = [];
    const pdf = await briefePdf(app.services, viele, {
      titel: 'Zahlungsvorschreibung 2026',
      datum: ZV_DATUM,
      fortschritt: (n) => fertig.push(n),
    });
    const { stdout } = await run('pdfinfo', [await saved(pdf)]);
    expect(stdout).toMatch(/Pages:\s+205\n/);
    // The CLI's progress bar for one PDF file moves per chunk.
    expect(fertig).toEqual([100, 200, 205]);
    const text = await pdfText(pdf);
    expect([...text.matchAll(/^\s*Brief (\d+)\s*$/gm)].map((m) => Number(m[1]))).toEqual(
      Array.from({ length: 205 }, (_, n) => n),
    );
  }, 120_000);

  it('prints a subtotal per plot for a letter with two plots, and the club logo in the head', async () => {
    const zwei = brief(7, [pos('verein', 'Instandhaltungsbeitrag', 18_000, z.bk.mitgliedsbeitrag)]);
    zwei.parzellen.push({
      parzelleId: z.parzellen[8]!,
      nummer: '8',
      positionen: [pos('verein', 'Instandhaltungsbeitrag', 18_000, z.bk.mitgliedsbeitrag)],
    });
    zwei.summeCent = 36_000;
    const ohneLogo = await briefePdf(app.services, [zwei], { titel: 'Zahlungsvorschreibung 2026', datum: ZV_DATUM });
    const text = await pdfText(ohneLogo);
    expect(text).toMatch(/Parzellen\s+7, 8/);
    expect(text).toMatch(/Summe Parzelle 7\s+€ 180,00/);
    expect(text).toMatch(/Summe Parzelle 8\s+€ 180,00/);
    expect(text).toMatch(/Summe\s+€ 360,00/);
    const bilder = async (pdf: Buffer) => {
      const { stdout } = await run('pdfimages', ['-list', await saved(pdf)]);
      // Header, ruler, then one row per image; an alpha channel adds an 'smask' row.
      return stdout
        .trim()
        .split('\n')
        .slice(2)
        .filter((row) => row.split(/\s+/)[3] === 'image').length;
    };
    expect(await bilder(ohneLogo)).toBe(0);
    await saveVereinsLogo(app.services, app.services.db, actor, {
      name: 'logo.png',
      content: Buffer.from(PNG_1X1, 'base64'),
    });
    const mitLogo = await briefePdf(app.services, [zwei], { titel: 'Zahlungsvorschreibung 2026', datum: ZV_DATUM });
    expect(await bilder(mitLogo)).toBe(1);
  });

  it('prints a slip with its own QR code per receivable (rechnungenTeilen) through LaufBriefe', async () => {
    const e = brief(6, [
      pos('verein', 'Mitgliedsbeitrag', 7_500, z.bk.mitgliedsbeitrag),
      pos('wasserAkonto', 'Wasser-Akonto', 30_000, z.bk.wasser),
    ]);
    const teil = await inTransaction(app.services.db, (trx) =>
      bucheLauf(trx, actor, {
        art: 'Gruppenrechnung',
        pachtabrechnungId: z.pachtabrechnungId,
        datum: ZV_DATUM,
        faelligAm: '2026-03-31',
        rechnungenTeilen: true,
        eintraege: [e],
      }),
    );
    expect(teil.rechnungen).toHaveLength(2);
    const res = await drucke({ art: 'Gruppenrechnung' }, 'Abrechnung/LaufBriefe');
    expect(res.status).toBe(200);
    const text = await pdfText(res.buffer);
    expect(text.match(/^\s*Zahlschein\s*$/gm)).toHaveLength(2);
    const bank = { bic: 'BKAUATWW', name: 'KGV Sonnenhang', iban: 'AT611904300234573201' };
    expect((await qrCodes(res.buffer)).sort()).toEqual(
      teil.rechnungen
        .map((r) => epcQrPayload({ ...bank, amountCents: r.betragCent, reference: r.zahlungsreferenz }))
        .sort(),
    );
  });
});

describe('EPC QR code with the club’s bank data as DOMAIN.md allows it', () => {
  it('leaves the BIC line empty when the club has none and names the club when there is no Kontoinhaber', async () => {
    const vorher = await readSection(app.services.db, 'bank');
    await saveSection(app.services, app.services.db, actor, 'bank', { ...vorher, kontoinhaber: '', bic: '' });
    try {
      const res = await drucke({ adressen: String(z.huber) });
      expect(res.status).toBe(200);
      const huber = gebucht.rechnungen.find((r) => r.adresseId === z.huber)!;
      expect(await qrCodes(res.buffer)).toEqual([
        `BCD\n002\n1\nSCT\n\nKGV Sonnenhang\nAT611904300234573201\nEUR1397.79\n\n${huber.zahlungsreferenz}`,
      ]);
      expect(await pdfText(res.buffer)).toMatch(/BIC\s+–/);
    } finally {
      await saveSection(app.services, app.services.db, actor, 'bank', vorher);
    }
  });
});

describe('GET Abrechnung/Zahlscheine', () => {
  it('prints a slip with QR code per open receivable, of one address or all', async () => {
    const huber = gebucht.rechnungen.find((r) => r.adresseId === z.huber)!;
    const eine = await kassier.request('GET', 'Abrechnung/Zahlscheine', {
      query: { date: '2026-12-31', adress: z.huber },
    });
    expect(eine.status).toBe(200);
    const text = await pdfText(eine.buffer);
    expect(text).toContain(huber.nummer);
    expect(text).toContain(formatRf(huber.zahlungsreferenz));
    expect(text).toMatch(/für Huber Maria/);
    expect(await qrCodes(eine.buffer)).toEqual([
      `BCD\n002\n1\nSCT\nBKAUATWW\nKGV Sonnenhang\nAT611904300234573201\nEUR1397.79\n\n${huber.zahlungsreferenz}`,
    ]);
    const alle = await kassier.request('GET', 'Abrechnung/Zahlscheine', { query: { date: '2026-12-31' } });
    const offen = await app.services.db('rechnungen').where('betrag_cent', '>', 0);
    // Five positive letters of the run (the credit letter has none), plus any other run booked before.
    expect(offen.length).toBeGreaterThanOrEqual(5);
    expect(await qrCodes(alle.buffer)).toHaveLength(offen.length);
    const vorher = await kassier.request('GET', 'Abrechnung/Zahlscheine', { query: { date: '2026-02-28' } });
    expect(vorher.status).toBe(422);
  });
});
