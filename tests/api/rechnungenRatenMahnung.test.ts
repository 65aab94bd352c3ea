import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MahnlaufErgebnis,
  MahnlaufVorschau,
  MahnlaufZeile,
} from '../../src/modules/rechnungspruefung/schema/mahnungen';
import { GEBUEHR_2, type MahnungenTest, qrCodes, startMahnungenTest, text } from './rechnungenMahnungenHelfer';

// A reminder of a receivable with an instalment plan asks for what is due on its day — the overdue
// instalment (and what lies beyond the plan, e.g. earlier interest) plus its own fee and interest —
// not for the whole open amount: the letter's „Fällig seit“ is the unpaid instalment's due date, the
// slip and its EPC QR code ask for the due part, and the later instalments are named as staying due
// as agreed. The reprint (MahnungenDruck) shows the same letter, from the amount the reminder stored.
// € 1.553,44 in three instalments: € 517,82 on 30.04., € 517,81 on 31.05. and on 30.06.2026; the
// first is paid.

let mt: MahnungenTest;
const rechnung = (i: number) => mt.rb.lauf.rechnungen[i]!;

/** The amount field of the first EPC QR code in the PDF (line 8, e.g. „EUR518.38“). */
async function qrBetrag(pdf: Buffer): Promise<string> {
  const [qr] = await qrCodes(pdf);
  expect(qr?.split('\n')[0]).toBe('BCD');
  return qr!.split('\n')[7]!;
}

const druck = (ids: number[]) =>
  mt.kassier.request('GET', 'Rechnungspruefung/MahnungenDruck', { query: { ids: ids.join(',') } });

beforeAll(async () => {
  mt = await startMahnungenTest();
});
afterAll(async () => {
  await mt.app.stop();
});

describe('Reminders of a receivable with instalments', () => {
  it('ask for the overdue instalment with the fee and interest only, name the later instalments, and print again the same', async () => {
    const r = rechnung(0);
    expect(r.betragCent).toBe(155_344);
    const plan = await mt.kassier.post('Rechnungspruefung/UpdateRaten', {
      rechnungId: r.id,
      raten: [
        { faelligAm: '2026-04-30', betragCent: 51_782 },
        { faelligAm: '2026-05-31', betragCent: 51_781 },
        { faelligAm: '2026-06-30', betragCent: 51_781 },
      ],
    });
    expect(plan.status).toBe(200);
    await mt.zahle(r.id, 51_782);

    // Zahlungserinnerung on 10.06.2026 with interest: the second instalment since 31.05.,
    // 51,781 × 4 % × 10/365 = 56.75 → € 0,57; due now € 517,81 + € 0,57 = € 518,38 of € 1.036,19 open.
    const erste = await mt.mahne(r.id, '2026-06-10', { calc: true });
    expect(erste.status).toBe(200);
    const t1 = await text(erste.buffer);
    expect(t1).toContain('Fällig seit 31.05.2026');
    expect(t1).not.toContain('31.03.2026');
    expect(t1).toContain('Verzugszinsen 4 % p. a. für 10 Tage (31.05.2026 bis 10.06.2026) auf € 517,81 € 0,57');
    expect(t1).toContain('Offener Betrag € 1.036,19');
    expect(t1).toContain('davon jetzt fällig € 518,38');
    expect(t1).toContain('Bitte überweisen Sie den fälligen Betrag von € 518,38 bis');
    expect(t1).toContain(
      'Die weiteren Raten bleiben wie vereinbart fällig: € 517,81 am 30.06.2026 (zusammen € 517,81).',
    );
    expect(t1).toContain('die vereinbarte Rate unserer Rechnung');
    expect(await qrBetrag(erste.buffer)).toBe('EUR518.38');
    const [m1] = (await mt.detail(r.id)).mahnungen;
    expect(m1).toMatchObject({ stufe: 1, offenCent: 103_619 });

    // The run on 25.06.2026 (15 days later): the instalment and the earlier interest (beyond the plan,
    // due with the receivable) are overdue, € 518,38; the Mahnung adds the fee € 7,50 and interest
    // from 10.06. on the instalment, 51,781 × 4 % × 15/365 = 85.12 → € 0,85: due now € 526,73.
    const vorschau = await mt.kassier.get<MahnlaufVorschau>('Rechnungspruefung/Mahnlauf', {
      datum: '2026-06-25',
      calc: true,
    });
    expect(vorschau.status).toBe(200);
    const zeile = vorschau.body.zeilen.find((z) => z.rechnungId === r.id);
    expect(zeile).toMatchObject<Partial<MahnlaufZeile>>({
      faelligAm: '2026-03-31',
      offenCent: 103_619,
      ueberfaelligCent: 51_838,
      naechsteStufe: 2,
      gebuehrCent: GEBUEHR_2,
      zinsenCent: 85,
      neuOffenCent: 104_454,
      faelligCent: 52_673,
    });
    // receivables without a plan ask for everything open, as before
    for (const z of vorschau.body.zeilen.filter((z) => z.rechnungId !== r.id)) {
      expect(z.faelligCent).toBe(z.neuOffenCent);
    }
    const lauf = await mt.kassier.post<MahnlaufErgebnis>('Rechnungspruefung/Mahnlauf', {
      datum: '2026-06-25',
      calc: true,
      rechnungIds: [r.id],
    });
    expect(lauf.status).toBe(200);
    // the run's sum stays what is open after it; the letter asks for the due part
    expect(lauf.body.summeCent).toBe(104_454);
    const gedruckt = await druck(lauf.body.mahnungIds);
    expect(gedruckt.status).toBe(200);
    const t2 = await text(gedruckt.buffer);
    expect(t2).toContain('Mahngebühr (Mahnung vom 25.06.2026) € 7,50');
    expect(t2).toContain('Fällig seit 31.05.2026');
    expect(t2).toContain('Offener Betrag € 1.044,54');
    expect(t2).toContain('davon jetzt fällig € 526,73');
    expect(t2).toContain(
      'Die weiteren Raten bleiben wie vereinbart fällig: € 517,81 am 30.06.2026 (zusammen € 517,81).',
    );
    expect(await qrBetrag(gedruckt.buffer)).toBe('EUR526.73');

    // A later payment changes neither letter: the first one reprinted is the letter that went out.
    await mt.zahle(r.id, 52_673);
    const nochmal = await druck([m1!.id]);
    expect(await text(nochmal.buffer)).toBe(t1.replace('ENTWURF ', ''));
    expect(await qrBetrag(nochmal.buffer)).toBe('EUR518.38');
    expect(await text((await druck(lauf.body.mahnungIds)).buffer)).toBe(t2);

    // A reminder stored before the amount due was kept (faellig_cent null) asked for everything open.
    await mt.app.services.db('mahnungen').where({ id: m1!.id }).update({ faellig_cent: null });
    const alt = await druck([m1!.id]);
    expect(await text(alt.buffer)).toContain('Bitte überweisen Sie den offenen Betrag von € 1.036,19 bis');
    expect(await qrBetrag(alt.buffer)).toBe('EUR1036.19');
  });
});
