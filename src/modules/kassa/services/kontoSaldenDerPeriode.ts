import type { Db } from '../../../platform/db/db';
import type { KontoArt } from '../schema/konten';
import { type KontoBuchung, type KontoSaldo, kontoSalden } from './saldo';
import { istWahr } from './standardPeriode';

// The balances of every account of one period from the database: opening balances
// (konto_anfangsbestaende, missing = 0) and the period's entries through saldo.ts `kontoSalden`.
// GetNewKassaabrechnung (carry-over) and the reports use it; GetKonten sums with GROUP BY itself
// (konten.ts), and tests/api/kassaSalden.test.ts checks that both agree.

export type KontoSaldoZeile = KontoSaldo & { name: string; art: KontoArt; aktiv: boolean; anzahlBuchungen: number };
export type KontoSaldenDerPeriode = {
  konten: KontoSaldoZeile[];
  summe: Omit<KontoSaldo, 'kontoId'>;
  /** The period's entries the balances were summed from (the reports check their printed rows against them). */
  buchungen: KontoBuchung[];
};

/**
 * Per account (by name): opening, income, expenses (positive), closing and the number of entries of
 * the period. Listed are the accounts that are active, have an opening balance row in the period or
 * entries in it (an account closed years ago does not clutter a report); `alle` lists every account.
 */
export async function kontoSaldenDerPeriode(
  db: Db,
  periodeId: number,
  opts: { alle?: boolean } = {},
): Promise<KontoSaldenDerPeriode> {
  const [konten, anfang, buchungen] = await Promise.all([
    db('konten').select('id', 'name', 'art', 'aktiv'),
    db('konto_anfangsbestaende').where({ kassaabrechnung_id: periodeId }).select('konto_id', 'anfangsbestand_cent'),
    db('kassabuch').where({ kassaabrechnung_id: periodeId }).select('konto_id', 'betrag_cent'),
  ]);
  const anfangJe = new Map(anfang.map((r) => [Number(r.konto_id), Number(r.anfangsbestand_cent)]));
  const anzahlJe = new Map<number, number>();
  for (const b of buchungen) anzahlJe.set(Number(b.konto_id), (anzahlJe.get(Number(b.konto_id)) ?? 0) + 1);
  const gelistet = konten
    .filter((k) => opts.alle || istWahr(k.aktiv) || anfangJe.has(Number(k.id)) || anzahlJe.has(Number(k.id)))
    .sort((a, b) => a.name.localeCompare(b.name, 'de-AT') || Number(a.id) - Number(b.id));
  const gelisteteIds = new Set(gelistet.map((k) => Number(k.id)));
  const gelisteteBuchungen = buchungen
    .filter((b) => gelisteteIds.has(Number(b.konto_id)))
    .map((b) => ({ kontoId: Number(b.konto_id), betragCent: Number(b.betrag_cent) }));
  const salden = kontoSalden(
    gelistet.map((k) => ({ id: Number(k.id), anfangsbestandCent: anfangJe.get(Number(k.id)) ?? 0 })),
    gelisteteBuchungen,
  );
  return {
    konten: salden.konten.map((s, i) => {
      const k = gelistet[i]!;
      return {
        ...s,
        name: k.name,
        art: k.art as KontoArt,
        aktiv: istWahr(k.aktiv),
        anzahlBuchungen: anzahlJe.get(s.kontoId) ?? 0,
      };
    }),
    summe: salden.summe,
    buchungen: gelisteteBuchungen,
  };
}
