import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZvEintrag } from '../../src/modules/abrechnung/schema/zvData';
import { bucheLauf, gebuchteEintraege, laufStatus } from '../../src/modules/abrechnung/services';
import { systemActor } from '../../src/platform/auth/principal';
import { inTransaction } from '../../src/platform/db/db';
import { isValidRf } from '../../src/platform/payment';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { seedZvBeispiel, type ZvBeispiel } from '../helpers/zvBeispiel';

// The booking core every ForderungenEinbuchen* call shares (services/lauf.ts): a run is booked once,
// receivables get gapless numbers YYYY-NNNNN per year with their RF reference, a failure in the
// middle leaves nothing (not even a number), and the booked letters read back exactly.

let app: TestApp;
let z: ZvBeispiel;
const actor = systemActor('Test');

beforeAll(async () => {
  app = await startTestApp();
  z = await seedZvBeispiel(app.services);
});
afterAll(() => app.stop());

const brief = (adresseId: number, parzelleId: number, nummer: string, betraege: number[]): ZvEintrag => ({
  adresseId,
  name: `Adresse ${adresseId}`,
  anschrift: { anrede: '', titel: '', vorname: '', nachname: '', strasse: '', plz: '', ort: '', land: '' },
  email: '',
  bevorzugtEmail: false,
  parzellen: [
    {
      parzelleId,
      nummer,
      positionen: betraege.map((betragCent, i) => ({
        art: 'verein' as const,
        text: `Position ${i + 1}`,
        betragCent,
        steuersatz: 0,
        buchungskontoId: i === 0 ? z.bk.pacht : z.bk.mitgliedsbeitrag,
      })),
    },
  ],
  summeCent: betraege.reduce((a, b) => a + b, 0),
  faelligAm: '2026-03-31',
  rechnungId: null,
  rechnungsnummer: null,
  zahlungsreferenz: null,
  rechnungen: [],
});

describe('bucheLauf', () => {
  it('leaves nothing behind when the run fails in the middle, not even a number', async () => {
    const eintraege = [brief(z.adressen[1]!, z.parzellen[1]!, '1', [100, 200])];
    await expect(
      inTransaction(app.services.db, async (trx) => {
        await bucheLauf(trx, actor, {
          art: 'Gruppenrechnung',
          pachtabrechnungId: z.pachtabrechnungId,
          datum: '2026-03-01',
          faelligAm: '2026-03-31',
          eintraege,
        });
        throw new Error('Drucker abgestürzt');
      }),
    ).rejects.toThrow('Drucker abgestürzt');
    expect(await app.services.db('rechnungen').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(await app.services.db('abrechnungslaeufe').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(await app.services.db('rechnungsnummern').select()).toEqual([]);
  });

  it('books one receivable per letter, numbered gaplessly with an RF reference, and refuses a second booking', async () => {
    const eintraege = [
      brief(z.adressen[1]!, z.parzellen[1]!, '1', [100, 200]),
      brief(z.adressen[2]!, z.parzellen[2]!, '2', [0]),
      brief(z.adressen[3]!, z.parzellen[3]!, '3', [5000, -1000]),
    ];
    const input = {
      art: 'Zahlungsvorschreibung' as const,
      pachtabrechnungId: z.pachtabrechnungId,
      datum: '2026-03-01',
      faelligAm: '2026-03-31',
      eintraege,
    };
    const antwort = await inTransaction(app.services.db, (trx) => bucheLauf(trx, actor, input));
    expect(antwort.anzahl).toBe(2);
    expect(antwort.summeCent).toBe(4300);
    expect(antwort.rechnungen.map((r) => [r.nummer, r.adresseId, r.betragCent])).toEqual([
      ['2026-00001', z.adressen[1], 300],
      ['2026-00002', z.adressen[3], 4000],
    ]);
    expect(antwort.rechnungen.every((r) => isValidRf(r.zahlungsreferenz))).toBe(true);
    expect(antwort.rechnungen[0]!.zahlungsreferenz).toMatch(/^RF\d\d202600001$/);

    await expect(inTransaction(app.services.db, (trx) => bucheLauf(trx, actor, input))).rejects.toMatchObject({
      status: 409,
      code: 'lauf_bereits_gebucht',
    });
    const status = await laufStatus(app.services.db, {
      art: 'Zahlungsvorschreibung',
      pachtabrechnungId: z.pachtabrechnungId,
    });
    expect(status).toMatchObject({ gebucht: true, anzahl: 2, summeCent: 4300, datum: '2026-03-01' });

    const gelesen = await gebuchteEintraege(app.services.db, antwort.laufId);
    expect(gelesen.map((e) => [e.adresseId, e.summeCent, e.rechnungsnummer])).toEqual([
      [z.adressen[1], 300, '2026-00001'],
      [z.adressen[3], 4000, '2026-00002'],
    ]);
    expect(gelesen[1]!.parzellen[0]!.positionen.map((p) => p.betragCent)).toEqual([5000, -1000]);
  });

  it('numbers two runs booked at the same moment gaplessly, also the first receivables of a year', async () => {
    // Two Wasserrechnung runs (two settlements) are two runs of the same year.
    const lauf = (schluessel: string, von: number) =>
      inTransaction(app.services.db, (trx) =>
        bucheLauf(trx, actor, {
          art: 'Wasserrechnung',
          schluessel,
          pachtabrechnungId: z.pachtabrechnungId,
          datum: '2027-01-10',
          faelligAm: '2027-02-10',
          eintraege: [0, 1, 2].map((i) =>
            brief(z.adressen[von + i]!, z.parzellen[von + i]!, String(von + i), [1000 + i]),
          ),
        }),
      );
    const [a, b] = await Promise.all([lauf('wasserabrechnung:901', 5), lauf('wasserabrechnung:902', 8)]);
    const nummern = [...a.rechnungen, ...b.rechnungen].map((r) => r.nummer).sort();
    expect(nummern).toEqual(['2027-00001', '2027-00002', '2027-00003', '2027-00004', '2027-00005', '2027-00006']);
  });

  it('splits a letter per booking account with rechnungenTeilen, continuing the numbers', async () => {
    const antwort = await inTransaction(app.services.db, (trx) =>
      bucheLauf(trx, actor, {
        art: 'WeitereMitgliedschaft',
        pachtabrechnungId: z.pachtabrechnungId,
        datum: '2026-04-01',
        faelligAm: '2026-04-30',
        rechnungenTeilen: true,
        eintraege: [brief(z.adressen[4]!, z.parzellen[4]!, '4', [700, 800])],
      }),
    );
    expect(antwort.rechnungen.map((r) => [r.nummer, r.betragCent])).toEqual([
      ['2026-00003', 700],
      ['2026-00004', 800],
    ]);
    const [gelesen] = await gebuchteEintraege(app.services.db, antwort.laufId);
    expect(gelesen!.rechnungen.map((r) => r.buchungskontoId)).toEqual([z.bk.pacht, z.bk.mitgliedsbeitrag]);
    expect(gelesen!.summeCent).toBe(1500);
  });
});
