import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rechnung } from '../../src/modules/rechnungspruefung/schema/rechnung';
import type { HistoryEntry } from '../../src/platform/history/history';
import { RB_FAELLIG_AM } from '../helpers/rechnungenBeispiel';
import { GEBUEHR_2, GEBUEHR_3, type MahnungenTest, startMahnungenTest, text } from './rechnungenMahnungenHelfer';

// One receivable's reminders (GET Mahnungen) as the Kassier prints them from the receivable's detail:
// Zahlungserinnerung (no fee), Mahnung (fee of level 2 from the settings, interest), Letzte Mahnung
// (fee of level 3, registered, the KlGG § 12 notice), then no fourth; the reprint shows the letter as
// it went out; ResetMahnung sets the level back and keeps the history; the rights. The single
// letter's cases (part payment, preview, refusals) are in rechnungenMahnungenFaelle.test.ts. The
// example's receivables are due on 31.03.2026 (RB_FAELLIG_AM).

let mt: MahnungenTest;
const rechnung = (i: number) => mt.rb.lauf.rechnungen[i]!;
const detail = (id: number) => mt.detail(id);
const mahne = (rechnungsID: number, datum: string, extra: Record<string, string | boolean> = {}) =>
  mt.mahne(rechnungsID, datum, extra);
const zahle = (rechnungId: number, betragCent: number) => mt.zahle(rechnungId, betragCent);

beforeAll(async () => {
  mt = await startMahnungenTest();
});
afterAll(async () => {
  await mt.app.stop();
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
});

describe('GET Rechnungspruefung/Mahnungen: rights', () => {
  it('rights: reading users may reprint but not remind; users without Rechnungsprüfung rights get 403', async () => {
    const pruefer = await mt.app.signedIn(['Rechnungsprüfer']);
    const schrift = await mt.app.signedIn(['Schriftführer']);
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
    const nochmal = await mt.kassier.request('GET', 'Rechnungspruefung/MahnungenDruck', {
      query: { ids: String(mahnung.id) },
    });
    expect(nochmal.status).toBe(200);
    expect(await text(nochmal.buffer)).toBe(await text(gedruckt.buffer));
    expect((await detail(r.id)).mahnungen).toHaveLength(1);

    const level3 = (await detail(rechnung(0).id)).mahnungen[2]!;
    const beide = await text(
      (
        await mt.kassier.request('GET', 'Rechnungspruefung/MahnungenDruck', {
          query: { ids: `${level3.id},${mahnung.id}` },
        })
      ).buffer,
    );
    expect(beide.indexOf('Letzte Mahnung')).toBeLessThan(beide.indexOf(`Rechnung ${r.nummer} vom`));
    expect(
      (await mt.kassier.request('GET', 'Rechnungspruefung/MahnungenDruck', { query: { ids: '999999' } })).status,
    ).toBe(404);
    expect(
      (await mt.kassier.request('GET', 'Rechnungspruefung/MahnungenDruck', { query: { ids: 'a,b' } })).status,
    ).toBe(422);
  });

  it('ResetMahnung sets the level back to 0; the reminders, fees and the history stay; the next reminder starts at level 1', async () => {
    const r = rechnung(0);
    const res = await mt.kassier.request<Rechnung>('POST', 'Rechnungspruefung/ResetMahnung', { query: { id: r.id } });
    expect(res.status).toBe(200);
    expect(res.body.mahnstufe).toBe(0);
    expect(res.body.letzteMahnungAm).toBeNull();
    expect(res.body.betragCent).toBe(158_888);
    const d = await detail(r.id);
    expect(d.mahnungen).toHaveLength(3);
    const history = await mt.kassier.get<HistoryEntry[]>('Common/GetHistory', {
      entityType: 'Rechnung',
      entityID: r.id,
    });
    expect(history.body.map((h) => h.action)).toEqual(expect.arrayContaining(['mahnung', 'mahnungReset']));
    expect(history.body.filter((h) => h.action === 'mahnung')).toHaveLength(3);
    // Interest is not charged twice: the next reminder's interest starts after 15.06.2026.
    const neu = await text((await mahne(r.id, '2026-07-15', { calc: true })).buffer);
    expect(neu).toContain('Zahlungserinnerung');
    expect(neu).toContain('Verzugszinsen 4 % p. a. für 30 Tage (15.06.2026 bis 15.07.2026)');
    expect(
      (await mt.kassier.request('POST', 'Rechnungspruefung/ResetMahnung', { query: { id: 999_999 } })).status,
    ).toBe(404);
  });
});
