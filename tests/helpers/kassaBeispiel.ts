import { klaerungskontoId } from '../../src/modules/kassa/services/klaerung';
import { type Db, nowDb } from '../../src/platform/db/db';

// A small cash book to start Kassa tests from, written straight into the tables (the calls that
// create these records have their own tests). One period per year given, a bank account and the
// cash box with opening balances, booking accounts for income and expenses at 0/10/20/100 %, the
// clearing account, two cost centres.

export type KassaBeispiel = {
  perioden: Record<number, number>;
  bank: number;
  kassa: number;
  /** Booking accounts of the first year by short name. */
  bk: {
    mitgliedsbeitrag: number;
    pacht: number;
    wasser: number;
    material: number;
    strom: number;
    finanzamt: number;
    klaerung: number;
  };
  ks: { vereinshaus: number; wasser: number };
};

export async function seedKassaBeispiel(
  db: Db,
  {
    jahre = [2026],
    bankAnfangCent = 1_000_000,
    kassaAnfangCent = 50_000,
  }: { jahre?: number[]; bankAnfangCent?: number; kassaAnfangCent?: number } = {},
): Promise<KassaBeispiel> {
  const now = nowDb();
  const stamp = { created_at: now, updated_at: now };
  const perioden: Record<number, number> = {};
  for (const jahr of jahre) {
    await db('kassaabrechnungen').insert({
      jahr,
      bezeichnung: `Kassa ${jahr}`,
      von: `${jahr}-01-01`,
      bis: `${jahr}-12-31`,
      geschlossen: false,
      naechste_belegnummer: 1,
      version: 1,
      ...stamp,
    });
    perioden[jahr] = Number((await db('kassaabrechnungen').where({ jahr }).first('id'))?.id);
  }
  const konto = async (name: string, art: string, iban: string | null) => {
    await db('konten').insert({ name, art, iban, bic: null, aktiv: true, version: 1, ...stamp });
    return Number((await db('konten').where({ name }).first('id'))?.id);
  };
  const bank = await konto('Girokonto Erste', 'bank', 'AT611904300234573201');
  const kassa = await konto('Handkassa', 'kassa', null);
  const erstes = perioden[jahre[0]!]!;
  await db('konto_anfangsbestaende').insert([
    { konto_id: bank, kassaabrechnung_id: erstes, anfangsbestand_cent: bankAnfangCent },
    { konto_id: kassa, kassaabrechnung_id: erstes, anfangsbestand_cent: kassaAnfangCent },
  ]);
  const bks: KassaBeispiel['bk'] = {
    mitgliedsbeitrag: 0,
    pacht: 0,
    wasser: 0,
    material: 0,
    strom: 0,
    finanzamt: 0,
    klaerung: 0,
  };
  for (const [key, nummer, name, art, steuersatz] of [
    ['mitgliedsbeitrag', '4000', 'Mitgliedsbeiträge', 'einnahme', 0],
    ['pacht', '4100', 'Pachtzins', 'einnahme', 10],
    ['wasser', '4200', 'Wassergeld', 'einnahme', 10],
    ['material', '7000', 'Material', 'ausgabe', 20],
    ['strom', '7100', 'Strom', 'ausgabe', 20],
    ['finanzamt', '7900', 'Finanzamt', 'ausgabe', 100],
  ] as const) {
    await db('buchungskonten').insert({
      kassaabrechnung_id: erstes,
      nummer,
      name,
      art,
      steuersatz,
      parzellenspezifisch: false,
      jahresbetrag_cent: 0,
      geloescht: false,
      klaerung: false,
      version: 1,
      ...stamp,
    });
    bks[key] = Number((await db('buchungskonten').where({ kassaabrechnung_id: erstes, nummer }).first('id'))?.id);
  }
  bks.klaerung = await klaerungskontoId(db, erstes);
  const ks = { vereinshaus: 0, wasser: 0 };
  for (const [key, nummer, name] of [
    ['vereinshaus', '1', 'Vereinshaus'],
    ['wasser', '2', 'Wasserleitung'],
  ] as const) {
    await db('kostenstellen').insert({ kassaabrechnung_id: erstes, nummer, name, version: 1, ...stamp });
    ks[key] = Number((await db('kostenstellen').where({ kassaabrechnung_id: erstes, nummer }).first('id'))?.id);
  }
  return { perioden, bank, kassa, bk: bks, ks };
}
