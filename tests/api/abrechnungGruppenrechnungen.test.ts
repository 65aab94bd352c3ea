import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GruppenabrechnungPosition } from '../../src/modules/abrechnung/schema/gruppenabrechnung';
import type { EinbuchenResponse, LaufVorschau, ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import type { ApiClient } from '../helpers/apiClient';
import { buildGartenwechsel, buildGruppe } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, ZV_DATUM, type ZvBeispiel } from '../helpers/zvBeispiel';

// The Gruppenabrechnung (group positions of a year) and the Gruppenrechnungen run
// (docs/api/abrechnung.md). Group „Nord“ = plots 1, 2, 3 (475 m² each) and 17 (400 m²) of DOMAIN.md's
// example; from 01.01.2026 plot 3 is held by the holder of plot 1 (Gärtner1), so three letters:
//
//   Zaun 100,03 € in equal parts: 10003 / 4 = 2500.75 → floors 2500 × 4 = 10000, 3 cents left over,
//   all remainders equal → the lower plot numbers get them: 1, 2, 3 = 25,01 €, 17 = 25,00 €.
//   Wasserleitung 1.000,00 € by area (1,825 m²): 475 m² → 100000 × 475 / 1825 = 26027.397…,
//   400 m² → 21917.808…; floors 26027 × 3 + 21917 = 99998, 2 cents left: plot 17 (remainder .808)
//   and plot 1 (the lowest of the .397 ties) → 1 = 260,28 €, 2 = 3 = 260,27 €, 17 = 219,18 €.
//
//   Gärtner1 (plots 1 and 3): 25,01 + 260,28 + 25,01 + 260,27 = 570,57 €
//   Gärtner2 (plot 2): 25,01 + 260,27 = 285,28 €;  Huber Maria (plot 17): 25,00 + 219,18 = 244,18 €
//   Sum 1.100,03 € = 100,03 + 1.000,00. Due 30 days after 01.03.2026 (the year's Zahlungsziel).

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

let app: TestApp;
let z: ZvBeispiel;
let kassier: ApiClient;
let pruefer: ApiClient;
let wasserwart: ApiClient;
let nord: number;
let sued: number;
let zaun: GruppenabrechnungPosition;
let leitung: GruppenabrechnungPosition;

// Plot ids by number: seedZvBeispiel creates "17" first, then "1" … "16".
const plot = (nummer: string) => (nummer === '17' ? z.parzellen[0]! : z.parzellen[Number(nummer)]!);
const halter = (nummer: string) => (nummer === '17' ? z.adressen[0]! : z.adressen[Number(nummer)]!);

beforeAll(async () => {
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
  nord = (await buildGruppe(app.services, { name: 'Nord' })).id;
  sued = (await buildGruppe(app.services, { name: 'Süd' })).id;
  await app.services.db('parzellen').whereIn('id', ['1', '2', '3', '17'].map(plot)).update({ gruppe_id: nord });
  // Süd has plots but no positions: its plots do not matter for the run.
  await app.services.db('parzellen').whereIn('id', ['5', '6'].map(plot)).update({ gruppe_id: sued });
  await buildGartenwechsel(app.services, { parzelleId: plot('3'), adresseId: halter('1'), datum: '2026-01-01' });
  kassier = await app.signedIn(['Kassier']);
  pruefer = await app.signedIn(['Rechnungsprüfer']);
  wasserwart = await app.signedIn(['Wasserwart']);
});
afterAll(() => app.stop());

function pdfText(buffer: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kgv-gruppenrechnung-')), 'doc.pdf');
  writeFileSync(file, buffer);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
}

const anzahl = async (table: string) => Number((await app.services.db(table).count({ n: '*' }).first())?.n);

describe('Gruppenabrechnung', () => {
  it('saves group positions (validated), lists them with the group and its plot count', async () => {
    const neu = (body: Record<string, unknown>) =>
      kassier.post<GruppenabrechnungPosition>('Abrechnung/UpdateGruppenabrechnung', {
        id: 0,
        pachtabrechnungId: z.pachtabrechnungId,
        gruppeId: nord,
        ...body,
      });
    const a = await neu({ text: 'Zaun', betragCent: 10_000, verteilung: 'gleich', buchungskontoId: z.bk.wasser });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ gruppeName: 'Nord', sortierung: 1, anzahlParzellen: 4, version: 1, steuersatz: 0 });
    const b = await neu({ text: 'Wasserleitung', betragCent: 100_000, verteilung: 'flaeche', steuersatz: 20 });
    expect(b.body).toMatchObject({ sortierung: 2, verteilung: 'flaeche', steuersatz: 20, buchungskontoId: null });
    const c = await neu({ text: 'Weg', betragCent: 500, verteilung: 'gleich' });

    const falsch = await neu({ gruppeId: 999_999, text: '', betragCent: -1, verteilung: 'anteilig', steuersatz: 13 });
    expect(falsch.status).toBe(422);
    expect(falsch.body).toMatchObject({
      errors: {
        text: ['Bitte geben Sie einen Text an.'],
        betragCent: ['Erlaubt sind 0 bis 100000000 Cent (ganze Cent).'],
        verteilung: ['Erlaubt sind gleich oder flaeche.'],
        steuersatz: ['Steuersatz muss 0, 10 oder 20 % sein.'],
      },
    });
    const ohneGruppe = await neu({ gruppeId: 999_999, text: 'X', betragCent: 1, verteilung: 'gleich' });
    expect(ohneGruppe.status).toBe(422);
    expect((ohneGruppe.body as unknown as Problem).errors).toEqual({ gruppeId: ['Diese Gruppe gibt es nicht.'] });

    // The Zaun costs 100,03 €, not 100,00 (a version read before is stale after the change).
    const geaendert = await kassier.post<GruppenabrechnungPosition>('Abrechnung/UpdateGruppenabrechnung', {
      ...a.body,
      betragCent: 10_003,
    });
    expect(geaendert.body).toMatchObject({ betragCent: 10_003, version: 2 });
    const veraltet = await kassier.post<Problem>('Abrechnung/UpdateGruppenabrechnung', { ...a.body, text: 'Tor' });
    expect(veraltet.status).toBe(409);
    expect(veraltet.body.code).toBe('version_conflict');

    expect((await kassier.delete('Abrechnung/DeleteGruppenabrechnung', { id: c.body.id })).status).toBe(204);
    const liste = await pruefer.get<GruppenabrechnungPosition[]>('Abrechnung/GetGruppenabrechnung', {
      pachtabrechnungID: z.pachtabrechnungId,
    });
    expect(liste.body.map((p) => [p.gruppeName, p.text, p.betragCent, p.verteilung, p.anzahlParzellen])).toEqual([
      ['Nord', 'Zaun', 10_003, 'gleich', 4],
      ['Nord', 'Wasserleitung', 100_000, 'flaeche', 4],
    ]);
    [zaun, leitung] = liste.body as [GruppenabrechnungPosition, GruppenabrechnungPosition];
    expect((await pruefer.get<unknown[]>('Abrechnung/GetGruppenabrechnung', { gruppeID: sued })).body).toEqual([]);
  });
});

describe('Gruppenrechnungen', () => {
  it('splits each position over the group’s plots, adding up exactly; one letter per holder', async () => {
    const res = await pruefer.get<ZvEintrag[]>('Abrechnung/Gruppenrechnungen', {
      pachtabrechnungID: z.pachtabrechnungId,
      date: ZV_DATUM,
    });
    expect(res.status).toBe(200);
    const briefe = res.body;
    expect(briefe.map((e) => [e.adresseId, e.summeCent, e.faelligAm])).toEqual([
      [halter('1'), 57_057, '2026-03-31'],
      [halter('2'), 28_528, '2026-03-31'],
      [halter('17'), 24_418, '2026-03-31'],
    ]);
    const gaertner1 = briefe[0]!;
    expect(gaertner1.parzellen.map((p) => [p.nummer, p.positionen.map((x) => [x.text, x.betragCent])])).toEqual([
      [
        '1',
        [
          ['Zaun (Gruppe Nord, Anteil 1/4)', 2501],
          ['Wasserleitung (Gruppe Nord, Anteil 475,00 m² von 1.825,00 m²)', 26_028],
        ],
      ],
      [
        '3',
        [
          ['Zaun (Gruppe Nord, Anteil 1/4)', 2501],
          ['Wasserleitung (Gruppe Nord, Anteil 475,00 m² von 1.825,00 m²)', 26_027],
        ],
      ],
    ]);
    expect(gaertner1.parzellen[0]!.positionen[0]).toMatchObject({
      art: 'gruppe',
      steuersatz: 0,
      buchungskontoId: z.bk.wasser,
    });
    expect(gaertner1.parzellen[0]!.positionen[1]).toMatchObject({ steuersatz: 20, menge: null });
    expect(briefe[2]!.parzellen[0]!.positionen.map((x) => x.betragCent)).toEqual([2500, 21_918]);
    // Every position adds up to its amount exactly.
    const alle = briefe.flatMap((e) => e.parzellen.flatMap((p) => p.positionen));
    expect(alle.filter((x) => x.text.startsWith('Zaun')).reduce((s, x) => s + x.betragCent, 0)).toBe(10_003);
    expect(alle.filter((x) => x.text.startsWith('Wasserleitung')).reduce((s, x) => s + x.betragCent, 0)).toBe(100_000);
    expect(briefe.reduce((s, e) => s + e.summeCent, 0)).toBe(110_003);

    const pdf = await pruefer.get('Abrechnung/Gruppenrechnungen', {
      pachtabrechnungID: z.pachtabrechnungId,
      date: ZV_DATUM,
      format: 'pdf',
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = pdfText(pdf.buffer);
    expect(text).toContain('Gruppenrechnung 2026');
    expect(text).toContain('ENTWURF');
    expect(text).toContain('Zaun (Gruppe Nord, Anteil 1/4)');
    expect(text).toContain('570,57');
  });

  it('stops with 422 listing the problems (a group plot without holder, a holder without address), nothing written', async () => {
    await app.services
      .db('parzellen')
      .where({ id: plot('4') })
      .update({ gruppe_id: nord });
    await app.services
      .db('pachtverhaeltnisse')
      .where({ parzelle_id: plot('4') })
      .update({ bis: '2025-12-31' });
    await app.services
      .db('adressen')
      .where({ id: halter('2') })
      .update({ strasse: '' });
    try {
      const vorschau = await kassier.get<LaufVorschau>('Abrechnung/LaufVorschau', {
        art: 'Gruppenrechnung',
        date: ZV_DATUM,
      });
      expect(vorschau.body.probleme.map((p) => p.art)).toEqual([
        'parzelleOhneNutzungsberechtigten',
        'adresseOhneAnschrift',
      ]);
      const buchen = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchenGruppenrechnungen', {
        pachtabrechnungId: z.pachtabrechnungId,
        datum: ZV_DATUM,
      });
      expect(buchen.status).toBe(422);
      expect(buchen.body.errors?.probleme).toEqual([
        'Die Parzelle 4 (Gruppe Nord) hat am Datum des Laufs keinen Nutzungsberechtigten.',
        'Bei der Adresse „Gärtner2 Anna“ fehlt die Anschrift (Straße, PLZ oder Ort).',
      ]);
      expect(await anzahl('abrechnungslaeufe')).toBe(0);
      expect(await anzahl('rechnungen')).toBe(0);
    } finally {
      await app.services
        .db('parzellen')
        .where({ id: plot('4') })
        .update({ gruppe_id: null });
      await app.services
        .db('adressen')
        .where({ id: halter('2') })
        .update({ strasse: 'Gartenweg 2' });
    }
  });

  it('books once: receivables numbered with the group set; 409 the second time; the positions are frozen', async () => {
    expect((await pruefer.post('Abrechnung/ForderungenEinbuchenGruppenrechnungen', { datum: ZV_DATUM })).status).toBe(
      403,
    );
    const res = await kassier.post<EinbuchenResponse>('Abrechnung/ForderungenEinbuchenGruppenrechnungen', {
      pachtabrechnungId: z.pachtabrechnungId,
      datum: ZV_DATUM,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ anzahl: 3, summeCent: 110_003 });
    expect(res.body.rechnungen.map((r) => [r.nummer, r.adresseId, r.betragCent])).toEqual([
      ['2026-00001', halter('1'), 57_057],
      ['2026-00002', halter('2'), 28_528],
      ['2026-00003', halter('17'), 24_418],
    ]);
    const rows = await app.services.db('rechnungen').orderBy('laufnummer');
    expect(rows.map((r) => [r.art, Number(r.gruppe_id), r.faellig_am.slice(0, 10)])).toEqual(
      Array(3).fill(['Gruppenrechnung', nord, '2026-03-31']),
    );

    const nochmal = await kassier.post<Problem>('Abrechnung/ForderungenEinbuchenGruppenrechnungen', {
      pachtabrechnungId: z.pachtabrechnungId,
      datum: ZV_DATUM,
    });
    expect(nochmal.status).toBe(409);
    expect(nochmal.body.code).toBe('lauf_bereits_gebucht');
    expect(await anzahl('rechnungen')).toBe(3);
    // The run's state as the Gruppenabrechnung screen reads it to lock its positions.
    const status = await kassier.get<{ gebucht: boolean; anzahl: number; summeCent: number }>('Abrechnung/LaufStatus', {
      art: 'Gruppenrechnung',
      pachtabrechnungID: z.pachtabrechnungId,
    });
    expect(status.status, status.text).toBe(200);
    expect(status.body).toMatchObject({ gebucht: true, anzahl: 3, summeCent: 110_003 });

    // The letters are now the booked receivables, with number and reference.
    const gebucht = await pruefer.get<ZvEintrag[]>('Abrechnung/Gruppenrechnungen', { date: '2026-06-01' });
    expect(gebucht.body.map((e) => [e.rechnungsnummer, e.summeCent])).toEqual([
      ['2026-00001', 57_057],
      ['2026-00002', 28_528],
      ['2026-00003', 24_418],
    ]);
    expect(gebucht.body[0]!.zahlungsreferenz).toMatch(/^RF\d\d202600001$/);

    const aendern = await kassier.post<Problem>('Abrechnung/UpdateGruppenabrechnung', { ...leitung, betragCent: 1 });
    expect(aendern.status).toBe(409);
    expect(aendern.body.code).toBe('gruppenrechnungen_gebucht');
    expect((await kassier.delete<Problem>('Abrechnung/DeleteGruppenabrechnung', { id: zaun.id })).status).toBe(409);
  });

  it('is closed to the Wasserwart', async () => {
    expect((await wasserwart.get('Abrechnung/Gruppenrechnungen')).status).toBe(403);
    expect((await wasserwart.get('Abrechnung/GetGruppenabrechnung')).status).toBe(403);
  });
});
