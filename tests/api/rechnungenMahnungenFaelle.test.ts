import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RB_FAELLIG_AM } from '../helpers/rechnungenBeispiel';
import { type MahnungenTest, qrCodes, startMahnungenTest, text } from './rechnungenMahnungenHelfer';

// The single reminder letter (GET Mahnungen) beyond the levels (rechnungenMahnungen.test.ts): a part
// payment shows as paid and the slip asks for the rest; the preview writes nothing; a reminder stop,
// a receivable not overdue, an unknown receivable and a bad date are refused.

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

describe('GET Rechnungspruefung/Mahnungen: what the letter asks for', () => {
  it('a part payment shows as paid and the slip asks for the open amount only', async () => {
    const r = rechnung(1);
    await zahle(r.id, 55_344);
    const res = await mahne(r.id, '2026-04-20');
    expect(res.status).toBe(200);
    const t = await text(res.buffer);
    expect(t).toContain('abzüglich bereits bezahlt -€ 553,44');
    expect(t).toContain('Offener Betrag € 1.000,00');
    expect(t).toContain('Betrag € 1.000,00');
    // The slip's EPC QR code pays exactly the open amount with the receivable's RF reference.
    const [qr] = await qrCodes(res.buffer);
    const felder = qr!.split('\n');
    expect(felder[0]).toBe('BCD');
    expect(felder[7]).toBe('EUR1000.00');
    expect(felder[9]).toBe(r.zahlungsreferenz.replace(/\s/g, ''));
  });

  it('the preview (vorschau) prints a draft with what it would charge and writes nothing', async () => {
    const r = rechnung(2);
    const vorher = await detail(r.id);
    const res = await mahne(r.id, '2026-05-15', { vorschau: true, calc: true });
    expect(res.status).toBe(200);
    const t = await text(res.buffer);
    expect(t).toContain('ENTWURF');
    expect(t).toContain('Zahlungserinnerung');
    expect(t).toContain('Verzugszinsen 4 % p. a. für 45 Tage');
    const nachher = await detail(r.id);
    expect(nachher.mahnstufe).toBe(0);
    expect(nachher.betragCent).toBe(vorher.betragCent);
    expect(nachher.mahnungen).toEqual([]);
    // the next level's draft names the fee as the reminder will book it
    await mt.app.services.db('rechnungen').where({ id: r.id }).update({ mahnstufe: 1 });
    const stufe2 = await text((await mahne(r.id, '2026-05-15', { vorschau: true })).buffer);
    expect(stufe2).toContain('Mahngebühr (Mahnung vom 15.05.2026) € 7,50');
    await mt.app.services.db('rechnungen').where({ id: r.id }).update({ mahnstufe: 0 });
  });
});

describe('GET Rechnungspruefung/Mahnungen: refusals', () => {
  it('a reminder stop until a day on or after the date answers 409 mahnsperre; the day after it reminds', async () => {
    const r = rechnung(3);
    await mt.app.services.db('rechnungen').where({ id: r.id }).update({ mahnsperre_bis: '2026-05-31' });
    const res = await mahne(r.id, '2026-05-31');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'mahnsperre' });
    expect((res.body as { title: string }).title).toContain('Mahnsperre bis 31.05.2026');
    expect((await detail(r.id)).mahnstufe).toBe(0);
    expect((await mahne(r.id, '2026-06-01')).status).toBe(200);
  });

  it('not overdue on the date (due that very day, or paid) answers 409 nicht_faellig', async () => {
    const r = rechnung(4);
    const amFaelligkeitstag = await mahne(r.id, RB_FAELLIG_AM);
    expect(amFaelligkeitstag.status).toBe(409);
    expect(amFaelligkeitstag.body).toMatchObject({ code: 'nicht_faellig' });
    await zahle(r.id, r.betragCent);
    expect((await mahne(r.id, '2026-05-01')).body).toMatchObject({ code: 'nicht_faellig' });
    expect((await detail(r.id)).mahnungen).toEqual([]);
  });

  it('an unknown receivable is 404, a bad date 422 per field', async () => {
    expect((await mahne(999_999, '2026-05-01')).status).toBe(404);
    const res = await mahne(rechnung(5).id, '2026-02-30');
    expect(res.status).toBe(422);
    expect((res.body as { errors: Record<string, string[]> }).errors['query.datum']).toEqual([
      'Dieses Datum gibt es nicht.',
    ]);
  });
});
