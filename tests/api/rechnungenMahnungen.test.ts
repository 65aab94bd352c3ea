import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rechnung, RechnungDetail } from '../../src/modules/rechnungspruefung/schema/rechnung';
import { readSection, saveSection } from '../../src/modules/vereinseinstellungen/services';
import { systemActor } from '../../src/platform/auth/principal';
import { nowDb } from '../../src/platform/db/db';
import type { HistoryEntry } from '../../src/platform/history/history';
import type { ApiClient } from '../helpers/apiClient';
import { RB_FAELLIG_AM, type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { pdfText } from './kassaBerichteHelfer';

// One receivable's reminders (GET Mahnungen) as the Kassier prints them from the receivable's detail:
// Zahlungserinnerung (no fee), Mahnung (fee of level 2 from the settings, interest), Letzte Mahnung
// (fee of level 3, registered, the KlGG § 12 notice), then no fourth; the preview writes nothing;
// a reminder stop and a receivable not overdue are refused; the reprint shows the letter as it went
// out; ResetMahnung sets the level back and keeps the history. The example's receivables are due on
// 31.03.2026 (RB_FAELLIG_AM); fees are set to € 7,50 and € 15,00 so they visibly come from the settings.

let app: TestApp;
let rb: RechnungenBeispiel;
let kassier: ApiClient;
const actor = systemActor('Test');

const GEBUEHR_2 = 750;
const GEBUEHR_3 = 1_500;

const rechnung = (i: number) => rb.lauf.rechnungen[i]!;

async function detail(id: number): Promise<RechnungDetail> {
  const res = await kassier.get<RechnungDetail>('Rechnungspruefung/GetRechnung', { id });
  expect(res.status).toBe(200);
  return res.body;
}

/** A payment of `betragCent` on the receivable (what S2's allocation writes; the reminders only read it). */
async function zahle(rechnungId: number, betragCent: number) {
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
}

const mahne = (rechnungsID: number, datum: string, extra: Record<string, string | boolean> = {}) =>
  kassier.request('GET', 'Rechnungspruefung/Mahnungen', { query: { rechnungsID, datum, ...extra } });

const run = promisify(execFile);

/** Every QR code in the PDF, as zbarimg reads its pages at 200 dpi (like abrechnungBriefe.test.ts). */
async function qrCodes(pdf: Buffer): Promise<string[]> {
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
async function text(pdf: Buffer): Promise<string> {
  return (await pdfText(pdf)).replace(/\s+/g, ' ');
}

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
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
  kassier = await app.signedIn(['Kassier']);
});
afterAll(async () => {
  await app.stop();
});

describe('GET Rechnungspruefung/Mahnungen: levels 1 to 3', () => {
  it('Zahlungserinnerung, Mahnung and Letzte Mahnung raise the level, add the fees from the settings and the interest: Mahnung on 15.05.2026 for € 1.553,44 due 31.03.2026 charges 45 days at 4 % = € 7,66', async () => {
    const r = rechnung(0);
    expect(r.betragCent).toBe(155_344);
    expect(RB_FAELLIG_AM).toBe('2026-03-31');

    // Level 1 on 15.04.2026, without interest: no fee.
    const e1 = await mahne(r.id, '2026-04-15');
    expect(e1.status).toBe(200);
    expect(e1.headers.get('content-type')).toContain('application/pdf');
    const t1 = await text(e1.buffer);
    expect(t1).toContain('Zahlungserinnerung');
    expect(t1).not.toContain('Letzte Mahnung');
    expect(t1).toContain(`Rechnung ${r.nummer} vom 01.03.2026 € 1.553,44`);
    expect(t1).toContain('Offener Betrag € 1.553,44');
    expect(t1).toContain('Bei Fragen erreichen Sie den Kassier jeden Samstag im Vereinshaus.');
    expect(t1).toContain('Zahlschein');
    expect(t1).not.toContain('Mahngebühr');
    let d = await detail(r.id);
    expect(d.mahnstufe).toBe(1);
    expect(d.letzteMahnungAm).toBe('2026-04-15');
    expect(d.betragCent).toBe(155_344);

    // Level 2 on 15.05.2026 with interest: 155,344 × 4 % × 45/365 = 766.08 → € 7,66, fee € 7,50.
    const e2 = await mahne(r.id, '2026-05-15', { calc: true });
    expect(e2.status).toBe(200);
    const t2 = await text(e2.buffer);
    expect(t2).toMatch(/\bMahnung\b/);
    expect(t2).not.toContain('Zahlungserinnerung Rechnungsnummer');
    expect(t2).toContain('Mahngebühr (Mahnung vom 15.05.2026) € 7,50');
    expect(t2).toContain('Verzugszinsen 4 % p. a. für 45 Tage (31.03.2026 bis 15.05.2026) auf € 1.553,44 € 7,66');
    expect(t2).toContain('Offener Betrag € 1.568,60');
    d = await detail(r.id);
    expect(d.mahnstufe).toBe(2);
    expect(d.betragCent).toBe(155_344 + 750 + 766);
    expect(d.positionen.filter((p) => p.art === 'mahngebuehr').map((p) => p.betragCent)).toEqual([750]);
    expect(d.positionen.filter((p) => p.art === 'verzugszinsen').map((p) => p.betragCent)).toEqual([766]);

    // Level 3 on 15.06.2026: interest only after 15.05. on the principal (not on fee or interest):
    // 155,344 × 4 % × 31/365 = 527.75 → € 5,28; fee € 15,00; registered, with the § 12 notice.
    const e3 = await mahne(r.id, '2026-06-15', { calc: true });
    expect(e3.status).toBe(200);
    const t3 = await text(e3.buffer);
    expect(t3).toContain('Letzte Mahnung');
    expect(t3).toContain('Eingeschrieben');
    expect(t3).toContain('§ 12 Abs. 2 Kleingartengesetz');
    expect(t3).toContain('länger als einen Monat im Rückstand');
    expect(t3).toContain('Mahngebühr (Letzte Mahnung vom 15.06.2026) € 15,00');
    expect(t3).toContain('Verzugszinsen 4 % p. a. für 31 Tage (15.05.2026 bis 15.06.2026) auf € 1.553,44 € 5,28');
    // Every charge so far is listed: 1.553,44 + 7,50 + 7,66 + 15,00 + 5,28 = € 1.588,88.
    expect(t3).toContain('Mahngebühr (Mahnung vom 15.05.2026) € 7,50');
    expect(t3).toContain('Offener Betrag € 1.588,88');
    d = await detail(r.id);
    expect(d.mahnstufe).toBe(3);
    expect(d.betragCent).toBe(158_888);
    expect(d.mahnungen.map((m) => [m.stufe, m.datum, m.gebuehrCent, m.zinsenCent, m.offenCent])).toEqual([
      [1, '2026-04-15', 0, 0, 155_344],
      [2, '2026-05-15', GEBUEHR_2, 766, 156_860],
      [3, '2026-06-15', GEBUEHR_3, 528, 158_888],
    ]);

    // The same call again that day (a double click, a reloaded PDF tab) prints that reminder again
    // instead of raising the level a second time.
    const nochmal = await mahne(r.id, '2026-06-15', { calc: true });
    expect(nochmal.status).toBe(200);
    expect(await text(nochmal.buffer)).toBe(t3);
    expect((await detail(r.id)).mahnungen).toHaveLength(3);

    // No fourth level.
    const e4 = await mahne(r.id, '2026-07-15');
    expect(e4.status).toBe(409);
    expect((e4.body as { code: string }).code).toBe('hoechste_mahnstufe');
  });

  it('a part payment shows as paid and the slip asks for the open amount only', async () => {
    const r = rechnung(1);
    await zahle(r.id, 55_344);
    const res = await mahne(r.id, '2026-04-20');
    expect(res.status).toBe(200);
    const t = await text(res.buffer);
    expect(t).toContain('abzüglich bereits bezahlt -€ 553,44');
    expect(t).toContain('Offener Betrag € 1.000,00');
    expect(t).toContain('Betrag € 1.000,00');
    // The slip's EPC QR code pays exactly the open amount with the receivable's RF reference.
    const [qr] = await qrCodes(res.buffer);
    const felder = qr!.split('\n');
    expect(felder[0]).toBe('BCD');
    expect(felder[7]).toBe('EUR1000.00');
    expect(felder[9]).toBe(r.zahlungsreferenz.replace(/\s/g, ''));
  });

  it('the preview (vorschau) prints a draft with what it would charge and writes nothing', async () => {
    const r = rechnung(2);
    const vorher = await detail(r.id);
    const res = await mahne(r.id, '2026-05-15', { vorschau: true, calc: true });
    expect(res.status).toBe(200);
    const t = await text(res.buffer);
    expect(t).toContain('ENTWURF');
    expect(t).toContain('Zahlungserinnerung');
    expect(t).toContain('Verzugszinsen 4 % p. a. für 45 Tage');
    const nachher = await detail(r.id);
    expect(nachher.mahnstufe).toBe(0);
    expect(nachher.betragCent).toBe(vorher.betragCent);
    expect(nachher.mahnungen).toEqual([]);
    // the next level's draft names the fee as the reminder will book it
    await app.services.db('rechnungen').where({ id: r.id }).update({ mahnstufe: 1 });
    const stufe2 = await text((await mahne(r.id, '2026-05-15', { vorschau: true })).buffer);
    expect(stufe2).toContain('Mahngebühr (Mahnung vom 15.05.2026) € 7,50');
    await app.services.db('rechnungen').where({ id: r.id }).update({ mahnstufe: 0 });
  });
});

describe('GET Rechnungspruefung/Mahnungen: refusals', () => {
  it('a reminder stop until a day on or after the date answers 409 mahnsperre; the day after it reminds', async () => {
    const r = rechnung(3);
    await app.services.db('rechnungen').where({ id: r.id }).update({ mahnsperre_bis: '2026-05-31' });
    const res = await mahne(r.id, '2026-05-31');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'mahnsperre' });
    expect((res.body as { title: string }).title).toContain('Mahnsperre bis 31.05.2026');
    expect((await detail(r.id)).mahnstufe).toBe(0);
    expect((await mahne(r.id, '2026-06-01')).status).toBe(200);
  });

  it('not overdue on the date (due that very day, or paid) answers 409 nicht_faellig', async () => {
    const r = rechnung(4);
    const amFaelligkeitstag = await mahne(r.id, RB_FAELLIG_AM);
    expect(amFaelligkeitstag.status).toBe(409);
    expect(amFaelligkeitstag.body).toMatchObject({ code: 'nicht_faellig' });
    await zahle(r.id, r.betragCent);
    expect((await mahne(r.id, '2026-05-01')).body).toMatchObject({ code: 'nicht_faellig' });
    expect((await detail(r.id)).mahnungen).toEqual([]);
  });

  it('an unknown receivable is 404, a bad date 422 per field', async () => {
    expect((await mahne(999_999, '2026-05-01')).status).toBe(404);
    const res = await mahne(rechnung(5).id, '2026-02-30');
    expect(res.status).toBe(422);
    expect((res.body as { errors: Record<string, string[]> }).errors['query.datum']).toEqual([
      'Dieses Datum gibt es nicht.',
    ]);
  });

  it('rights: reading users may reprint but not remind; users without Rechnungsprüfung rights get 403', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const schrift = await app.signedIn(['Schriftführer']);
    const r = rechnung(6);
    expect(
      (
        await pruefer.request('GET', 'Rechnungspruefung/Mahnungen', {
          query: { rechnungsID: r.id, datum: '2026-05-01' },
        })
      ).status,
    ).toBe(403);
    expect((await pruefer.request('POST', 'Rechnungspruefung/ResetMahnung', { query: { id: r.id } })).status).toBe(403);
    const erste = (await detail(rechnung(0).id)).mahnungen[0]!;
    expect(
      (await pruefer.request('GET', 'Rechnungspruefung/MahnungenDruck', { query: { ids: String(erste.id) } })).status,
    ).toBe(200);
    expect(
      (await schrift.request('GET', 'Rechnungspruefung/MahnungenDruck', { query: { ids: String(erste.id) } })).status,
    ).toBe(403);
    expect((await detail(r.id)).mahnstufe).toBe(0);
  });
});

describe('MahnungenDruck and ResetMahnung', () => {
  it('reprints the stored reminders as they went out (a later payment changes nothing), in the order asked', async () => {
    const r = rechnung(7);
    const gedruckt = await mahne(r.id, '2026-04-20');
    const mahnung = (await detail(r.id)).mahnungen[0]!;
    await zahle(r.id, 10_000);
    const nochmal = await kassier.request('GET', 'Rechnungspruefung/MahnungenDruck', {
      query: { ids: String(mahnung.id) },
    });
    expect(nochmal.status).toBe(200);
    expect(await text(nochmal.buffer)).toBe(await text(gedruckt.buffer));
    expect((await detail(r.id)).mahnungen).toHaveLength(1);

    const level3 = (await detail(rechnung(0).id)).mahnungen[2]!;
    const beide = await text(
      (
        await kassier.request('GET', 'Rechnungspruefung/MahnungenDruck', {
          query: { ids: `${level3.id},${mahnung.id}` },
        })
      ).buffer,
    );
    expect(beide.indexOf('Letzte Mahnung')).toBeLessThan(beide.indexOf(`Rechnung ${r.nummer} vom`));
    expect(
      (await kassier.request('GET', 'Rechnungspruefung/MahnungenDruck', { query: { ids: '999999' } })).status,
    ).toBe(404);
    expect((await kassier.request('GET', 'Rechnungspruefung/MahnungenDruck', { query: { ids: 'a,b' } })).status).toBe(
      422,
    );
  });

  it('ResetMahnung sets the level back to 0; the reminders, fees and the history stay; the next reminder starts at level 1', async () => {
    const r = rechnung(0);
    const res = await kassier.request<Rechnung>('POST', 'Rechnungspruefung/ResetMahnung', { query: { id: r.id } });
    expect(res.status).toBe(200);
    expect(res.body.mahnstufe).toBe(0);
    expect(res.body.letzteMahnungAm).toBeNull();
    expect(res.body.betragCent).toBe(158_888);
    const d = await detail(r.id);
    expect(d.mahnungen).toHaveLength(3);
    const history = await kassier.get<HistoryEntry[]>('Common/GetHistory', { entityType: 'Rechnung', entityID: r.id });
    expect(history.body.map((h) => h.action)).toEqual(expect.arrayContaining(['mahnung', 'mahnungReset']));
    expect(history.body.filter((h) => h.action === 'mahnung')).toHaveLength(3);
    // Interest is not charged twice: the next reminder's interest starts after 15.06.2026.
    const neu = await text((await mahne(r.id, '2026-07-15', { calc: true })).buffer);
    expect(neu).toContain('Zahlungserinnerung');
    expect(neu).toContain('Verzugszinsen 4 % p. a. für 30 Tage (15.06.2026 bis 15.07.2026)');
    expect((await kassier.request('POST', 'Rechnungspruefung/ResetMahnung', { query: { id: 999_999 } })).status).toBe(
      404,
    );
  });
});
