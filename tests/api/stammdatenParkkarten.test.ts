import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/platform/dates';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildPachtabrechnung, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Parkkarten: the counts in GetParkkartenInfo, the cards' PDF for all plots or one, 422 when none.

let app: TestApp;
let admin: ApiClient;
const jahr = Number(todayIso().slice(0, 4));
/** This year and the year before, each with its own card counts. */
let paId: number;
let vorjahrId: number;
/** A year without cards, and next year (other plots' cards) whose info the save test writes. */
let leerId: number;
let naechstesJahrId: number;
/** Plots: 7 with 2 cards, 12 with 1, 3a with 0 this year; 40 with 3 cards only last year. */
const plot: Record<'p7' | 'p12' | 'p3a' | 'p40', number> = { p7: 0, p12: 0, p3a: 0, p40: 0 };

type Info = {
  pachtabrechnungId: number;
  jahr: number;
  gebuehrCent: number;
  gueltigBis: string | null;
  hinweis: string;
  anzahlKarten: number;
  anzahlParzellen: number;
};
type Problem = { title: string; errors?: Record<string, string[]> };

const year = async (j: number) => (await buildPachtabrechnung(app.services, j)).id;

/** A plot with `karten` parking cards in the year `pachtabrechnungId`. */
const parzelle = async (nummer: string, pachtabrechnungId: number, karten: number) =>
  (await buildParzelle(app.services, { nummer, pachtabrechnungId, anzahlParkkarten: karten })).id;

async function holder(parzelleId: number, titel: string, vorname: string, nachname: string): Promise<void> {
  const adresseId = (await buildAdresse(app.services, { titel, vorname, nachname, flags: 256 })).id;
  await buildPachtverhaeltnis(app.services, { parzelleId, adresseId, von: '2020-01-01' });
}

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kgv-pdf-')), 'x.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
};
const cardsIn = (text: string) => text.match(/Parkkarte \d{4}/g)?.length ?? 0;

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
  paId = await year(jahr);
  vorjahrId = await year(jahr - 1);
  leerId = await year(jahr - 10);
  naechstesJahrId = await year(jahr + 1);
  const verein = await admin.request('POST', 'Vereinseinstellungen/UpdateVereinseinstellungen', {
    query: { edit: 'Adresse' },
    body: { name: 'KGV Sonnenhang', ort: 'Wien', land: 'Österreich' },
  });
  if (verein.status !== 200) throw new Error(verein.text);
  plot.p7 = await parzelle('7', paId, 2);
  plot.p12 = await parzelle('12', paId, 1);
  plot.p3a = await parzelle('3a', paId, 0);
  plot.p40 = await parzelle('40', vorjahrId, 3);
  // Next year's cards belong to two other plots: the save test's year.
  await parzelle('8', naechstesJahrId, 2);
  await parzelle('9', naechstesJahrId, 1);
  await holder(plot.p7, 'Dr.', 'Anna', 'Gruber');
  await holder(plot.p12, '', 'Josef', 'Maier');
  const info = await admin.post('Stammdaten/UpdateParkkartenInfo', {
    pachtabrechnungId: paId,
    gebuehrCent: 1500,
    gueltigBis: `${jahr + 1}-03-31`,
    hinweis: 'Gut sichtbar hinter die Windschutzscheibe legen.\nBitte nicht kopieren.',
  });
  if (info.status !== 200) throw new Error(info.text);
});
afterAll(() => app.stop());

describe('Parkkarten', () => {
  it('counts no cards and prints nothing while no plot has any', async () => {
    const info = await admin.get<Info>('Stammdaten/GetParkkartenInfo', { pachtabrechnungID: leerId });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      pachtabrechnungId: leerId,
      jahr: jahr - 10,
      anzahlKarten: 0,
      anzahlParzellen: 0,
    });
    const none = await admin.get<Problem>('Stammdaten/Parkkarten', { pachtabrechnungID: leerId });
    expect(none.status).toBe(422);
    expect(none.body.errors?.parzelle).toEqual([`Für keine Parzelle sind ${jahr - 10} Parkkarten vorgesehen.`]);
  });

  it('counts the cards and the plots with cards of the chosen year only', async () => {
    const info = await admin.get<Info>('Stammdaten/GetParkkartenInfo', { pachtabrechnungID: paId });
    // Exactly these fields, and numbers (MariaDB answers SUM as a decimal string).
    expect(info.body).toEqual({
      pachtabrechnungId: paId,
      version: expect.any(Number),
      jahr,
      gebuehrCent: 1500,
      gueltigBis: `${jahr + 1}-03-31`,
      hinweis: 'Gut sichtbar hinter die Windschutzscheibe legen.\nBitte nicht kopieren.',
      anzahlKarten: 3,
      anzahlParzellen: 2,
    });
    // A year nobody saved yet answers the defaults.
    expect(
      (await admin.get<Info>('Stammdaten/GetParkkartenInfo', { pachtabrechnungID: vorjahrId })).body,
    ).toMatchObject({
      version: 1,
      gebuehrCent: 0,
      gueltigBis: `${jahr - 1}-12-31`,
      hinweis: '',
    });
    const vorjahr = await admin.get<Info>('Stammdaten/GetParkkartenInfo', { pachtabrechnungID: vorjahrId });
    expect(vorjahr.body).toMatchObject({ jahr: jahr - 1, anzahlKarten: 3, anzahlParzellen: 1 });
  });

  it('answers a save with the counts but keeps them out of the history', async () => {
    const saved = await admin.post<Info & Problem>('Stammdaten/UpdateParkkartenInfo', {
      pachtabrechnungId: naechstesJahrId,
      gebuehrCent: 1500,
      gueltigBis: `${jahr + 2}-03-31`,
      hinweis: '  Gut sichtbar hinter die Windschutzscheibe legen.\nBitte nicht kopieren.  ',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      pachtabrechnungId: naechstesJahrId,
      version: expect.any(Number),
      jahr: jahr + 1,
      gebuehrCent: 1500,
      gueltigBis: `${jahr + 2}-03-31`,
      hinweis: 'Gut sichtbar hinter die Windschutzscheibe legen.\nBitte nicht kopieren.',
      anzahlKarten: 3,
      anzahlParzellen: 2,
    });
    const history = await admin.get<{ action: string; after: Record<string, unknown> }[]>('Common/GetHistory', {
      entityID: `Parkkarten:${naechstesJahrId}`,
    });
    expect(history.body[0]).toMatchObject({ action: 'create', after: { gebuehrCent: 1500 } });
    expect(history.body[0]?.after).not.toHaveProperty('anzahlKarten');

    const bad = await admin.post<Problem>('Stammdaten/UpdateParkkartenInfo', {
      pachtabrechnungId: naechstesJahrId,
      gebuehrCent: 12.5,
      gueltigBis: '31.03.2026',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['gebuehrCent', 'gueltigBis']);
  });

  it('prints every card of the year with holder, plot, year and note', async () => {
    const res = await admin.get('Stammdaten/Parkkarten', { pachtabrechnungID: paId });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`Parkkarten_${jahr}.pdf`);
    const text = pdfText(res.buffer);
    expect(cardsIn(text)).toBe(3);
    expect(text).toContain('KGV Sonnenhang');
    expect(text).toContain(`Parkkarte ${jahr}`);
    expect(text).toContain('Parzelle 7');
    expect(text).toContain('Dr. Gruber Anna');
    expect(text).toContain('Parzelle 12');
    expect(text).toContain('Maier Josef');
    expect(text).toContain(`Gültig bis 31.03.${jahr + 1}`);
    expect(text).toContain('Windschutzscheibe');
    expect(text).toContain('Bitte nicht kopieren.');
    expect(text).not.toContain('Parzelle 3a');
    // Last year's plot has cards only then.
    expect(text).not.toContain('Parzelle 40');
    // Sorted by number the German way: 7 before 12.
    expect(text.indexOf('Parzelle 7')).toBeLessThan(text.indexOf('Parzelle 12'));

    const vorjahr = pdfText((await admin.get('Stammdaten/Parkkarten', { pachtabrechnungID: vorjahrId })).buffer);
    expect(cardsIn(vorjahr)).toBe(3);
    expect(vorjahr).toContain(`Parkkarte ${jahr - 1}`);
    expect(vorjahr).toContain('Parzelle 40');
    expect(vorjahr).toContain('Karte 3 von 3');
  });

  it('prints the cards of one plot by its id', async () => {
    const res = await admin.get('Stammdaten/Parkkarten', { parzelle: String(plot.p7), pachtabrechnungID: paId });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`Parkkarten_${jahr}_Parzelle_7.pdf`);
    const text = pdfText(res.buffer);
    expect(cardsIn(text)).toBe(2);
    expect(text).toContain('Parzelle 7');
    expect(text).toContain('Dr. Gruber Anna');
    expect(text).toContain('Karte 1 von 2');
    expect(text).toContain('Karte 2 von 2');
    expect(text).not.toContain('Parzelle 12');
    expect(text).not.toContain('Maier');
  });

  it('answers 422 in German for a plot without cards and 404 for an unknown plot', async () => {
    const none = await admin.get<Problem>('Stammdaten/Parkkarten', {
      parzelle: String(plot.p3a),
      pachtabrechnungID: paId,
    });
    expect(none.status).toBe(422);
    expect(none.body.errors?.parzelle).toEqual([`Für diese Parzelle sind ${jahr} keine Parkkarten vorgesehen.`]);
    // The plot with cards last year has none this year.
    const notThisYear = await admin.get('Stammdaten/Parkkarten', {
      parzelle: String(plot.p40),
      pachtabrechnungID: paId,
    });
    expect(notThisYear.status).toBe(422);
    const unknown = await admin.get<Problem>('Stammdaten/Parkkarten', { parzelle: 'X-999', pachtabrechnungID: paId });
    expect(unknown.status).toBe(404);
    expect(unknown.body.title).toBe('Die Parzelle wurde nicht gefunden.');
  });

  it('lets a user with the view right print and read, but not save', async () => {
    const client = await app.signedIn(['Rechnungsprüfer']);
    expect((await client.get<Info>('Stammdaten/GetParkkartenInfo')).body).toMatchObject({ anzahlKarten: 3 });
    expect((await client.get('Stammdaten/Parkkarten', { pachtabrechnungID: paId })).status).toBe(200);
    const save = await client.post('Stammdaten/UpdateParkkartenInfo', { pachtabrechnungId: paId, gebuehrCent: 1 });
    expect(save.status).toBe(403);
  });
});
