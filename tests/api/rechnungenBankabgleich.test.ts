import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rechnung } from '../../src/modules/rechnungspruefung/schema/rechnung';
import type { Guthaben, RechnungenKassabuch } from '../../src/modules/rechnungspruefung/schema/zahlungen';
import type { ZuKlaerenZeile } from '../../src/modules/rechnungspruefung/schema/zuKlaeren';
import { legeRechnungenAn } from '../../src/modules/rechnungspruefung/services';
import { formatRf, rfFromNumber } from '../../src/platform/payment/rfReference';
import type { ApiClient } from '../helpers/apiClient';
import { buildGruppe } from '../helpers/factories';
import { generateCamt053 } from '../helpers/generateCamt053';
import { type RechnungenBeispiel, seedRechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { ZV_DATUM } from '../helpers/zvBeispiel';
import { importiereAuszug } from './rechnungenBankabgleichHelfer';

// The payment story: the booked Zahlungsvorschreibung 2026 paid by a camt.053 statement.
// Credits carrying the RF reference pay their receivable (exact: bezahlt, less: teilbezahlt, more:
// the rest becomes Huber's credit); a number in the text and a known IBAN with the exact amount match
// too; an unknown payer waits on "zu klären" until the Kassier allocates it by hand. The next booked
// run offsets the credit.

let app: TestApp;
let kassier: ApiClient;
let rb: RechnungenBeispiel;
type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

const GANZ = 155_344;
const nr = (n: number) => `2026-${String(n).padStart(5, '0')}`;
const rechnungNr = (n: number) => rb.lauf.rechnungen.find((r) => r.nummer === nr(n))!;
const IBAN_BEKANNT = 'AT483200000012345864';

beforeAll(async () => {
  app = await startTestApp();
  kassier = await app.signedIn(['Kassier']);
  rb = await seedRechnungenBeispiel(app.services);
  // The payer of 2026-00004 has its IBAN in Stammdaten.
  await app.services
    .db('adressen')
    .where({ id: rechnungNr(4).adresseId })
    .update({ iban: 'AT48 3200 0000 1234 5864' });
});
afterAll(() => app?.stop());

const rechnung = async (id: number) =>
  (
    await kassier.get<Rechnung & { zahlungen: { betragCent: number; quelle: string }[] }>(
      'Rechnungspruefung/GetRechnung',
      { id },
    )
  ).body;
const status = async (id: number) => {
  const [r] = (await app.services.db('rechnungen').where({ id }).select('betrag_cent')) as { betrag_cent: number }[];
  const paid = await app.services
    .db('zuordnungen')
    .where({ rechnung_id: id, art: 'zahlung' })
    .sum({ s: 'betrag_cent' });
  const bezahlt = Number(paid[0]?.s ?? 0);
  const betrag = Number(r?.betrag_cent);
  return { bezahlt, offen: betrag - bezahlt };
};

const importiere = (xml: string) => importiereAuszug(kassier, rb.kontoId, xml);

const eintragMitText = async (text: string) => {
  const row = await app.services.db('kassabuch').where('text', 'like', `%${text}%`).first('id');
  return Number(row?.id);
};
const kontoNummer = async (kassabuchId: number) =>
  String(
    (
      await app.services
        .db('kassabuch as k')
        .join('buchungskonten as b', 'b.id', 'k.buchungskonto_id')
        .where('k.id', kassabuchId)
        .first('b.nummer')
    )?.nummer,
  );

describe('bank import with the matcher', () => {
  it('allocates sure matches, leaves the unknown payer on „zu klären“', async () => {
    const huber = rb.huberRechnung;
    const xml = generateCamt053({
      eintraege: 0,
      von: '2026-04-02',
      anfangCent: 0,
      posten: [
        // exact payment by reference (spaces as printed on the slip)
        { betragCent: GANZ, referenz: rfFromNumber(nr(1)), name: 'Gärtner Eins', text: 'Jahresvorschreibung' },
        // partial payment by reference
        { betragCent: 50_000, referenz: rfFromNumber(nr(2)), name: 'Gärtner Zwei' },
        // Huber pays 1.500,00 € instead of 1.397,79 €: 102,21 € credit
        { betragCent: 150_000, referenz: rfFromNumber(huber.nummer), name: 'Huber Maria' },
        // the receivable number in the text, no reference
        { betragCent: GANZ, text: `Pacht Rechnung ${nr(3)} danke`, name: 'Gärtner Drei' },
        // known IBAN with the exact open amount
        { betragCent: GANZ, text: 'Garten', name: 'Jemand', iban: IBAN_BEKANNT },
        // an unknown payer
        { betragCent: 5_000, text: 'Spende Sommerfest', name: 'Unbekannt Franz', iban: 'AT026000000001349870' },
        // an expense: not a payment
        { betragCent: -12_000, text: 'Rasenmäher Service', name: 'Werkstatt' },
      ],
    });
    const res = await importiere(xml);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // What the import dialog reports: five credits allocated, one left to clear.
    expect(res.body).toMatchObject({ importiert: 7, zugeordnet: 5, zuKlaeren: 1 });

    expect(await status(rechnungNr(1).id)).toEqual({ bezahlt: GANZ, offen: 0 });
    expect(await status(rechnungNr(2).id)).toEqual({ bezahlt: 50_000, offen: GANZ - 50_000 });
    expect(await status(huber.id)).toEqual({ bezahlt: huber.betragCent, offen: 0 });
    expect(await status(rechnungNr(3).id)).toEqual({ bezahlt: GANZ, offen: 0 });
    expect(await status(rechnungNr(4).id)).toEqual({ bezahlt: GANZ, offen: 0 });

    const r1 = await rechnung(rechnungNr(1).id);
    expect(r1).toMatchObject({ status: 'bezahlt', offenCent: 0 });
    expect(r1.zahlungen.map((z) => [z.betragCent, z.quelle])).toEqual([[GANZ, 'bank']]);
    expect((await rechnung(rechnungNr(2).id)).status).toBe('teilbezahlt');

    // The overpayment is Huber's credit.
    const g = await kassier.get<Guthaben>('Rechnungspruefung/Guthaben', { adresseId: rb.huber });
    expect(g.body).toMatchObject({ guthabenCent: 150_000 - huber.betragCent });
    expect(g.body.posten).toEqual([expect.objectContaining({ art: 'ueberzahlung', betragCent: 10_221 })]);

    // Matched entries left the clearing account; the unmatched credit and the expense stay there.
    const spende = await eintragMitText('Spende Sommerfest');
    expect(await kontoNummer(await eintragMitText('Gärtner Eins'))).not.toBe('9999');
    expect(await kontoNummer(await eintragMitText('Huber Maria'))).toBe('9998');
    expect(await kontoNummer(spende)).toBe('9999');

    const zk = await kassier.get<ZuKlaerenZeile[]>('Rechnungspruefung/ZuKlaeren', { kontoId: rb.kontoId });
    expect(zk.status).toBe(200);
    expect(zk.body.map((z) => [z.eintrag.id, z.eintrag.restCent, z.eintrag.bankName])).toEqual([
      [spende, 5_000, 'Unbekannt Franz'],
    ]);
    // The partly paid receivable is not among the suggestions for 50 €: nothing matches by amount or name.
    expect(zk.body[0]?.vorschlaege.every((v) => !v.sicher)).toBe(true);
  });

  it('the unmatched credit is allocated by hand; it leaves the list', async () => {
    const spende = await eintragMitText('Spende Sommerfest');
    const ziel = rechnungNr(5);
    const res = await kassier.post<RechnungenKassabuch>('Rechnungspruefung/Zuordnen', {
      kassabuchId: spende,
      zuordnungen: [{ rechnungId: ziel.id, betragCent: 5_000 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.eintrag).toMatchObject({ zugeordnetCent: 5_000, restCent: 0 });
    expect(res.body.zuordnungen).toEqual([
      expect.objectContaining({
        rechnungId: ziel.id,
        nummer: ziel.nummer,
        betragCent: 5_000,
        art: 'zahlung',
        quelle: 'manuell',
      }),
    ]);
    expect((await rechnung(ziel.id)).status).toBe('teilbezahlt');
    expect(await kontoNummer(spende)).not.toBe('9999');
    expect((await kassier.get<ZuKlaerenZeile[]>('Rechnungspruefung/ZuKlaeren', {})).body).toEqual([]);
    // History on the receivable.
    const h = await app.services.db('history').where({ entity_type: 'Rechnung', entity_id: String(ziel.id) });
    expect(h.map((x) => x.action)).toContain('zahlung');
  });

  it('the next booked run offsets Huber’s credit: the new receivable is paid by it', async () => {
    const nord = (await buildGruppe(app.services, { name: 'Nord' })).id;
    await app.services.db('parzellen').where({ id: rb.parzellen[0] }).update({ gruppe_id: nord });
    const pos = await kassier.post('Abrechnung/UpdateGruppenabrechnung', {
      id: 0,
      pachtabrechnungId: rb.pachtabrechnungId,
      gruppeId: nord,
      text: 'Zaun',
      betragCent: 20_000,
      verteilung: 'gleich',
    });
    expect(pos.status, JSON.stringify(pos.body)).toBe(200);
    const lauf = await kassier.post<{ rechnungen: { id: number; adresseId: number; betragCent: number }[] } & Problem>(
      'Abrechnung/ForderungenEinbuchenGruppenrechnungen',
      { pachtabrechnungId: rb.pachtabrechnungId, datum: ZV_DATUM },
    );
    expect(lauf.status, JSON.stringify(lauf.body)).toBe(200);
    const neu = lauf.body.rechnungen.find((r) => r.adresseId === rb.huber)!;
    expect(neu.betragCent).toBe(20_000);
    // 102,21 € of the 200,00 € are paid by the credit.
    const r = await rechnung(neu.id);
    expect(r).toMatchObject({ bezahltCent: 10_221, offenCent: 20_000 - 10_221, status: 'teilbezahlt' });
    expect(r.zahlungen.map((z) => [z.betragCent, z.quelle])).toEqual([[10_221, 'verrechnung']]);
    const g = await kassier.get<Guthaben>('Rechnungspruefung/Guthaben', { adresseId: rb.huber });
    expect(g.body).toEqual({ adresseId: rb.huber, guthabenCent: 0, posten: [] });

    // The booked letter shows the offset and asks for the rest (slip and QR code for 97,79 €).
    const pdf = await kassier.get('Abrechnung/Gruppenrechnungen', {
      pachtabrechnungID: rb.pachtabrechnungId,
      date: ZV_DATUM,
      format: 'pdf',
    });
    expect(pdf.status).toBe(200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kgv-guthaben-')), 'brief.pdf');
    writeFileSync(file, pdf.buffer);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
    expect(text).toMatch(
      /abzüglich Guthaben\s+-\s?€ 102,21|abzüglich Guthaben\s+€ -102,21|abzüglich Guthaben\s+-102,21/,
    );
    expect(text).toMatch(/zu bezahlen\s+€ 97,79/);
    expect(text).toContain('Bitte überweisen Sie € 97,79');
  });

  it('one payment for several receivables: the referenced one, then the address’s other open ones oldest first, the rest as credit; an RF typed into the text counts', async () => {
    const adresseId = rechnungNr(7).adresseId;
    const [schluessel] = await app.services.db.transaction((trx) =>
      legeRechnungenAn(trx, [
        {
          art: 'manuell',
          adresseId,
          adresseName: 'Gärtner7 Anna',
          datum: '2026-05-01',
          faelligAm: '2026-05-31',
          positionen: [
            {
              parzelleId: null,
              parzelleNummer: '',
              art: 'manuell',
              text: 'Schlüssel Gartentor',
              betragCent: 2_500,
              steuersatz: 0,
              buchungskontoId: null,
            },
          ],
        },
      ]),
    );
    const xml = generateCamt053({
      eintraege: 0,
      von: '2026-05-10',
      kennung: 'MEHRERE',
      anfangCent: 0,
      posten: [
        // The reference typed by hand into the text, in groups of four.
        {
          betragCent: 2_500 + GANZ + 700,
          text: `Schlüssel und Pacht ${formatRf(schluessel!.zahlungsreferenz)}`,
          name: 'Gärtner7 Anna',
        },
      ],
    });
    const res = await importiere(xml);
    expect(res.body).toMatchObject({ importiert: 1, zugeordnet: 1, zuKlaeren: 0 });
    const id = await eintragMitText('Schlüssel und Pacht');
    const k = await kassier.get<RechnungenKassabuch>('Rechnungspruefung/GetRechnungenKassabuch', { kassabuchID: id });
    expect(k.body.zuordnungen.map((z) => [z.nummer, z.betragCent, z.art, z.quelle])).toEqual([
      [schluessel!.nummer, 2_500, 'zahlung', 'bank'],
      [nr(7), GANZ, 'zahlung', 'bank'],
      [null, 700, 'guthaben', 'bank'],
    ]);
    expect(k.body.eintrag).toMatchObject({ restCent: 0, buchungskontoNummer: '9998' });
    const g = await kassier.get<Guthaben>('Rechnungspruefung/Guthaben', { adresseId });
    expect(g.body.guthabenCent).toBe(700);
  });

  it('suggestions for an unclear credit: same open amount, similar name; OhneForderung takes it off the list', async () => {
    const xml = generateCamt053({
      eintraege: 0,
      von: '2026-05-12',
      kennung: 'UNKLAR',
      anfangCent: 0,
      posten: [{ betragCent: GANZ, text: 'Pacht', name: 'Gärtner8 Hans', iban: 'AT131490022010010999' }],
    });
    expect((await importiere(xml)).body).toMatchObject({ zugeordnet: 0, zuKlaeren: 1 });
    const zk = await kassier.get<ZuKlaerenZeile[]>('Rechnungspruefung/ZuKlaeren', { von: '2026-05-12' });
    expect(zk.body).toHaveLength(1);
    const [erster] = zk.body[0]!.vorschlaege;
    // Gärtner8's receivable: name and amount → best; others only by amount.
    expect(erster).toMatchObject({ grund: 'name', sicher: false, betragCent: GANZ });
    expect(erster?.rechnung.nummer).toBe(nr(8));
    expect(zk.body[0]!.vorschlaege.slice(1).every((v) => v.grund === 'betrag' || v.grund === 'name')).toBe(true);
    await kassier.post('Rechnungspruefung/OhneForderung', { kassabuchId: zk.body[0]!.eintrag.id, ohneForderung: true });
    expect((await kassier.get<ZuKlaerenZeile[]>('Rechnungspruefung/ZuKlaeren', { von: '2026-05-12' })).body).toEqual(
      [],
    );
  });
});
