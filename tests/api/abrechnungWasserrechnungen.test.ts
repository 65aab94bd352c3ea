import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasserrechnungUebersicht } from '../../src/modules/abrechnung/schema/wasserrechnungen';
import type { EinbuchenResponse, LaufVorschau, ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import { saveSection } from '../../src/modules/vereinseinstellungen/services';
import { systemActor } from '../../src/platform/auth/principal';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import {
  seedWasserrechnungBeispiel,
  type WasserrechnungBeispiel,
  WR_DATUM,
  WR_STICHTAG,
} from '../helpers/wasserrechnungBeispiel';

// DOMAIN.md's water settlement billed on its own (Wasserrechnungen): with 300 € akonto per plot
// P1 and P2 owe 61.22 € each (150 m³ × 2.00 € = 300.00, loss 25.610 m³ = 51.22, base fee 10.00,
// less akonto 300.00), P3 gets 32.44 € back (110 m³ = 220.00, loss 18.780 m³ = 37.56, base fee
// 10.00, less 300.00) → two receivables and one credit note, +90.00 € in all.

let app: TestApp;
let kassier: ApiClient;
let wasserwart: ApiClient;
let b: WasserrechnungBeispiel;

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  wasserwart = await app.signedIn(['Wasserwart']);
  b = await seedWasserrechnungBeispiel(app, kassier, wasserwart, { ohneBank: true });
});
afterAll(() => app.stop());

function pdfText(buffer: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kgv-wasserrechnung-')), 'doc.pdf');
  writeFileSync(file, buffer);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
}

const briefe = (client: ApiClient, felder: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(felder)) form.set(k, v);
  return client.request('POST', 'Abrechnung/Wasserrechnungen', { rawBody: form });
};

const zeilen = (e: ZvEintrag) =>
  e.parzellen.flatMap((p) => p.positionen.map((pos) => [p.nummer, pos.text, pos.betragCent]));

const counts = async () => ({
  laeufe: Number((await app.services.db('abrechnungslaeufe').count({ n: '*' }).first())?.n),
  rechnungen: Number((await app.services.db('rechnungen').count({ n: '*' }).first())?.n),
});

describe('Wasserrechnungen: DOMAIN.md settlement billed on its own', () => {
  it('lists the settlement in the picker, not billed, with its Nachzahlungen and Guthaben', async () => {
    const res = await wasserwart.get<WasserrechnungUebersicht[]>('Abrechnung/GetWasserrechnungen');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      {
        wasserabrechnungId: b.abrechnung.id,
        stichtag: WR_STICHTAG,
        von: '2025-10-31',
        gebucht: false,
        gebuchtDurch: null,
        anzahlNachzahlungen: 2,
        summeNachzahlungCent: 12244,
        anzahlGuthaben: 1,
        summeGuthabenCent: -3244,
      },
    ]);
  });

  it('computes one letter per holder whose lines add up to the settlement difference', async () => {
    const res = await briefe(kassier, { stichtag: WR_STICHTAG, date: WR_DATUM, format: 'json' });
    expect(res.status, res.text).toBe(200);
    const letters = res.body as ZvEintrag[];
    expect(letters.map((e) => [e.adresseId, e.summeCent, e.rechnungsnummer])).toEqual([
      [b.adressen.p1, 6122, null],
      [b.adressen.p2, 6122, null],
      [b.adressen.p3, -3244, null],
    ]);
    expect(zeilen(letters[0]!)).toEqual([
      ['1', 'Wasserverbrauch 150,000 m³ × 2,00 €', 30000],
      ['1', 'Schwund 25,610 m³ × 2,00 €', 5122],
      ['1', 'Grundgebühr', 1000],
      ['1', 'abzüglich Akonto', -30000],
    ]);
    expect(zeilen(letters[2]!)).toEqual([
      ['3', 'Wasserverbrauch 110,000 m³ × 2,00 €', 22000],
      ['3', 'Schwund 18,780 m³ × 2,00 €', 3756],
      ['3', 'Grundgebühr', 1000],
      ['3', 'abzüglich Akonto', -30000],
    ]);
    for (const e of letters) {
      expect(e.parzellen.flatMap((p) => p.positionen).reduce((s, p) => s + p.betragCent, 0)).toBe(e.summeCent);
      expect(e.parzellen.flatMap((p) => p.positionen).every((p) => p.art === 'wasserrechnung')).toBe(true);
      expect(e.faelligAm).toBe('2026-11-29'); // 14 days (settings' Zahlungsziel)
      expect(e.anschrift).toMatchObject({ plz: '1140', ort: 'Wien' });
    }
    // One address only.
    const one = await briefe(kassier, {
      stichtag: WR_STICHTAG,
      date: WR_DATUM,
      adressen: String(b.adressen.p3),
      format: 'json',
    });
    expect((one.body as ZvEintrag[]).map((e) => e.adresseId)).toEqual([b.adressen.p3]);
  });

  it('prints the drafts as PDF with the settlement lines and ENTWURF', async () => {
    const res = await briefe(kassier, { stichtag: WR_STICHTAG, date: WR_DATUM, alle: 'true' });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const text = pdfText(res.buffer);
    expect(text).toContain('Wasserrechnung zum 31.10.2026');
    expect(text).toContain('Wasserverbrauch 150,000 m³ × 2,00 €');
    expect(text).toContain('abzüglich Akonto');
    expect(text).toContain('ENTWURF');
  });

  it('refuses to book while the bank account is missing (422, nothing written)', async () => {
    const vorschau = await kassier.get<LaufVorschau>('Abrechnung/LaufVorschau', {
      art: 'Wasserrechnung',
      stichtag: WR_STICHTAG,
      date: WR_DATUM,
    });
    expect(vorschau.status, vorschau.text).toBe(200);
    expect(vorschau.body.titel).toBe('Wasserrechnung zum 31.10.2026');
    expect(vorschau.body.probleme.map((p) => p.art)).toEqual(['bankverbindungFehlt']);
    expect(vorschau.body).toMatchObject({ anzahl: 3, summeCent: 9000 });
    const before = await counts();
    const res = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchenWasserrechnungen', {
      stichtag: WR_STICHTAG,
      datum: WR_DATUM,
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors?.probleme?.[0]).toContain('Bankverbindung');
    expect(await counts()).toEqual(before);
    const s = app.services;
    await saveSection(s, s.db, systemActor('Test'), 'bank', {
      kontoinhaber: 'KGV Sonnenhang',
      iban: 'AT611904300234573201',
      bic: 'BKAUATWW',
      bankname: 'UniCredit Bank Austria AG',
    });
  });

  it('refuses a settlement the Zahlungsvorschreibung has billed already (409)', async () => {
    const db = app.services.db;
    // What the Zahlungsvorschreibung's booking does to the settlement whose differences it billed.
    await db('wasserabrechnungen').where({ id: b.abrechnung.id }).update({ gebucht_am: '2026-12-01 10:00:00' });
    // The message names the Zahlungsvorschreibung that billed it: the first one dated on or after the
    // stichtag (here a run of the year's own on 01.12.2026).
    const { pachtabrechnung_id: pachtabrechnungId } = (await db('wasserabrechnungen')
      .where({ id: b.abrechnung.id })
      .first('pachtabrechnung_id'))!;
    const [zvLauf] = await db('abrechnungslaeufe').insert(
      {
        art: 'Zahlungsvorschreibung',
        pachtabrechnung_id: pachtabrechnungId,
        schluessel: '',
        datum: '2026-12-01',
        faellig_am: '2026-12-31',
        anzahl: 0,
        summe_cent: 0,
        gebucht_von: 'Test',
        gebucht_am: '2026-12-01 10:00:00',
      },
      ['id'],
    );
    const before = await counts();
    const res = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchenWasserrechnungen', {
      stichtag: WR_STICHTAG,
      datum: WR_DATUM,
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body.title).toBe(
      'Die Wasserabrechnung zum 31.10.2026 ist bereits mit der Zahlungsvorschreibung 2026 verrechnet.',
    );
    expect(await counts()).toEqual(before);
    const list = await kassier.get<WasserrechnungUebersicht[]>('Abrechnung/GetWasserrechnungen');
    expect(list.body[0]).toMatchObject({ gebucht: true, gebuchtDurch: 'Zahlungsvorschreibung' });
    await db('wasserabrechnungen').where({ id: b.abrechnung.id }).update({ gebucht_am: null });
    await db('abrechnungslaeufe')
      .where({ id: typeof zvLauf === 'object' ? zvLauf.id : zvLauf })
      .delete();
  });

  it('books two receivables and a credit note and marks the settlement billed', async () => {
    // The Wasserwart may book the water invoices too.
    const res = await wasserwart.post<EinbuchenResponse>('Abrechnung/ForderungenEinbuchenWasserrechnungen', {
      stichtag: WR_STICHTAG,
      datum: WR_DATUM,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ anzahl: 3, summeCent: 9000 });
    expect(res.body.rechnungen.map((r) => [r.adresseId, r.betragCent])).toEqual([
      [b.adressen.p1, 6122],
      [b.adressen.p2, 6122],
      [b.adressen.p3, -3244],
    ]);
    expect(res.body.rechnungen.map((r) => r.nummer)).toEqual(['2026-00001', '2026-00002', '2026-00003']);
    const rows = await app.services
      .db('rechnungen')
      .where({ lauf_id: res.body.laufId })
      .orderBy('id')
      .select('art', 'betrag_cent', 'faellig_am');
    expect(rows.map((r) => [r.art, Number(r.betrag_cent), String(r.faellig_am).slice(0, 10)])).toEqual([
      ['Wasserrechnung', 6122, '2026-11-29'],
      ['Wasserrechnung', 6122, '2026-11-29'],
      ['Wasserrechnung', -3244, '2026-11-29'],
    ]);
    const head = await app.services.db('wasserabrechnungen').where({ id: b.abrechnung.id }).first('gebucht_am');
    expect(head?.gebucht_am).not.toBeNull();

    // The water book now refuses to correct or delete it.
    const upd = await kassier.post<Problem>(
      'Wasserbuch/UpdateWasserabrechnung',
      { zeilen: [] },
      { query: { stichtag: WR_STICHTAG } },
    );
    expect(upd.status).toBe(409);
    const del = await kassier.delete('Wasserbuch/DeleteAbrechnung', { wasserabrechnungsdatum: WR_STICHTAG });
    expect(del.status).toBe(409);

    const list = await kassier.get<WasserrechnungUebersicht[]>('Abrechnung/GetWasserrechnungen');
    expect(list.body[0]).toMatchObject({ gebucht: true, gebuchtDurch: 'Wasserrechnung' });
  });

  it('refuses to book the same settlement twice (409, nothing written)', async () => {
    const before = await counts();
    const res = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchenWasserrechnungen', {
      stichtag: WR_STICHTAG,
      datum: WR_DATUM,
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body.title).toContain('bereits gebucht');
    expect(await counts()).toEqual(before);
  });

  it('answers the booked letters with numbers and prints them (protocol line per receivable)', async () => {
    const res = await briefe(kassier, { stichtag: WR_STICHTAG, format: 'json' });
    const letters = res.body as ZvEintrag[];
    expect(letters.map((e) => [e.rechnungsnummer, e.summeCent])).toEqual([
      ['2026-00001', 6122],
      ['2026-00002', 6122],
      ['2026-00003', -3244],
    ]);
    expect(zeilen(letters[0]!).map((z) => z[1])).toEqual([
      'Wasserverbrauch 150,000 m³ × 2,00 €',
      'Schwund 25,610 m³ × 2,00 €',
      'Grundgebühr',
      'abzüglich Akonto',
    ]);
    const pdf = await briefe(kassier, { stichtag: WR_STICHTAG, adressen: String(b.adressen.p1) });
    expect(pdf.status, pdf.text.slice(0, 300)).toBe(200);
    const text = pdfText(pdf.buffer);
    expect(text).toContain('2026-00001');
    expect(text).not.toContain('ENTWURF');
    const gedruckt = await app.services.db('versandprotokoll').where({ aktion: 'gedruckt' }).select('adresse_id');
    expect(gedruckt.map((g) => Number(g.adresse_id))).toEqual([b.adressen.p1]);

    // All letters as a ZIP: one PDF per address, named by the receivable's number.
    const zip = await briefe(kassier, { stichtag: WR_STICHTAG, alle: 'true', zip: 'true' });
    expect(zip.status, zip.text.slice(0, 300)).toBe(200);
    expect(zip.headers.get('content-type')).toContain('application/zip');
    expect(Object.keys(unzipSync(new Uint8Array(zip.buffer))).sort()).toEqual([
      '2026-00001_Mitglied1_Eva.pdf',
      '2026-00002_Mitglied2_Eva.pdf',
      '2026-00003_Mitglied3_Eva.pdf',
    ]);
  });

  it('422 for a missing stichtag, 404 for a day without settlement', async () => {
    const missing = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchenWasserrechnungen', {
      datum: WR_DATUM,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.stichtag).toEqual(['Bitte den Stichtag der Wasserabrechnung angeben (JJJJ-MM-TT).']);
    const ohneDatum = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchenWasserrechnungen', {
      stichtag: WR_STICHTAG,
    });
    expect(ohneDatum.status).toBe(422);
    expect(ohneDatum.body.errors?.datum).toEqual(['Bitte das Datum der Buchung angeben (JJJJ-MM-TT).']);
    const none = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchenWasserrechnungen', {
      stichtag: '2024-10-31',
      datum: WR_DATUM,
    });
    expect(none.status).toBe(404);
    expect(none.body.title).toBe('Zum 31.10.2024 gibt es keine Wasserabrechnung.');
  });
});
