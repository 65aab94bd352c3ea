import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MahnlaufErgebnis, MahnlaufVorschau } from '../../src/modules/rechnungspruefung/schema/mahnungen';
import type { Rechnung, RechnungDetail } from '../../src/modules/rechnungspruefung/schema/rechnung';
import { formatGermanDate } from '../../src/platform/dates';
import { nowDb } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { pdfText } from './kassaBerichteHelfer';

// The reminder run (GET/POST Mahnlauf) on 15.05.2026 over the example's 17 receivables due 31.03.2026:
// who is reminded with which level, fee and interest, who is left out and why (reminder stop, last
// level reached, reminded 5 days ago, instalment plan kept), paid ones not at all; the run books
// exactly the preview's figures, refuses ids outside the preview without writing anything, and the
// reminders print again as one PDF. Fees are the settings' defaults (level 2: 5,00 €).

let app: TestApp;
let rb: RechnungenBeispiel;
let kassier: ApiClient;
const DATUM = '2026-05-15';

const rechnung = (i: number) => rb.lauf.rechnungen[i]!;

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

const vorschau = async (query: Record<string, string | number | boolean> = {}) => {
  const res = await kassier.get<MahnlaufVorschau>('Rechnungspruefung/Mahnlauf', { datum: DATUM, calc: true, ...query });
  expect(res.status).toBe(200);
  return res.body;
};

async function detail(id: number): Promise<RechnungDetail> {
  return (await kassier.get<RechnungDetail>('Rechnungspruefung/GetRechnung', { id })).body;
}

beforeAll(async () => {
  app = await startTestApp();
  rb = await seedRechnungenBeispiel(app.services);
  kassier = await app.signedIn(['Kassier']);
  const db = app.services.db;
  await db('rechnungen')
    .where({ id: rechnung(0).id })
    .update({ mahnsperre_bis: '2026-06-30' });
  await db('rechnungen')
    .where({ id: rechnung(1).id })
    .update({ mahnstufe: 3, letzte_mahnung_am: '2026-04-20' });
  await db('rechnungen')
    .where({ id: rechnung(2).id })
    .update({ mahnstufe: 1, letzte_mahnung_am: '2026-05-10' });
  // Two instalments, the first (due 31.03.) paid: the plan is kept.
  const r3 = rechnung(3);
  const raten = await kassier.post<Rechnung>('Rechnungspruefung/UpdateRaten', {
    rechnungId: r3.id,
    raten: [
      { faelligAm: '2026-03-31', betragCent: 77_672 },
      { faelligAm: '2026-09-30', betragCent: 77_672 },
    ],
  });
  expect(raten.status).toBe(200);
  await zahle(r3.id, 77_672);
  await zahle(rechnung(4).id, rechnung(4).betragCent);
  await zahle(rechnung(5).id, 55_344);
  await db('rechnungen')
    .where({ id: rechnung(6).id })
    .update({ mahnstufe: 1, letzte_mahnung_am: '2026-04-15' });
});
afterAll(async () => {
  await app.stop();
});

describe('GET Rechnungspruefung/Mahnlauf (preview)', () => {
  it('lists every overdue receivable with its next level, fee and interest, and the ones left out with the reason', async () => {
    const v = await vorschau();
    expect(v.datum).toBe(DATUM);
    expect(v.uebersprungen.map((u) => [u.nummer, u.grund])).toEqual([
      [rechnung(0).nummer, 'mahnsperre'],
      [rechnung(1).nummer, 'hoechste_stufe'],
      [rechnung(2).nummer, 'zu_frueh'],
      [rechnung(3).nummer, 'raten_nicht_faellig'],
    ]);
    // The paid one is in neither list.
    const alle = [...v.zeilen.map((z) => z.rechnungId), ...v.uebersprungen.map((u) => u.rechnungId)];
    expect(alle).not.toContain(rechnung(4).id);
    expect(v.zeilen).toHaveLength(17 - 5);

    // 1.553,44 € due 31.03.2026, 45 days at 4 %: 7,66 €; level 1 costs no fee.
    const normal = v.zeilen.find((z) => z.rechnungId === rechnung(7).id)!;
    expect(normal).toMatchObject({
      faelligAm: '2026-03-31',
      offenCent: 155_344,
      ueberfaelligCent: 155_344,
      mahnstufe: 0,
      naechsteStufe: 1,
      gebuehrCent: 0,
      zinsenCent: 766,
      neuOffenCent: 155_344 + 766,
      email: false,
    });
    // Part paid: interest on the open 1.000,00 € only: 100,000 × 4 % × 45/365 = 493.15 → 4,93 €.
    expect(v.zeilen.find((z) => z.rechnungId === rechnung(5).id)).toMatchObject({
      offenCent: 100_000,
      zinsenCent: 493,
      neuOffenCent: 100_493,
    });
    // Reminded on 15.04. (30 days ago): level 2 with the settings' fee of 5,00 €.
    expect(v.zeilen.find((z) => z.rechnungId === rechnung(6).id)).toMatchObject({
      naechsteStufe: 2,
      gebuehrCent: 500,
      zinsenCent: 766,
      neuOffenCent: 155_344 + 500 + 766,
    });
    expect(v.summen).toEqual({
      anzahl: 12,
      ueberfaelligCent: v.zeilen.reduce((s, z) => s + z.ueberfaelligCent, 0),
      gebuehrCent: 500,
      zinsenCent: v.zeilen.reduce((s, z) => s + z.zinsenCent, 0),
    });
  });

  it('filters by address, and fewer minimum days take the receivable reminded 5 days ago in; without calc no interest', async () => {
    const eine = await vorschau({ adresseId: rechnung(7).adresseId });
    expect(eine.zeilen.map((z) => z.rechnungId)).toEqual([rechnung(7).id]);
    const kurz = await vorschau({ mindestTage: 5 });
    expect(kurz.zeilen.map((z) => z.rechnungId)).toContain(rechnung(2).id);
    const ohne = await vorschau({ calc: false });
    expect(ohne.summen.zinsenCent).toBe(0);
    expect((await kassier.get('Rechnungspruefung/Mahnlauf', { datum: '2026-13-01' })).status).toBe(422);
  });

  it('rights: reading users see the preview but cannot run it; others get 403', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const schrift = await app.signedIn(['Schriftführer']);
    expect((await pruefer.get('Rechnungspruefung/Mahnlauf', { datum: DATUM })).status).toBe(200);
    expect(
      (await pruefer.post('Rechnungspruefung/Mahnlauf', { datum: DATUM, rechnungIds: [rechnung(7).id] })).status,
    ).toBe(403);
    expect((await schrift.get('Rechnungspruefung/Mahnlauf', { datum: DATUM })).status).toBe(403);
  });
});

describe('POST Rechnungspruefung/Mahnlauf', () => {
  it('refuses ids outside the preview with 422 naming them, and writes nothing', async () => {
    const v = await vorschau();
    const res = await kassier.post<{ errors: Record<string, string[]> }>('Rechnungspruefung/Mahnlauf', {
      datum: DATUM,
      calc: true,
      rechnungIds: [...v.zeilen.map((z) => z.rechnungId), rechnung(0).id, rechnung(4).id, 999_999],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.rechnungIds).toEqual([
      `Die Rechnung ${rechnung(0).nummer} wird nicht gemahnt (Mahnsperre).`,
      `Die Rechnung ${rechnung(4).nummer} ist am ${formatGermanDate(DATUM)} nicht zu mahnen (nicht überfällig oder bezahlt).`,
      'Eine Rechnung mit der ID 999999 gibt es nicht.',
    ]);
    expect(await app.services.db('mahnungen').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    const leer = await kassier.post('Rechnungspruefung/Mahnlauf', { datum: DATUM, rechnungIds: [] });
    expect(leer.status).toBe(422);
  });

  it('books exactly what the preview showed (preview = run), and the reminders print again as one PDF', async () => {
    const v = await vorschau();
    const ids = v.zeilen.map((z) => z.rechnungId);
    const res = await kassier.post<MahnlaufErgebnis>('Rechnungspruefung/Mahnlauf', {
      datum: DATUM,
      calc: true,
      rechnungIds: ids,
    });
    expect(res.status).toBe(200);
    expect(res.body.anzahl).toBe(12);
    expect(res.body.mahnungIds).toHaveLength(12);
    expect(res.body.summeCent).toBe(v.zeilen.reduce((s, z) => s + z.neuOffenCent, 0));
    for (const z of v.zeilen) {
      const d = await detail(z.rechnungId);
      expect(d.mahnstufe).toBe(z.naechsteStufe);
      expect(d.letzteMahnungAm).toBe(DATUM);
      expect(d.offenCent).toBe(z.neuOffenCent);
      expect(d.mahnungen.at(-1)).toMatchObject({
        stufe: z.naechsteStufe,
        datum: DATUM,
        gebuehrCent: z.gebuehrCent,
        zinsenCent: z.zinsenCent,
        offenCent: z.neuOffenCent,
      });
    }
    // The same day again: everyone just reminded is too early now.
    const danach = await vorschau();
    expect(danach.zeilen).toEqual([]);
    expect(danach.uebersprungen.filter((u) => u.grund === 'zu_frueh').map((u) => u.rechnungId)).toEqual(
      expect.arrayContaining(ids),
    );

    const druck = await kassier.request('GET', 'Rechnungspruefung/MahnungenDruck', {
      query: { ids: res.body.mahnungIds.join(',') },
    });
    expect(druck.status).toBe(200);
    const text = (await pdfText(druck.buffer)).replace(/\s+/g, ' ');
    for (const z of v.zeilen) expect(text).toContain(`Rechnungsnummer ${z.nummer}`);
    // Eleven letters titled Zahlungserinnerung (the title is followed by the salutation), one Mahnung.
    expect(text.match(/Zahlungserinnerung Sehr geehrte/g)?.length).toBe(11);
    expect(text.match(/Mahnung Sehr geehrte/g)?.length).toBe(1);
    expect(text).toContain('Mahngebühr (Mahnung vom 15.05.2026) € 5,00');
  });
});
