import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Buchungskonto } from '../../src/modules/kassa/schema/buchungskonten';
import type { Kassaabrechnung, KassaabrechnungLookup } from '../../src/modules/kassa/schema/kassaabrechnung';
import type { Konto } from '../../src/modules/kassa/schema/konten';
import type { Kostenstelle } from '../../src/modules/kassa/schema/kostenstellen';
import { bucheEintraege, type NeueBuchung } from '../../src/modules/kassa/services/buchen';
import { kettenEnde, kettePruefen } from '../../src/modules/kassa/services/pruefen';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import type { ApiClient } from '../helpers/apiClient';
import { buildParzelle } from '../helpers/factories';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// The cash periods as the Kassier uses them: the next year carried over from the last one, balances
// that add up, a closed year that refuses every change until it is opened again, and who may do it.

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

let app: TestApp;
let kassier: ApiClient;
let k: KassaBeispiel;
const actor = systemActor('Test');

const buche = (eintraege: Partial<NeueBuchung>[]) =>
  inTransaction(app.services.db, (trx) =>
    bucheEintraege(
      trx,
      actor,
      eintraege.map((e) => ({
        datum: '2025-03-01',
        betragCent: 10_000,
        kontoId: k.bank,
        buchungskontoId: k.bk.mitgliedsbeitrag,
        text: 'Buchung',
        ...e,
      })),
    ),
  );

const bkVon = async (periodeId: number, nummer: string) =>
  Number((await app.services.db('buchungskonten').where({ kassaabrechnung_id: periodeId, nummer }).first('id'))?.id);

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  k = await seedKassaBeispiel(app.services.db, { jahre: [2025], bankAnfangCent: 1_000_000, kassaAnfangCent: 50_000 });
});
afterAll(() => app.stop());

describe('Kassaabrechnung', () => {
  it('carries the closing balances, booking accounts with their plots and cost centres into the next year', async () => {
    await buche([
      { betragCent: 25_000 },
      { betragCent: -4_000, buchungskontoId: k.bk.material, kostenstelleId: k.ks.vereinshaus },
      { betragCent: -1_500, kontoId: k.kassa, buchungskontoId: k.bk.strom },
    ]);
    const parzelle = await buildParzelle(app.services, { nummer: 'K-1' });
    const kanal = await kassier.post<Buchungskonto>(
      'Kassa/UpdateBuchungsKonto',
      {
        nummer: '4300',
        name: 'Kanal',
        art: 'einnahme',
        steuersatz: 10,
        parzellenspezifisch: true,
        jahresbetragCent: 3_600,
      },
      { query: { kassaabrechnungID: k.perioden[2025]! } },
    );
    expect(kanal.status, kanal.text).toBe(200);
    const zuordnung = await kassier.post('Kassa/UpdateBuchungskontenParzellenspezifischParzellen', {
      buchungskontoId: kanal.body.id,
      parzellenIds: [parzelle.id],
    });
    expect(zuordnung.status, zuordnung.text).toBe(200);
    // A deleted (used) account is not carried over.
    await buche([{ betragCent: -100, buchungskontoId: k.bk.finanzamt }]);
    expect((await kassier.delete('Kassa/DeleteBuchungsKonto', { id: k.bk.finanzamt })).body).toEqual({
      entfernt: false,
    });

    // Without a year: the one after the newest.
    const neu = await kassier.post<Kassaabrechnung>('Abrechnung/GetNewKassaabrechnung');
    expect(neu.status, neu.text).toBe(200);
    expect(neu.body).toMatchObject({
      jahr: 2026,
      bezeichnung: 'Kassa 2026',
      von: '2026-01-01',
      bis: '2026-12-31',
      geschlossen: false,
      geschlossenAm: null,
      kettenKopf: null,
      anzahlBuchungen: 0,
    });
    const id = neu.body.id;

    const konten = (await kassier.get<Konto[]>('Kassa/GetKonten', { kassaabrechnungID: id })).body;
    expect(konten.map((x) => [x.name, x.anfangsbestandCent, x.saldoCent])).toEqual([
      ['Girokonto Erste', 1_000_000 + 25_000 - 4_000 - 100, 1_000_000 + 25_000 - 4_000 - 100],
      ['Handkassa', 50_000 - 1_500, 50_000 - 1_500],
    ]);
    const alt = (await kassier.get<Konto[]>('Kassa/GetKonten', { kassaabrechnungID: k.perioden[2025]! })).body;
    expect(alt.map((x) => x.saldoCent)).toEqual(konten.map((x) => x.anfangsbestandCent));

    const bks = (await kassier.get<Buchungskonto[]>('Kassa/GetBuchungsKonten', { kassaabrechnungID: id })).body;
    expect(bks.map((b) => b.nummer)).toEqual(['4000', '4100', '4200', '4300', '7000', '7100', '9999']);
    expect(bks.every((b) => b.kassaabrechnungId === id && !b.geloescht && b.anzahlBuchungen === 0)).toBe(true);
    expect(bks.find((b) => b.nummer === '9999')?.klaerung).toBe(true);
    expect(bks.filter((b) => b.klaerung)).toHaveLength(1);
    const kanalNeu = bks.find((b) => b.nummer === '4300')!;
    expect(kanalNeu).toMatchObject({
      parzellenspezifisch: true,
      jahresbetragCent: 3_600,
      steuersatz: 10,
      anzahlParzellen: 1,
    });
    expect(
      (await kassier.get('Stammdaten/GetParzellenspezifischeKonten', { id: parzelle.id, kassaabrechnungID: id })).body,
    ).toEqual([
      { buchungskontoId: kanalNeu.id, kassaabrechnungId: id, nummer: '4300', name: 'Kanal', jahresbetragCent: 3_600 },
    ]);

    const ks = (await kassier.get<Kostenstelle[]>('Kassa/GetKostenStellen', { kassaabrechnungID: id })).body;
    expect(ks.map((x) => [x.nummer, x.name, x.kassaabrechnungId])).toEqual([
      ['1', 'Vereinshaus', id],
      ['2', 'Wasserleitung', id],
    ]);

    // The same year again: 409.
    const doppelt = await kassier.post<Problem>('Abrechnung/GetNewKassaabrechnung', undefined, {
      query: { jahr: 2026 },
    });
    expect(doppelt.status).toBe(409);

    // Two board members creating the same new year at the same moment: one gets it, the other a 409.
    const zugleich = await Promise.all(
      [1, 2].map(() => kassier.post<Problem>('Abrechnung/GetNewKassaabrechnung', undefined, { query: { jahr: 2035 } })),
    );
    expect(zugleich.map((r) => r.status).sort()).toEqual([200, 409]);
    const angelegt = zugleich.find((r) => r.status === 200)?.body as unknown as Kassaabrechnung;
    expect((await kassier.delete('Abrechnung/DeleteKassaabrechnung', { id: angelegt.id })).status).toBe(204);
  });

  it('lists newest first, answers the ids, the default period and the lookup', async () => {
    const list = (await kassier.get<Kassaabrechnung[]>('Abrechnung/GetKassaabrechnungen')).body;
    expect(list.map((p) => p.jahr)).toEqual([2026, 2025]);
    expect(list[1]?.anzahlBuchungen).toBe(4);
    expect((await kassier.get('Abrechnung/GetAllKassaabrechnungIDs')).body).toEqual(list.map((p) => p.id));
    expect((await kassier.get('Abrechnung/GetKassaabrechnungDatum', { id: k.perioden[2025]! })).body).toEqual({
      id: k.perioden[2025],
      von: '2025-01-01',
      bis: '2025-12-31',
    });
    // Without id: the period containing today, else the newest.
    const standard = (await kassier.get<{ id: number }>('Abrechnung/GetKassaabrechnungDatum')).body;
    expect(list.map((p) => p.id)).toContain(standard.id);
    const lookup = (await kassier.get<KassaabrechnungLookup[]>('Common/Kassaabrechnungen')).body;
    expect(lookup[1]).toEqual({
      id: k.perioden[2025],
      name: 'Kassa 2025',
      jahr: 2025,
      von: '2025-01-01',
      bis: '2025-12-31',
      geschlossen: false,
    });
    expect((await kassier.get('Abrechnung/GetKassaabrechnung', { id: 999_999 })).status).toBe(404);
  });

  it('creates a period with its clearing account, refuses overlaps and a range that leaves entries outside', async () => {
    const neu = await kassier.post<Kassaabrechnung>('Abrechnung/UpdateKassaabrechnung', {
      jahr: 2030,
      bezeichnung: 'Rumpfjahr 2030',
      von: '2030-04-01',
      bis: '2030-12-31',
    });
    expect(neu.status, neu.text).toBe(200);
    const bks = (await kassier.get<Buchungskonto[]>('Kassa/GetBuchungsKonten', { kassaabrechnungID: neu.body.id }))
      .body;
    expect(bks.map((b) => [b.nummer, b.klaerung])).toEqual([['9999', true]]);

    const overlap = await kassier.post<Problem>('Abrechnung/UpdateKassaabrechnung', {
      jahr: 2031,
      bezeichnung: 'Überlappt',
      von: '2030-12-01',
      bis: '2031-11-30',
    });
    expect(overlap.status).toBe(422);
    expect(overlap.body.errors?.von?.[0]).toContain('Rumpfjahr 2030');
    const verkehrt = await kassier.post<Problem>('Abrechnung/UpdateKassaabrechnung', {
      jahr: 2032,
      bezeichnung: 'Verkehrt',
      von: '2032-12-31',
      bis: '2032-01-01',
    });
    expect(verkehrt.status).toBe(422);
    expect(Object.keys(verkehrt.body.errors ?? {})).toEqual(['bis']);

    // 2025 has entries in March: starting it in April would leave them outside.
    const p2025 = (await kassier.get<Kassaabrechnung>('Abrechnung/GetKassaabrechnung', { id: k.perioden[2025]! })).body;
    const draussen = await kassier.post<Problem>('Abrechnung/UpdateKassaabrechnung', { ...p2025, von: '2025-04-01' });
    expect(draussen.status).toBe(422);
    expect(draussen.body.errors?.von?.[0]).toContain('außerhalb');
    const umbenannt = await kassier.post<Kassaabrechnung>('Abrechnung/UpdateKassaabrechnung', {
      ...p2025,
      bezeichnung: 'Kassajahr 2025',
    });
    expect(umbenannt.status, umbenannt.text).toBe(200);
    expect(umbenannt.body).toMatchObject({ bezeichnung: 'Kassajahr 2025', version: p2025.version + 1 });
    // The old version is refused.
    expect((await kassier.post('Abrechnung/UpdateKassaabrechnung', p2025)).status).toBe(409);

    // Deletes an empty period; refuses one with entries.
    expect((await kassier.delete('Abrechnung/DeleteKassaabrechnung', { id: neu.body.id })).status).toBe(204);
    expect((await kassier.get('Abrechnung/GetKassaabrechnung', { id: neu.body.id })).status).toBe(404);
    const mitBuchungen = await kassier.delete<Problem>('Abrechnung/DeleteKassaabrechnung', { id: k.perioden[2025]! });
    expect(mitBuchungen.status).toBe(409);
  });

  it('a closed period refuses every change until it is opened again; close and open are in the history', async () => {
    const id = k.perioden[2025]!;
    // Checked entries (S2's CloseFilteredEntries): the chain's end is stored on closing.
    await buche([{ text: 'geprüft 1' }, { text: 'geprüft 2' }]);
    const geprueft = await kassier.post<{ geprueft: number; kettenKopf: string }>(
      'Kassa/CloseFilteredEntries',
      undefined,
      {
        query: { kassaabrechnungID: id },
      },
    );
    expect(geprueft.status, geprueft.text).toBe(200);

    const closed = await kassier.post<Kassaabrechnung>('Abrechnung/CloseKassaabrechnung', undefined, { query: { id } });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({ geschlossen: true, kettenKopf: geprueft.body.kettenKopf });
    expect(closed.body.geschlossenAm).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const p = closed.body;
    const bk = (await kassier.get<Buchungskonto[]>('Kassa/GetBuchungsKonten', { kassaabrechnungID: id })).body[0]!;
    const ks = (await kassier.get<Kostenstelle[]>('Kassa/GetKostenStellen', { kassaabrechnungID: id })).body[0]!;
    const bank = (await kassier.get<Konto>('Kassa/GetKonto', { id: k.bank, kassaabrechnungID: id })).body;
    const refused = [
      await kassier.post<Problem>('Abrechnung/UpdateKassaabrechnung', { ...p, bezeichnung: 'Neu' }),
      await kassier.post<Problem>('Kassa/UpdateKonto', { ...bank, anfangsbestandCent: 1, kassaabrechnungId: id }),
      await kassier.post<Problem>('Kassa/UpdateBuchungsKonto', { ...bk, name: 'Neu' }),
      await kassier.post<Problem>(
        'Kassa/UpdateBuchungsKonto',
        { nummer: '5000', name: 'Neu', art: 'einnahme', steuersatz: 0 },
        { query: { kassaabrechnungID: id } },
      ),
      await kassier.delete<Problem>('Kassa/DeleteBuchungsKonto', { id: bk.id }),
      await kassier.post<Problem>('Kassa/UpdateKostenstelle', { ...ks, name: 'Neu' }),
      await kassier.post<Problem>('Kassa/UpdateKostenstelle', { kassaabrechnungId: id, nummer: '9', name: 'Neu' }),
      await kassier.delete<Problem>('Kassa/DeleteKostenstelle', { id: ks.id }),
      await kassier.delete<Problem>('Abrechnung/DeleteKassaabrechnung', { id }),
      await kassier.post<Problem>('Kassa/UpdateBuchungskontenParzellenspezifischParzellen', {
        buchungskontoId: bk.id,
        parzellenIds: [],
      }),
      await kassier.post<Problem>('Kassa/UpdateKassabuch', {
        datum: p.von,
        betragCent: 100,
        kontoId: k.bank,
        buchungskontoId: bk.id,
        text: 'im geschlossenen Jahr',
      }),
    ];
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(
      refused.map(() => [409, 'kassaabrechnung_geschlossen']),
    );
    // Sending the account back unchanged (other fields edited) is fine: its opening balance stays.
    const umbenannt = await kassier.post<Konto>('Kassa/UpdateKonto', {
      ...bank,
      name: 'Girokonto',
      kassaabrechnungId: id,
    });
    expect(umbenannt.status, umbenannt.text).toBe(200);

    const opened = await kassier.post<Kassaabrechnung>('Abrechnung/OpenKassaabrechnung', undefined, { query: { id } });
    expect(opened.body).toMatchObject({ geschlossen: false, geschlossenAm: null, kettenKopf: null });
    const renamed = await kassier.post<Kassaabrechnung>('Abrechnung/UpdateKassaabrechnung', {
      ...opened.body,
      bezeichnung: 'Kassa 2025',
    });
    expect(renamed.status, renamed.text).toBe(200);
    const bkNeu = await kassier.post('Kassa/UpdateBuchungsKonto', { ...bk, name: 'Mitgliedsbeitrag' });
    expect(bkNeu.status, bkNeu.text).toBe(200);
    const history = await kassier.get<{ action: string; after: { kettenKopf?: string } }[]>('Common/GetHistory', {
      entityID: `Kassaabrechnung:${id}`,
    });
    expect(history.status, history.text).toBe(200);
    const actions = history.body.map((h) => h.action);
    expect(actions).toContain('close');
    expect(actions).toContain('open');
    expect(history.body.find((h) => h.action === 'close')?.after.kettenKopf).toBe(geprueft.body.kettenKopf);
  });

  it('closing after CloseFilteredEntries keeps the chain end, and the chain checks intact', async () => {
    const neu = (await kassier.get<Kassaabrechnung[]>('Abrechnung/GetKassaabrechnungen')).body.find(
      (p) => p.jahr === 2026,
    )!;
    await buche([
      { datum: '2026-02-01', text: 'Jänner', buchungskontoId: await bkVon(neu.id, '4000') },
      { datum: '2026-02-02', betragCent: -2_000, text: 'Strom', buchungskontoId: await bkVon(neu.id, '7100') },
    ]);
    const geprueft = await kassier.post<{ geprueft: number; kettenKopf: string }>(
      'Kassa/CloseFilteredEntries',
      undefined,
      {
        query: { kassaabrechnungID: neu.id },
      },
    );
    expect(geprueft.status, geprueft.text).toBe(200);
    expect(geprueft.body.geprueft).toBe(2);
    const closed = await kassier.post<Kassaabrechnung>('Abrechnung/CloseKassaabrechnung', undefined, {
      query: { id: neu.id },
    });
    expect(closed.body.kettenKopf).toBe(geprueft.body.kettenKopf);
    expect(closed.body.kettenKopf).toBe((await kettenEnde(app.services.db)).hash);
    expect((await kettePruefen(app.services.db)).intakt).toBe(true);
  });

  it('lets a Rechnungsprüfer read but not write, and a Wasserwart not at all', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const wasserwart = await app.signedIn(['Wasserwart']);
    expect((await pruefer.get('Abrechnung/GetKassaabrechnungen')).status).toBe(200);
    expect((await pruefer.get('Common/Kassaabrechnungen')).status).toBe(200);
    expect((await pruefer.post('Abrechnung/GetNewKassaabrechnung', undefined, { query: { jahr: 2040 } })).status).toBe(
      403,
    );
    expect(
      (await pruefer.post('Abrechnung/CloseKassaabrechnung', undefined, { query: { id: k.perioden[2025]! } })).status,
    ).toBe(403);
    expect((await wasserwart.get('Abrechnung/GetKassaabrechnungen')).status).toBe(403);
    expect((await wasserwart.get('Common/Kassaabrechnungen')).status).toBe(403);
  });
});
