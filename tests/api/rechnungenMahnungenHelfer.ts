import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { RechnungDetail } from '../../src/modules/rechnungspruefung/schema/rechnung';
import { readSection, saveSection } from '../../src/modules/vereinseinstellungen/services';
import { systemActor } from '../../src/platform/auth/principal';
import { nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { pdfText } from './kassaBerichteHelfer';

// Shared by the reminder tests (rechnungenMahnungen, rechnungenMahnungenFaelle, rechnungenRaten):
// the example with the fees set to € 7,50 and € 15,00 (so they visibly come from the settings) and a
// text of the club's own, a payment written directly, and the reminder letters read as text and QR.

export const GEBUEHR_2 = 750;
export const GEBUEHR_3 = 1_500;

export type MahnungenTest = {
  app: TestApp;
  rb: RechnungenBeispiel;
  kassier: ApiClient;
  detail: (id: number) => Promise<RechnungDetail>;
  /** A payment of `betragCent` on the receivable (what S2's allocation writes; the reminders only read it). */
  zahle: (rechnungId: number, betragCent: number) => Promise<void>;
  /** GET Mahnungen of one receivable on `datum`. */
  mahne: (
    rechnungsID: number,
    datum: string,
    extra?: Record<string, string | boolean>,
  ) => ReturnType<ApiClient['request']>;
};

export async function startMahnungenTest(): Promise<MahnungenTest> {
  const app = await startTestApp();
  const rb = await seedRechnungenBeispiel(app.services);
  const actor = systemActor('Test');
  const anzahl = await readSection(app.services.db, 'anzahl');
  await saveSection(app.services, app.services.db, actor, 'anzahl', {
    ...anzahl,
    mahngebuehrStufe2Cent: GEBUEHR_2,
    mahngebuehrStufe3Cent: GEBUEHR_3,
  });
  const texte = await readSection(app.services.db, 'texte');
  await saveSection(app.services, app.services.db, actor, 'texte', {
    ...texte,
    mahnungText: 'Bei Fragen erreichen Sie den Kassier jeden Samstag im Vereinshaus.',
  });
  const kassier = await app.signedIn(['Kassier']);
  return {
    app,
    rb,
    kassier,
    async detail(id) {
      const res = await kassier.get<RechnungDetail>('Rechnungspruefung/GetRechnung', { id });
      expect(res.status).toBe(200);
      return res.body;
    },
    async zahle(rechnungId, betragCent) {
      await app.services.db('zuordnungen').insert({
        kassabuch_id: null,
        rechnung_id: rechnungId,
        adresse_id: null,
        art: 'zahlung',
        quelle: 'manuell',
        betrag_cent: betragCent,
        verrechnung_id: null,
        benutzer: 'Test',
        created_at: nowDb(),
      });
    },
    mahne: (rechnungsID, datum, extra = {}) =>
      kassier.request('GET', 'Rechnungspruefung/Mahnungen', { query: { rechnungsID, datum, ...extra } }),
  };
}

const run = promisify(execFile);

/** Every QR code in the PDF, as zbarimg reads its pages at 200 dpi (like abrechnungBriefe.test.ts). */
export async function qrCodes(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kgv-mahnung-'));
  try {
    const file = path.join(dir, 'mahnung.pdf');
    await writeFile(file, pdf);
    await run('pdftoppm', ['-r', '200', '-png', file, path.join(dir, 'seite')]);
    const codes: string[] = [];
    for (const png of (await readdir(dir)).filter((f) => f.endsWith('.png')).sort()) {
      try {
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
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's text with line breaks and runs of spaces made single spaces (table cells end up on one line). */
export async function text(pdf: Buffer): Promise<string> {
  return (await pdfText(pdf)).replace(/\s+/g, ' ');
}
