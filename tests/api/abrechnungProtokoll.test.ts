import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Protokoll } from '../../src/modules/abrechnung/schema/protokoll';
import type { EinbuchenResponse } from '../../src/modules/abrechnung/schema/zvData';
import { protokolliere } from '../../src/modules/abrechnung/services';
import { systemActor } from '../../src/platform/auth/principal';
import { readWorkbook } from '../../src/platform/excel/excelReader';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedWasserrechnungBeispiel, WR_DATUM, WR_STICHTAG } from '../helpers/wasserrechnungBeispiel';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';

// The run protocol: after booking one line per receivable ('gebucht'); printing and the mail
// dispatch add lines through `protokolliere` (the latest print and mail per receivable count);
// the four calls answer JSON, PDF and Excel with the same rows, 404 while nothing is booked.

type Problem = { title: string; errors?: Record<string, string[]> };

function pdfText(buffer: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kgv-protokoll-')), 'doc.pdf');
  writeFileSync(file, buffer);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
}

describe('Protokoll of the Zahlungsvorschreibung', () => {
  let app: TestApp;
  let kassier: ApiClient;
  let z: ZvBeispiel;
  let gebucht: EinbuchenResponse;

  beforeAll(async () => {
    app = await startTestApp();
    kassier = await app.signedIn(['Kassier']);
    z = await seedZvBeispiel(app.services);
  });
  afterAll(() => app.stop());

  it('has no protocol before the run is booked (false, 404)', async () => {
    const vorhanden = await kassier.get('Abrechnung/GetProtokollVorhanden', { pachtabrechnungID: z.pachtabrechnungId });
    expect(vorhanden.status, vorhanden.text).toBe(200);
    expect(vorhanden.body).toBe(false);
    const res = await kassier.get<Problem>('Abrechnung/GetProtokoll', { pachtabrechnungID: z.pachtabrechnungId });
    expect(res.status).toBe(404);
    expect(res.body.title).toBe('Die Zahlungsvorschreibung 2026 ist noch nicht gebucht; es gibt noch kein Protokoll.');
  });

  it('lists every booked receivable, none printed or mailed yet', async () => {
    // Two addresses prefer e-mail: the protocol shows them as the mail channel.
    await app.services
      .db('adressen')
      .whereIn('id', [z.adressen[1]!, z.adressen[2]!])
      .update({ flags: 256 | 2, email: 'garten@example.at' });
    const res = await kassier.post<EinbuchenResponse>('Abrechnung/LaufEinbuchen', {
      art: 'Zahlungsvorschreibung',
      pachtabrechnungId: z.pachtabrechnungId,
      datum: ZV_DATUM,
    });
    expect(res.status, res.text).toBe(200);
    gebucht = res.body;
    expect(gebucht.anzahl).toBe(17);

    expect((await kassier.get('Abrechnung/GetProtokollVorhanden')).body).toBe(true);
    const p = await kassier.get<Protokoll>('Abrechnung/GetProtokoll', { pachtabrechnungID: z.pachtabrechnungId });
    expect(p.status, p.text).toBe(200);
    expect(p.body.lauf).toMatchObject({
      art: 'Zahlungsvorschreibung',
      gebucht: true,
      laufId: gebucht.laufId,
      anzahl: 17,
    });
    expect(p.body.zeilen.map((r) => r.nummer)).toEqual(gebucht.rechnungen.map((r) => r.nummer));
    const huber = p.body.zeilen.find((r) => r.adresseId === z.huber)!;
    expect(huber).toMatchObject({
      name: 'Huber Maria',
      betragCent: 139_779,
      kanal: 'post',
      gedrucktAm: null,
      email: null,
    });
    expect(huber.gebuchtAm).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(p.body.zeilen.filter((r) => r.kanal === 'email').map((r) => r.adresseId)).toEqual([
      z.adressen[1],
      z.adressen[2],
    ]);
    expect(p.body.summen).toEqual({ anzahl: 17, gedruckt: 0, emailOk: 0, emailFehler: 0 });
  });

  it('shows the latest print and mail per receivable after protokolliere', async () => {
    const r = (adresseId: number) => gebucht.rechnungen.find((x) => x.adresseId === adresseId)!;
    const zeile = (adresseId: number, aktion: 'gedruckt' | 'email', status: 'ok' | 'fehler', fehler?: string) => ({
      rechnungId: r(adresseId).id,
      adresseId,
      adresseName: `Adresse ${adresseId}`,
      aktion,
      status,
      empfaenger: aktion === 'email' ? 'garten@example.at' : '',
      fehler,
    });
    const db = app.services.db;
    await protokolliere(db, systemActor('Test'), gebucht.laufId, [
      zeile(z.huber, 'gedruckt', 'ok'),
      zeile(z.adressen[1]!, 'email', 'fehler', 'Postfach voll'),
      zeile(z.adressen[2]!, 'email', 'fehler', 'Postfach voll'),
    ]);
    // A second attempt reaches the first of them.
    await protokolliere(db, systemActor('Test'), gebucht.laufId, [zeile(z.adressen[1]!, 'email', 'ok')]);

    const p = await kassier.get<Protokoll>('Abrechnung/GetProtokoll');
    expect(p.body.summen).toEqual({ anzahl: 17, gedruckt: 1, emailOk: 1, emailFehler: 1 });
    const by = (id: number) => p.body.zeilen.find((x) => x.adresseId === id)!;
    expect(by(z.huber).gedrucktAm).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(by(z.adressen[1]!).email).toMatchObject({ status: 'ok', empfaenger: 'garten@example.at', fehler: null });
    expect(by(z.adressen[2]!).email).toMatchObject({ status: 'fehler', fehler: 'Postfach voll' });

    const pdf = await kassier.get('Abrechnung/GetProtokoll', { format: 'pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = pdfText(pdf.buffer);
    expect(text).toContain('Protokoll Zahlungsvorschreibung 2026');
    expect(text).toContain(r(z.huber).nummer);
    expect(text).toContain('€ 1.397,79');
    // Narrow columns wrap the mail column's text: its words, not the whole line.
    expect(text).toContain('versandt an');
    expect(text).toContain('garten@example.at');
    expect(text).toContain('Fehler: Postfach voll');

    const xlsx = await kassier.get('Abrechnung/GetProtokoll', { format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    const [sheet] = await readWorkbook(xlsx.buffer);
    expect(sheet!.headers).toEqual(['Nummer', 'Name', 'Betrag', 'Versand', 'Gebucht am', 'Gedruckt am', 'E-Mail']);
    expect(sheet!.rows).toHaveLength(17);
    expect(sheet!.rows.find((x) => x.values.Nummer === r(z.huber).nummer)!.values).toMatchObject({
      Name: 'Huber Maria',
      Betrag: 1397.79,
      Versand: 'Post',
    });
    expect(sheet!.rows.find((x) => x.values.Nummer === r(z.adressen[2]!).nummer)!.values).toMatchObject({
      Versand: 'E-Mail',
      'E-Mail': 'Fehler: Postfach voll (garten@example.at)',
    });
  });

  it('is read with the Abrechnung rights only', async () => {
    const wasserwart = await app.signedIn(['Wasserwart']);
    expect((await wasserwart.get('Abrechnung/GetProtokoll')).status).toBe(403);
  });
});

describe('Protokoll of a Wasserrechnung run', () => {
  let app: TestApp;
  let kassier: ApiClient;
  let wasserwart: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    kassier = await app.signedIn(['Kassier']);
    wasserwart = await app.signedIn(['Wasserwart']);
    await seedWasserrechnungBeispiel(app, kassier, wasserwart);
  });
  afterAll(() => app.stop());

  it('has none for a day without settlement or before booking', async () => {
    expect((await wasserwart.get('Abrechnung/GetProtokollVorhandenWasser', { stichtag: '2024-10-31' })).body).toBe(
      false,
    );
    expect((await wasserwart.get('Abrechnung/GetProtokollVorhandenWasser', { stichtag: WR_STICHTAG })).body).toBe(
      false,
    );
    const res = await wasserwart.get<Problem>('Abrechnung/GetProtokollWasser', { stichtag: WR_STICHTAG });
    expect(res.status).toBe(404);
    expect(res.body.title).toBe(
      'Die Wasserrechnung zum 31.10.2026 ist noch nicht gebucht; es gibt noch kein Protokoll.',
    );
    expect((await wasserwart.get('Abrechnung/GetProtokollWasser', { stichtag: '2024-10-31' })).status).toBe(404);
    // Without a settlement day, or with a day that does not exist: 422 in German, per field.
    const ohne = await wasserwart.get<Problem>('Abrechnung/GetProtokollVorhandenWasser');
    expect(ohne.status).toBe(422);
    expect(ohne.body.errors?.['query.stichtag']).toEqual([
      'Bitte den Stichtag der Wasserabrechnung angeben (JJJJ-MM-TT).',
    ]);
    const falsch = await wasserwart.get<Problem>('Abrechnung/GetProtokollWasser', { stichtag: '2026-02-30' });
    expect(falsch.status).toBe(422);
    expect(falsch.body.errors?.['query.stichtag']).toEqual(['Dieses Datum gibt es nicht.']);
  });

  it('lists the booked receivables and the printed letters', async () => {
    const res = await wasserwart.post<EinbuchenResponse>('Abrechnung/ForderungenEinbuchenWasserrechnungen', {
      stichtag: WR_STICHTAG,
      datum: WR_DATUM,
    });
    expect(res.status, res.text).toBe(200);
    const form = new FormData();
    form.set('stichtag', WR_STICHTAG);
    form.set('alle', 'true');
    const druck = await wasserwart.request('POST', 'Abrechnung/Wasserrechnungen', { rawBody: form });
    expect(druck.status, druck.text.slice(0, 300)).toBe(200);

    expect((await wasserwart.get('Abrechnung/GetProtokollVorhandenWasser', { stichtag: WR_STICHTAG })).body).toBe(true);
    const p = await wasserwart.get<Protokoll>('Abrechnung/GetProtokollWasser', { stichtag: WR_STICHTAG });
    expect(p.status, p.text).toBe(200);
    expect(p.body.lauf).toMatchObject({ art: 'Wasserrechnung', gebucht: true, anzahl: 3, summeCent: 9000 });
    expect(p.body.zeilen.map((r) => r.betragCent)).toEqual([6122, 6122, -3244]);
    expect(p.body.summen).toEqual({ anzahl: 3, gedruckt: 3, emailOk: 0, emailFehler: 0 });

    const pdf = await wasserwart.get('Abrechnung/GetProtokollWasser', { stichtag: WR_STICHTAG, format: 'pdf' });
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.buffer)).toContain('Protokoll Wasserrechnung zum 31.10.2026');
    const xlsx = await wasserwart.get('Abrechnung/GetProtokollWasser', { stichtag: WR_STICHTAG, format: 'xlsx' });
    const [sheet] = await readWorkbook(xlsx.buffer);
    expect(sheet!.rows.map((r) => r.values.Betrag)).toEqual([61.22, 61.22, -32.44]);
  });
});
