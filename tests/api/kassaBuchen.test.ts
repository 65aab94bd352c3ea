import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucheEintraege, type NeueBuchung } from '../../src/modules/kassa/services/buchen';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// The one booking function every writer uses (UpdateKassabuch, the bank import, later the billing
// runs): gapless Belegnummern per period also when many book at once, tax per rate, nothing
// written when one entry is refused.

let app: TestApp;
let k: KassaBeispiel;
const actor = systemActor('Test');

beforeAll(async () => {
  app = await startTestApp();
  k = await seedKassaBeispiel(app.services.db, { jahre: [2026, 2025] });
});
afterAll(() => app.stop());

const eintrag = (over: Partial<NeueBuchung> = {}): NeueBuchung => ({
  datum: '2026-03-01',
  betragCent: 12_000,
  kontoId: k.bank,
  buchungskontoId: k.bk.pacht,
  text: 'Pacht',
  ...over,
});

describe('bucheEintraege', () => {
  it('numbers 1, 2, 3 … without a gap under 20 parallel bookings', async () => {
    const db = app.services.db;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inTransaction(db, (trx) => bucheEintraege(trx, actor, [eintrag({ text: `Parallel ${i}` })])),
      ),
    );
    const nummern = results.map((r) => Number(r[0]?.belegnummer)).sort((a, b) => a - b);
    expect(nummern).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const stored = await db('kassabuch').where({ kassaabrechnung_id: k.perioden[2026] }).orderBy('belegnummer');
    expect(stored.map((r) => Number(r.belegnummer))).toEqual(nummern);
  });

  it('computes tax and net from the booking account’s rate or the given one', async () => {
    const [zehn, hundert, zwanzig] = await inTransaction(app.services.db, (trx) =>
      bucheEintraege(trx, actor, [
        eintrag({ betragCent: 11_000 }),
        eintrag({ betragCent: -5_000, buchungskontoId: k.bk.finanzamt, text: 'USt' }),
        eintrag({ betragCent: -1_001, buchungskontoId: k.bk.material, text: 'Schrauben' }),
      ]),
    );
    expect([zehn?.steuer_cent, zehn?.netto_cent]).toEqual([1_000, 10_000]);
    expect([hundert?.steuer_cent, hundert?.netto_cent]).toEqual([-5_000, 0]);
    // −10.01 € at 20 %: tax −1.668… → −1.67 (half away from zero), net −8.34.
    expect([zwanzig?.steuer_cent, zwanzig?.netto_cent, zwanzig?.steuersatz]).toEqual([-167, -834, 20]);
  });

  it('writes nothing and gives no number away when one entry is refused', async () => {
    const db = app.services.db;
    const before = await db('kassabuch').count({ n: '*' }).first();
    const zaehler = await db('kassaabrechnungen').where({ id: k.perioden[2026] }).first('naechste_belegnummer');
    await expect(
      inTransaction(db, (trx) =>
        bucheEintraege(trx, actor, [eintrag(), eintrag({ text: '  ' }), eintrag({ datum: '2031-01-01' })]),
      ),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      inTransaction(db, (trx) => bucheEintraege(trx, actor, [eintrag(), eintrag({ text: '' })])),
    ).rejects.toMatchObject({ status: 422, errors: { '[1].text': [expect.any(String)] } });
    expect(await db('kassabuch').count({ n: '*' }).first()).toEqual(before);
    expect(await db('kassaabrechnungen').where({ id: k.perioden[2026] }).first('naechste_belegnummer')).toEqual(
      zaehler,
    );
  });

  it('refuses a closed period with 409 and a booking account of another period with 422', async () => {
    const db = app.services.db;
    await expect(
      inTransaction(db, (trx) => bucheEintraege(trx, actor, [eintrag({ datum: '2025-05-05' })])),
    ).rejects.toMatchObject({ status: 422, errors: { buchungskontoId: [expect.stringContaining('Pachtzins')] } });
    await db('kassaabrechnungen').where({ id: k.perioden[2025] }).update({ geschlossen: true });
    await expect(
      inTransaction(db, (trx) => bucheEintraege(trx, actor, [eintrag({ datum: '2025-05-05' })])),
    ).rejects.toMatchObject({ status: 409, code: 'kassaabrechnung_geschlossen' });
  });
});
