import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kassabericht, Kontobericht } from '../../src/modules/kassa/schema/berichte';
import type { ApiClient } from '../helpers/apiClient';
import type { KassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import {
  ausgaben,
  type Berichtsbuchungen,
  buche,
  einnahmen,
  gedruckt,
  pdfText,
  pruefeAlle,
  seedBerichtsbuchungen,
  summe as sum,
  xlsxSheets,
  zeile,
} from './kassaBerichteHelfer';

// The Kassa reports through the API: every total equals the sums of the booked entries, in the JSON,
// in the PDF's text and in the workbook; the Kassabericht's integrity line (hash chain, balances,
// carry-over into the next period); the Kontobericht's filters and groupings. Steuerbericht and
// Kostenaufstellung: kassaBerichteSteuer.test.ts.

const run = promisify(execFile);
let app: TestApp;
let kassier: ApiClient;
let k: KassaBeispiel;
let p2025 = 0;
let p2026 = 0;
let gruppeId = 0;
let buchungen: Berichtsbuchungen['buchungen'] = [];

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  ({ k, p2025, p2026, gruppeId, buchungen } = await seedBerichtsbuchungen(app, kassier));
});
afterAll(() => app.stop());

describe('Kassabericht', () => {
  it('answers per account opening, income, expenses and closing, per booking account the sums, all equal to the entries', async () => {
    const res = await kassier.get<Kassabericht>('Kassa/Kassabericht', { kassaabrechnungID: p2025, format: 'json' });
    expect(res.status, res.text).toBe(200);
    const b = res.body;
    expect(b.kassaabrechnung).toMatchObject({ id: p2025, jahr: 2025, bezeichnung: 'Kassa 2025' });
    const bank = buchungen.filter((x) => x.kontoId === k.bank);
    const kassa = buchungen.filter((x) => x.kontoId === k.kassa);
    expect(b.konten).toEqual([
      {
        kontoId: k.bank,
        name: 'Girokonto Erste',
        anfangCent: 1_000_000,
        einnahmenCent: einnahmen(bank),
        ausgabenCent: ausgaben(bank),
        endeCent: 1_000_000 + einnahmen(bank) - ausgaben(bank),
      },
      {
        kontoId: k.kassa,
        name: 'Handkassa',
        anfangCent: 50_000,
        einnahmenCent: einnahmen(kassa),
        ausgabenCent: ausgaben(kassa),
        endeCent: 50_000 + einnahmen(kassa) - ausgaben(kassa),
      },
    ]);
    expect(b.summe).toEqual({
      anfangCent: 1_050_000,
      einnahmenCent: einnahmen(buchungen),
      ausgabenCent: ausgaben(buchungen),
      endeCent: 1_050_000 + einnahmen(buchungen) - ausgaben(buchungen),
      anzahl: buchungen.length,
    });
    const material = b.buchungskonten.find((x) => x.buchungskontoId === k.bk.material);
    expect(material).toMatchObject({ nummer: '7000', einnahmenCent: 1_001, ausgabenCent: 12_000, summeCent: -10_999 });
    expect(b.buchungskonten.map((x) => x.nummer)).toEqual(['4000', '4100', '4200', '7000', '7100', '7900', '9999']);
    expect(sum(b.buchungskonten.map((x) => x.summeCent))).toBe(sum(buchungen.map((x) => x.betragCent)));
    expect(b.pruefung).toMatchObject({
      kette: { intakt: true, anzahl: 0 },
      salden: { stimmt: true, abweichungen: [], uebertrag: [] },
      zeile: 'Hash-Kette intakt (0 geprüfte Buchungen) · Salden stimmen',
    });
  });

  it('prints the same totals and the integrity line in the PDF and the workbook', async () => {
    await pruefeAlle(kassier, p2025);
    const json = (await kassier.get<Kassabericht>('Kassa/Kassabericht', { kassaabrechnungID: p2025, format: 'json' }))
      .body;
    expect(json.pruefung.zeile).toBe('Hash-Kette intakt (7 geprüfte Buchungen) · Salden stimmen');

    const pdf = await kassier.get('Kassa/Kassabericht', { kassaabrechnungID: p2025 });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(pdf.buffer);
    expect(text).toContain('Kassabericht');
    expect(text).toContain('Kassa 2025 · 01.01.2025 – 31.12.2025');
    expect(text).toMatch(/Seite 1 von \d/);
    for (const konto of json.konten) {
      const line = zeile(text, konto.name);
      for (const key of ['anfangCent', 'einnahmenCent', 'ausgabenCent', 'endeCent'] as const) {
        expect(line).toContain(gedruckt(konto[key]));
      }
    }
    const summe = zeile(text, 'Summe (7 Buchungen)');
    expect(summe).toContain(gedruckt(json.summe.endeCent));
    expect(summe).toContain(gedruckt(json.summe.einnahmenCent));
    expect(zeile(text, '7000')).toContain(gedruckt(-10_999));
    expect(text.replace(/\s+/g, ' ')).toContain('Hash-Kette intakt (7 geprüfte Buchungen) · Salden stimmen');

    const xlsx = await kassier.get('Kassa/Kassabericht', { kassaabrechnungID: p2025, format: 'xlsx' });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const sheets = await xlsxSheets(xlsx.buffer);
    expect(sheets.get('Konten')?.at(-1)).toEqual([
      'Summe',
      json.summe.anfangCent / 100,
      json.summe.einnahmenCent / 100,
      json.summe.ausgabenCent / 100,
      json.summe.endeCent / 100,
    ]);
    const bk = sheets.get('Buchungskonten') ?? [];
    expect(bk.at(-1)?.slice(1)).toEqual([
      'Summe',
      json.summe.einnahmenCent / 100,
      json.summe.ausgabenCent / 100,
      (json.summe.einnahmenCent - json.summe.ausgabenCent) / 100,
    ]);
    expect(sheets.get('Prüfung')?.[1]).toEqual([json.pruefung.zeile]);
  });

  it('checks the carry-over into the next period and names a broken one', async () => {
    const vor = (await kassier.get<Kassabericht>('Kassa/Kassabericht', { kassaabrechnungID: p2025, format: 'json' }))
      .body;
    const res = await kassier.get<Kassabericht>('Kassa/Kassabericht', { kassaabrechnungID: p2026, format: 'json' });
    expect(res.body.konten.map((x) => [x.name, x.anfangCent])).toEqual(vor.konten.map((x) => [x.name, x.endeCent]));
    expect(res.body.pruefung.salden).toMatchObject({ stimmt: true, uebertrag: [] });

    const db = app.services.db;
    await db('konto_anfangsbestaende')
      .where({ kassaabrechnung_id: p2026, konto_id: k.bank })
      .update({ anfangsbestand_cent: 999 });
    try {
      const kaputt = (
        await kassier.get<Kassabericht>('Kassa/Kassabericht', { kassaabrechnungID: p2026, format: 'json' })
      ).body;
      expect(kaputt.pruefung.salden.stimmt).toBe(false);
      expect(kaputt.pruefung.salden.uebertrag).toEqual([
        { kontoId: k.bank, endeVorperiodeCent: vor.konten[0]!.endeCent, anfangCent: 999 },
      ]);
      expect(kaputt.pruefung.zeile).toBe(
        `Hash-Kette intakt (7 geprüfte Buchungen) · Salden stimmen nicht: Girokonto Erste: Anfangsbestand € 9,99 ist nicht der Endbestand von Kassa 2025 (${gedruckt(vor.konten[0]!.endeCent)})`,
      );
    } finally {
      await db('konto_anfangsbestaende')
        .where({ kassaabrechnung_id: p2026, konto_id: k.bank })
        .update({ anfangsbestand_cent: vor.konten[0]!.endeCent });
    }
  });

  it('says which checked entry was changed behind the program’s back', async () => {
    const db = app.services.db;
    const farbe = buchungen[2]!;
    await db('kassabuch').where({ id: farbe.id }).update({ betrag_cent: -600 });
    try {
      const res = await kassier.get<Kassabericht>('Kassa/Kassabericht', { kassaabrechnungID: p2025, format: 'json' });
      expect(res.body.pruefung.kette).toMatchObject({ intakt: false });
      expect(res.body.pruefung.zeile).toBe(
        `Hash-Kette gebrochen: Beleg ${farbe.belegnummer}: Die Buchung wurde nach der Prüfung verändert. · Salden stimmen`,
      );
      const text = await pdfText((await kassier.get('Kassa/Kassabericht', { kassaabrechnungID: p2025 })).buffer);
      expect(text.replace(/\s+/g, ' ')).toContain(`Hash-Kette gebrochen: Beleg ${farbe.belegnummer}`);
    } finally {
      await db('kassabuch').where({ id: farbe.id }).update({ betrag_cent: -6_000 });
    }
  });

  it('answers 404 for an unknown period and 422 for a wrong format', async () => {
    expect((await kassier.get('Kassa/Kassabericht', { kassaabrechnungID: 999_999, format: 'json' })).status).toBe(404);
    expect((await kassier.get('Kassa/Kassabericht', { kassaabrechnungID: p2025, format: 'doc' })).status).toBe(422);
  });
});

describe('Kontobericht', () => {
  const bericht = async (query: Record<string, string | number | boolean>) => {
    const res = await kassier.get<Kontobericht>('Kassa/Kontobericht', { format: 'json', ...query });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const jahr = { dateFrom: '2025-01-01', dateTo: '2025-12-31' };

  it('groups by booking account with sums per group and in total', async () => {
    const b = await bericht(jahr);
    expect(b.gruppen.map((g) => [g.titel, g.eintraege.length, g.summeCent])).toEqual([
      ['4000 Mitgliedsbeiträge', 1, 12_000],
      ['4100 Pachtzins', 1, 11_000],
      ['4200 Wassergeld', 1, 2_200],
      ['7000 Material', 3, -10_999],
      ['7900 Finanzamt', 1, -5_000],
    ]);
    expect(b.summe).toEqual({
      anzahl: 7,
      einnahmenCent: einnahmen(buchungen),
      ausgabenCent: ausgaben(buchungen),
      summeCent: sum(buchungen.map((x) => x.betragCent)),
    });
  });

  it('filters by date, booking account, cost centre and Stammdaten group, and groups by month, account, cost centre or not at all', async () => {
    expect((await bericht({ dateFrom: '2025-03-01', dateTo: '2025-03-31' })).summe).toMatchObject({
      anzahl: 2,
      ausgabenCent: 12_000,
    });
    expect(
      (await bericht({ ...jahr, buchungskonto: k.bk.material, gruppierung: 'keine' })).gruppen[0]?.eintraege.map(
        (e) => e.text,
      ),
    ).toEqual(['Farbe', 'Dichtungen', 'Rückvergütung Farbe']);
    expect((await bericht({ ...jahr, kostenstelle: k.ks.wasser, gruppierung: 'keine' })).summe).toMatchObject({
      anzahl: 2,
      summeCent: -3_800,
    });
    const gruppe = await bericht({ ...jahr, gruppe: gruppeId, gruppierung: 'keine' });
    expect(gruppe.gruppen[0]?.eintraege.map((e) => e.text)).toEqual(['Pacht Parzelle 7', 'Wassergeld Parzelle 7']);
    expect((await bericht({ ...jahr, gruppierung: 'monat' })).gruppen.map((g) => g.titel)).toEqual([
      'Jänner 2025',
      'Februar 2025',
      'März 2025',
      'April 2025',
      'Mai 2025',
    ]);
    expect((await bericht({ ...jahr, gruppierung: 'konto' })).gruppen.map((g) => [g.titel, g.summeCent])).toEqual([
      ['Girokonto Erste', 20_200],
      ['Handkassa', -10_999],
    ]);
    expect(
      (await bericht({ ...jahr, gruppierung: 'kostenstelle' })).gruppen.map((g) => [g.titel, g.summeCent]),
    ).toEqual([
      ['1 Vereinshaus', 6_000],
      ['2 Wasserleitung', -3_800],
      ['Ohne Kostenstelle', 7_001],
    ]);
    const falsch = await kassier.get<{ errors: Record<string, string[]> }>('Kassa/Kontobericht', {
      ...jahr,
      gruppierung: 'woche',
      format: 'json',
    });
    expect(falsch.status).toBe(422);
    expect(falsch.body.errors['query.gruppierung']?.[0]).toContain('buchungskonto');
    expect(
      (await kassier.get('Kassa/Kontobericht', { dateFrom: '2025-12-31', dateTo: '2025-01-01', format: 'json' }))
        .status,
    ).toBe(422);
  });

  it('takes a booking account by its number across periods', async () => {
    const material2026 = await app.services
      .db('buchungskonten')
      .where({ kassaabrechnung_id: p2026, nummer: '7000' })
      .first('id');
    await buche(kassier, {
      datum: '2026-02-02',
      betragCent: -1_500,
      kontoId: k.kassa,
      buchungskontoId: Number(material2026?.id),
      text: 'Schrauben 2026',
    });
    const b = await bericht({ dateFrom: '2025-01-01', dateTo: '2026-12-31', buchungskonto: k.bk.material });
    expect(b.gruppen).toHaveLength(1);
    expect(b.gruppen[0]?.eintraege.map((e) => e.text)).toEqual([
      'Farbe',
      'Dichtungen',
      'Rückvergütung Farbe',
      'Schrauben 2026',
    ]);
  });

  it('prints the same sums, landscape with querformat, and exports them with a sum row', async () => {
    const b = await bericht(jahr);
    const pdf = await kassier.get('Kassa/Kontobericht', { ...jahr, querformat: true });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(pdf.buffer);
    for (const g of b.gruppen) expect(zeile(text, `Summe ${g.titel}`)).toContain(gedruckt(g.summeCent));
    expect(zeile(text, 'Gesamtsumme (7 Buchungen')).toContain(gedruckt(b.summe.summeCent));
    const dir = await mkdtemp(path.join(tmpdir(), 'kgv-kontobericht-'));
    try {
      await writeFile(path.join(dir, 'quer.pdf'), pdf.buffer);
      const { stdout } = await run('pdfinfo', [path.join(dir, 'quer.pdf')]);
      const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(stdout) ?? [];
      expect(Number(w)).toBeGreaterThan(Number(h));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const xlsx = await kassier.get('Kassa/Kontobericht', { ...jahr, format: 'xlsx' });
    const sheets = await xlsxSheets(xlsx.buffer);
    const zeilen = sheets.get('Buchungen') ?? [];
    expect(zeilen).toHaveLength(1 + 7 + 1);
    const betrag = (zeilen[0] as string[]).indexOf('Betrag');
    expect(zeilen.at(-1)?.[0]).toBe('Summe');
    expect(zeilen.at(-1)?.[betrag]).toBe(b.summe.summeCent / 100);
    expect(sum(zeilen.slice(1, -1).map((r) => Math.round(Number(r[betrag]) * 100)))).toBe(b.summe.summeCent);
    expect(sheets.get('Summen')?.at(-1)).toEqual([
      'Summe',
      7,
      b.summe.einnahmenCent / 100,
      b.summe.ausgabenCent / 100,
      b.summe.summeCent / 100,
    ]);
  });
});
