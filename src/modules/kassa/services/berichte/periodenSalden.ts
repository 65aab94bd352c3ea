import type { Db } from '../../../../platform/db/db';
import type { KassaabrechnungRow } from '../../tables';
import { kontoSaldenDerPeriode } from '../kontoSaldenDerPeriode';
import {
  type KontoAnfang,
  type KontoBuchung,
  type KontoSaldo,
  kontoSalden,
  pruefeSalden,
  pruefeUebertrag,
  type SaldoPruefung,
} from '../saldo';

// The account balances of a period from the database, and their two checks (the Kassabericht's
// integrity line and `kgv kassa verify`): the rows the report prints come from the database's own
// sums (GROUP BY) and are checked against the single entries (saldo.ts pruefeSalden), and every
// opening balance against the previous period's closing balance (pruefeUebertrag).

export type PeriodenKonto = KontoAnfang & { name: string };

export type PeriodenSalden = {
  konten: PeriodenKonto[];
  /** The printed rows: opening + the database's sums per account, in the order of `konten` (by name). */
  zeilen: (KontoSaldo & { name: string })[];
  buchungen: KontoBuchung[];
};

/**
 * The accounts of a period as GetKonten lists them (kontoSaldenDerPeriode: active ones, those with an
 * opening balance for it and those with entries in it; by name), so the report and the Konten screen
 * show the same accounts (a missing opening-balance row opens at 0), with the single entries it read.
 */
export async function periodenSalden(db: Db, periodeId: number): Promise<PeriodenSalden> {
  const periode = await kontoSaldenDerPeriode(db, periodeId);
  const konten = periode.konten.map((k) => ({ id: k.kontoId, name: k.name, anfangsbestandCent: k.anfangCent }));
  const { buchungen } = periode;
  // The database's own sums (SUM answers DECIMAL strings on MySQL).
  const summen = await db('kassabuch')
    .where({ kassaabrechnung_id: periodeId })
    .groupBy('konto_id')
    .select(
      'konto_id',
      db.raw('SUM(CASE WHEN betrag_cent > 0 THEN betrag_cent ELSE 0 END) as einnahmen'),
      db.raw('SUM(CASE WHEN betrag_cent < 0 THEN -betrag_cent ELSE 0 END) as ausgaben'),
    );
  const summeVon = new Map(
    (summen as unknown as { konto_id: unknown; einnahmen: unknown; ausgaben: unknown }[]).map((r) => [
      Number(r.konto_id),
      { einnahmen: Number(r.einnahmen ?? 0), ausgaben: Number(r.ausgaben ?? 0) },
    ]),
  );
  const zeilen = konten.map((k) => {
    const s = summeVon.get(k.id) ?? { einnahmen: 0, ausgaben: 0 };
    return {
      kontoId: k.id,
      name: k.name,
      anfangCent: k.anfangsbestandCent,
      einnahmenCent: s.einnahmen,
      ausgabenCent: s.ausgaben,
      endeCent: k.anfangsbestandCent + s.einnahmen - s.ausgaben,
    };
  });
  return { konten, zeilen, buchungen };
}

/** The period before this one (the newest ending before it starts), if any. */
export async function vorperiode(db: Db, periode: KassaabrechnungRow): Promise<KassaabrechnungRow | undefined> {
  return db('kassaabrechnungen').where('bis', '<', periode.von).orderBy('bis', 'desc').first();
}

export type PeriodenPruefung = {
  salden: SaldoPruefung;
  uebertrag: { kontoId: number; endeVorperiodeCent: number; anfangCent: number }[];
};

/** Both balance checks of a period (`salden` from the printed rows, `uebertrag` against the previous period). */
export async function pruefePeriode(
  db: Db,
  periode: KassaabrechnungRow,
  salden?: PeriodenSalden,
): Promise<PeriodenPruefung> {
  const eigene = salden ?? (await periodenSalden(db, Number(periode.id)));
  const vor = await vorperiode(db, periode);
  let uebertrag: PeriodenPruefung['uebertrag'] = [];
  if (vor) {
    const vorSalden = await periodenSalden(db, Number(vor.id));
    uebertrag = pruefeUebertrag(kontoSalden(vorSalden.konten, vorSalden.buchungen).konten, eigene.konten);
  }
  return { salden: pruefeSalden(eigene.zeilen, eigene.konten, eigene.buchungen), uebertrag };
}
