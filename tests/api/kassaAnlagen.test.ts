import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Anlage, AnlageberichtAntwort, AnlageDetail } from '../../src/modules/kassa/schema/anlagen';
import type { ApiClient } from '../helpers/apiClient';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { buche, gedruckt, kassaOptionen, pdfText, xlsxFormat, xlsxSheets } from './kassaBerichteHelfer';

// The Anlageverzeichnis through the API: DOMAIN.md's depreciation example, the half-year rule, the
// low-value rule with the club's limit, German 422s that write nothing, versions and history, and
// the Anlagebericht's totals alike in JSON, PDF and Excel.

let app: TestApp;
let kassier: ApiClient;
let obmann: ApiClient;
let pruefer: ApiClient;
let k: KassaBeispiel;
type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

const neu = (over: Record<string, unknown> = {}) => ({
  bezeichnung: 'Rasentraktor',
  kategorie: 'Geräte',
  anschaffungsdatum: '2025-08-20',
  anschaffungskostenCent: 360_000,
  nutzungsdauerJahre: 8,
  ...over,
});

async function speichere(body: Record<string, unknown>): Promise<AnlageDetail> {
  const res = await kassier.post<AnlageDetail>('Kassa/UpdateAnlageverzeichnis', body);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const plan = (a: AnlageDetail) => Object.fromEntries(a.plan.map((j) => [j.jahr, j.afaCent]));
const anzahl = async () => Number((await app.services.db('anlagen').count({ n: '*' }).first())?.n);

beforeAll(async () => {
  app = await startTestApp();
  k = await seedKassaBeispiel(app.services.db, { jahre: [2025] });
  kassier = await app.signedIn(['Kassier']);
  obmann = await app.signedIn(['Obmann']);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
});
afterAll(() => app.stop());

describe('Anlageverzeichnis', () => {
  it('depreciates DOMAIN.md’s example: 20 Aug 2025, 3,600.00 €, 8 years → 225, 7 × 450, 225', async () => {
    const a = await speichere(neu());
    expect(a).toMatchObject({ geringwertig: false, halbjahr: true, jahresAfaCent: 45_000, version: 1 });
    expect(plan(a)).toEqual({
      2025: 22_500,
      2026: 45_000,
      2027: 45_000,
      2028: 45_000,
      2029: 45_000,
      2030: 45_000,
      2031: 45_000,
      2032: 45_000,
      2033: 22_500,
    });
    const detail = await kassier.get<AnlageDetail>('Kassa/GetAnlageverzeichnisData', { id: a.id, jahr: 2026 });
    expect(detail.body.buchwertCent).toBe(360_000 - 22_500 - 45_000);
    const liste = await kassier.get<Anlage[]>('Kassa/GetAnlageverzeichnis', { jahr: 2033 });
    expect(liste.body.find((x) => x.id === a.id)?.buchwertCent).toBe(0);
    const vorher = await kassier.get<Anlage[]>('Kassa/GetAnlageverzeichnis', { jahr: 2024 });
    expect(vorher.body.find((x) => x.id === a.id)?.buchwertCent).toBe(0);
  });

  it('applies the half-year rule by the month of purchase: June full rate, July half', async () => {
    const juni = await speichere(
      neu({
        bezeichnung: 'Pumpe Juni',
        anschaffungsdatum: '2025-06-30',
        nutzungsdauerJahre: 4,
        anschaffungskostenCent: 800_000,
      }),
    );
    const juli = await speichere(
      neu({
        bezeichnung: 'Pumpe Juli',
        anschaffungsdatum: '2025-07-01',
        nutzungsdauerJahre: 4,
        anschaffungskostenCent: 800_000,
      }),
    );
    expect(plan(juni)).toEqual({ 2025: 200_000, 2026: 200_000, 2027: 200_000, 2028: 200_000 });
    expect(plan(juli)).toEqual({ 2025: 100_000, 2026: 200_000, 2027: 200_000, 2028: 200_000, 2029: 100_000 });
    expect([juni.halbjahr, juli.halbjahr]).toEqual([false, true]);
  });

  it('writes low-value items off at once up to the club’s limit, and follows a changed limit', async () => {
    const grenze = await speichere(
      neu({
        bezeichnung: 'Laptop',
        kategorie: 'EDV',
        anschaffungsdatum: '2025-12-15',
        anschaffungskostenCent: 100_000,
        nutzungsdauerJahre: 3,
      }),
    );
    const darueber = await speichere(
      neu({
        bezeichnung: 'Beamer',
        kategorie: 'EDV',
        anschaffungsdatum: '2025-12-15',
        anschaffungskostenCent: 100_001,
        nutzungsdauerJahre: 3,
      }),
    );
    expect(grenze).toMatchObject({ geringwertig: true });
    expect(plan(grenze)).toEqual({ 2025: 100_000 });
    expect(darueber.geringwertig).toBe(false);
    expect(plan(darueber)[2025]).toBe(16_667); // half of 1,000.01 € / 3

    await kassaOptionen(obmann, { steuerpflichtig: false, sofortabschreibungGrenzeCent: 50_000 });
    const danach = await kassier.get<AnlageDetail>('Kassa/GetAnlageverzeichnisData', { id: grenze.id });
    expect(danach.body.geringwertig).toBe(false);
    await kassaOptionen(obmann, { steuerpflichtig: false, sofortabschreibungGrenzeCent: 100_000 });
  });

  it('refuses bad dates, a negative cost, a useful life below 1, a disposal before purchase and an unknown entry with German 422s, writing nothing', async () => {
    const vorher = await anzahl();
    const faelle: [Record<string, unknown>, string][] = [
      [{ anschaffungsdatum: '2025-02-30' }, 'anschaffungsdatum'],
      [{ anschaffungsdatum: '20.08.2025' }, 'anschaffungsdatum'],
      [{ anschaffungskostenCent: -1 }, 'anschaffungskostenCent'],
      [{ anschaffungskostenCent: 12.5 }, 'anschaffungskostenCent'],
      [{ nutzungsdauerJahre: 0 }, 'nutzungsdauerJahre'],
      [{ abgangsdatum: '2025-08-19' }, 'abgangsdatum'],
      [{ abgangserloesCent: 1000 }, 'abgangserloesCent'],
      [{ kassabuchId: 999_999 }, 'kassabuchId'],
      [{ bezeichnung: '  ' }, 'bezeichnung'],
    ];
    for (const [over, feld] of faelle) {
      const res = await kassier.post<Problem>('Kassa/UpdateAnlageverzeichnis', neu(over));
      expect(res.status, `${feld}: ${res.text}`).toBe(422);
      const meldung = res.body.errors?.[feld]?.[0] ?? '';
      expect(meldung, feld).not.toBe('');
      expect(meldung, feld).not.toMatch(/^(Invalid|Expected|Too|Number)/);
    }
    expect(await anzahl()).toBe(vorher);
  });

  it('links a Kassabuch entry, changes with the version read, refuses a stale one, keeps history and deletes', async () => {
    const kauf = await buche(kassier, {
      datum: '2025-03-10',
      betragCent: -240_000,
      kontoId: k.bank,
      buchungskontoId: k.bk.material,
      text: 'Kauf Häcksler',
    });
    const a = await speichere(
      neu({
        bezeichnung: 'Häcksler',
        anschaffungsdatum: '2025-03-10',
        anschaffungskostenCent: 200_000,
        nutzungsdauerJahre: 5,
        kassabuchId: kauf.id,
      }),
    );
    expect(a).toMatchObject({ kassabuchId: kauf.id, kassabuchBelegnummer: kauf.belegnummer });

    const geaendert = await speichere({ ...a, notiz: 'Seriennummer 4711', version: a.version });
    expect(geaendert).toMatchObject({ notiz: 'Seriennummer 4711', version: a.version + 1 });
    const alt = await kassier.post<Problem>('Kassa/UpdateAnlageverzeichnis', {
      ...a,
      notiz: 'alt',
      version: a.version,
    });
    expect(alt.status).toBe(409);
    expect(alt.body.code).toBe('version_conflict');

    const abgang = await speichere({ ...geaendert, abgangsdatum: '2027-09-01', abgangserloesCent: 50_000 });
    expect(abgang.abgang).toMatchObject({ jahr: 2027, erloesCent: 50_000 });

    const history = await app.services
      .db('history')
      .where({ entity_type: 'Anlage', entity_id: String(a.id) })
      .orderBy('id');
    expect(history.map((h) => h.action)).toEqual(['create', 'update', 'update']);

    expect((await kassier.delete('Kassa/DeleteAnlage', { id: a.id })).status).toBe(204);
    expect((await kassier.get('Kassa/GetAnlageverzeichnisData', { id: a.id })).status).toBe(404);
    expect((await kassier.delete('Kassa/DeleteAnlage', { id: a.id })).status).toBe(404);
  });

  it('lists the categories in use and filters by one', async () => {
    const kategorien = await kassier.get<string[]>('Kassa/GetAnlageKategorien');
    expect(kategorien.body).toEqual(['EDV', 'Geräte']);
    const edv = await kassier.get<Anlage[]>('Kassa/GetAnlageverzeichnis', { kategorie: 'EDV' });
    expect(edv.body.map((a) => a.bezeichnung)).toEqual(['Laptop', 'Beamer']);
  });

  it('lets the Rechnungsprüfer read but not write', async () => {
    expect((await pruefer.get('Kassa/GetAnlageverzeichnis')).status).toBe(200);
    expect((await pruefer.get('Kassa/Anlagebericht', { format: 'json' })).status).toBe(200);
    expect((await pruefer.post('Kassa/UpdateAnlageverzeichnis', neu())).status).toBe(403);
  });
});

describe('Anlagebericht', () => {
  it('answers the year’s Anlagenspiegel and forecast, and the PDF and Excel carry the same totals', async () => {
    const res = await kassier.get<AnlageberichtAntwort>('Kassa/Anlagebericht', {
      jahr: 2026,
      kategorien: 'Geräte',
      anzahlJahre: 3,
      format: 'json',
    });
    expect(res.status, res.text).toBe(200);
    const b = res.body;
    expect(b.anlagen.map((a) => a.bezeichnung)).toEqual(['Pumpe Juni', 'Pumpe Juli', 'Rasentraktor']);
    const traktor = b.anlagen.find((a) => a.bezeichnung === 'Rasentraktor');
    expect(traktor).toMatchObject({ buchwertAnfangCent: 337_500, afaCent: 45_000, buchwertEndeCent: 292_500 });
    expect(b.summe.afaCent).toBe(200_000 + 200_000 + 45_000);
    expect(b.summe.buchwertEndeCent).toBe(b.anlagen.reduce((s, a) => s + a.buchwertEndeCent, 0));
    expect(b.prognose).toEqual([
      { jahr: 2027, afaCent: 445_000 },
      { jahr: 2028, afaCent: 445_000 },
      { jahr: 2029, afaCent: 145_000 },
    ]);

    const pdf = await kassier.get('Kassa/Anlagebericht', { jahr: 2026, kategorien: 'Geräte', anzahlJahre: 3 });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(pdf.buffer);
    expect(text).toContain('Anlagebericht 2026');
    expect(text).toMatch(/Seite 1 von 1/);
    const summe = text.split('\n').find((l) => l.includes('Summe (3 Anlagen)')) ?? '';
    for (const key of ['buchwertAnfangCent', 'afaCent', 'buchwertEndeCent'] as const) {
      expect(summe).toContain(gedruckt(b.summe[key]));
    }
    expect(text).toContain(gedruckt(145_000));

    const xlsx = await kassier.get('Kassa/Anlagebericht', {
      jahr: 2026,
      kategorien: 'Geräte',
      anzahlJahre: 3,
      excel: true,
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const sheets = await xlsxSheets(xlsx.buffer);
    const rows = sheets.get('Anlagebericht 2026') ?? [];
    const header = rows[0] as string[];
    const last = rows.at(-1) as unknown[];
    expect(last[0]).toBe('Summe');
    expect(last[header.indexOf('AfA')]).toBe(b.summe.afaCent / 100);
    expect(last[header.indexOf('Buchwert 31.12.')]).toBe(b.summe.buchwertEndeCent / 100);
    expect(await xlsxFormat(xlsx.buffer, 'Anlagebericht 2026', rows.length, header.indexOf('AfA') + 1)).toContain('€');
    expect(sheets.get('Vorschau')?.slice(1)).toEqual([
      [2027, 4450],
      [2028, 4450],
      [2029, 1450],
    ]);
  });

  it('shows assets disposed of in earlier years only when historisch', async () => {
    await speichere(
      neu({
        bezeichnung: 'Alte Motorsense',
        anschaffungsdatum: '2020-04-01',
        anschaffungskostenCent: 150_000,
        nutzungsdauerJahre: 5,
        abgangsdatum: '2024-05-01',
      }),
    );
    const ohne = await kassier.get<AnlageberichtAntwort>('Kassa/Anlagebericht', { jahr: 2025, format: 'json' });
    const mit = await kassier.get<AnlageberichtAntwort>('Kassa/Anlagebericht', {
      jahr: 2025,
      historisch: true,
      format: 'json',
    });
    expect(ohne.body.anlagen.map((a) => a.bezeichnung)).not.toContain('Alte Motorsense');
    expect(mit.body.anlagen.find((a) => a.bezeichnung === 'Alte Motorsense')).toMatchObject({
      buchwertEndeCent: 0,
      afaCent: 0,
    });
  });
});
