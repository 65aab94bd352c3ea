import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../src/modules';
import type { ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import type { Rechnung } from '../../src/modules/rechnungspruefung/schema/rechnung';
import type { Versicherung } from '../../src/modules/rechnungspruefung/schema/versicherungen';
import { todayIso } from '../../src/platform/dates';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

// The demo club's Rechnungsprüfung: every module's demo part in order (as `kgv seed demo`), twice;
// the Kassier then finds the current year's insurances (on the Zahlungsvorschreibung too) and manual
// receivables in every state: paid by bank and in cash through allocated Kassa entries, partly paid,
// overdue with a level-1 reminder, not yet due, and an overpayment kept as the member's credit.

let app: TestApp;
let kassier: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app.stop());

const seed = () =>
  app.services.db.transaction(async (trx) => {
    for (const m of modules) await m.seedDemo?.(app.services, trx);
  });

describe('demo Rechnungsprüfung', () => {
  it('has insurances, manual receivables paid, partly paid, reminded and a credit, also when seeded twice', async () => {
    await seed();
    await seed();
    const jahr = Number(todayIso().slice(0, 4));

    const versicherungen = await kassier.get<Versicherung[]>('Rechnungspruefung/GetVersicherungen', { jahr });
    expect(versicherungen.status, versicherungen.text).toBe(200);
    expect(versicherungen.body).toHaveLength(30);
    expect(versicherungen.body.every((v) => v.praemieCent > 0 && v.parzelleNummer !== '')).toBe(true);
    const pa = await app.services.db('pachtabrechnungen').where({ jahr }).first('id');
    const zv = await kassier.get<ZvEintrag[]>('Abrechnung/ZvData', { pachtabrechnungID: pa!.id, date: todayIso() });
    expect(zv.status, zv.text).toBe(200);
    const versichert = zv.body
      .flatMap((e) => e.parzellen.flatMap((p) => p.positionen))
      .filter((p) => p.art === 'versicherung');
    expect(versichert.length).toBeGreaterThan(0);

    const res = await kassier.get<Rechnung[]>('Rechnungspruefung/GetRechnungen', { Art: 'manuell', IsOffen: false });
    expect(res.status, res.text).toBe(200);
    const r = res.body;
    expect(r).toHaveLength(6);
    expect(r.map((x) => x.status).sort()).toEqual(['bezahlt', 'bezahlt', 'bezahlt', 'offen', 'offen', 'teilbezahlt']);
    expect(r.map((x) => x.positionen[0]!.text)).toEqual(
      expect.arrayContaining(['Schlüssel Gartentor (Ersatz)', 'Stromanteil Vereinsleitung', 'Reparatur Wasseruhr']),
    );
    const teil = r.find((x) => x.status === 'teilbezahlt')!;
    expect([teil.bezahltCent, teil.offenCent]).toEqual([2_000, 2_860]);

    // One overdue with a Zahlungserinnerung (level 1: no fee), one not yet due.
    const gemahnt = r.filter((x) => x.mahnstufe > 0);
    expect(gemahnt.map((x) => [x.mahnstufe, x.betragCent, x.letzteMahnungAm])).toEqual([[1, 6_240, todayIso()]]);
    expect(gemahnt[0]!.ueberfaelligCent).toBe(6_240);
    expect(r.filter((x) => x.status === 'offen' && x.ueberfaelligCent === 0)).toHaveLength(1);

    // Each payment is a Kassa entry allocated to its receivable; the overpayment of 40,00 € on 25,00 € is a credit of 15,00 €.
    const zuordnungen = await app.services.db('zuordnungen').select();
    expect(zuordnungen.every((z) => z.kassabuch_id !== null)).toBe(true);
    const guthaben = zuordnungen.filter((z) => z.art === 'guthaben');
    expect(guthaben.map((z) => Number(z.betrag_cent))).toEqual([1_500]);
    const credit = await kassier.get<{ guthabenCent: number }>('Rechnungspruefung/Guthaben', {
      adresseId: Number(guthaben[0]!.adresse_id),
    });
    expect(credit.status, credit.text).toBe(200);
    expect(credit.body.guthabenCent).toBe(1_500);
  });
});
