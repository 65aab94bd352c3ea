import { type Db, nowDb } from '../../../platform/db/db';
import { insertInChunks } from '../../../platform/db/insertInChunks';
import { rfFromNumber } from '../../../platform/payment';
import type { RechnungArt, RechnungRow } from '../tables';

// The one way a receivable is created: the billing runs of issue 14 (Zahlungsvorschreibung,
// Gruppenrechnungen, Weitere Mitgliedschaften, Wasserrechnungen) and the manual receivables of issue
// 15. Numbers are `YYYY-NNNNN`, continuous per year of the receivable's date and never reused: the
// year's counter row is read FOR UPDATE in the caller's transaction (MariaDB serves concurrent runs
// one after the other; SQLite writes one transaction at a time), so a rolled-back run gives its
// numbers back and a deleted receivable's number is never given again. The RF reference (ISO 11649)
// is derived from the number, so a payment that carries it finds its receivable.

export type NeueRechnungPosition = {
  parzelleId: number | null;
  parzelleNummer: string;
  /** The position's kind (ZvPositionArt of the billing runs, 'manuell' otherwise). */
  art: string;
  text: string;
  menge?: string | null;
  satz?: string | null;
  betragCent: number;
  steuersatz: number;
  buchungskontoId: number | null;
};

export type NeueRechnung = {
  art: RechnungArt;
  adresseId: number;
  adresseName: string;
  parzelleId?: number | null;
  gruppeId?: number | null;
  pachtabrechnungId?: number | null;
  laufId?: number | null;
  datum: string;
  faelligAm: string;
  notiz?: string | null;
  positionen: readonly NeueRechnungPosition[];
};

export type AngelegteRechnung = {
  id: number;
  nummer: string;
  adresseId: number;
  betragCent: number;
  zahlungsreferenz: string;
};

/** "2026-00017": the year and the running number, five digits (more when a year has more). */
export const rechnungsnummer = (jahr: number, laufnummer: number) => `${jahr}-${String(laufnummer).padStart(5, '0')}`;

/** Reserves `anzahl` consecutive running numbers of `jahr` and answers the first (inside the caller's transaction). */
async function reserviereNummern(db: Db, jahr: number, anzahl: number): Promise<number> {
  // The year's counter row first exists, then is locked: two runs numbering the first receivables
  // of a year at once would otherwise both find no row and both insert it (a duplicate key or, on
  // MariaDB, a deadlock on the gap lock). The second insert waits for the first and is ignored.
  await db('rechnungsnummern').insert({ jahr, naechste: 1 }).onConflict('jahr').ignore();
  const row = await db('rechnungsnummern').where({ jahr }).forUpdate().first();
  const erste = Number(row?.naechste ?? 1);
  await db('rechnungsnummern')
    .where({ jahr })
    .update({ naechste: erste + anzahl });
  return erste;
}

/**
 * Creates the receivables with their positions, numbered in the given order, and answers them in
 * that order. The amount is the sum of the (already rounded) positions. Run inside a transaction:
 * the caller's run row, these receivables and its protocol stand or fall together.
 */
export async function legeRechnungenAn(db: Db, rechnungen: readonly NeueRechnung[]): Promise<AngelegteRechnung[]> {
  if (!rechnungen.length) return [];
  const now = nowDb();
  const proJahr = new Map<number, number[]>();
  for (const [i, r] of rechnungen.entries()) {
    const jahr = Number(r.datum.slice(0, 4));
    proJahr.set(jahr, [...(proJahr.get(jahr) ?? []), i]);
  }
  const nummern: { jahr: number; laufnummer: number; nummer: string }[] = new Array(rechnungen.length);
  for (const [jahr, indizes] of [...proJahr].sort((a, b) => a[0] - b[0])) {
    const erste = await reserviereNummern(db, jahr, indizes.length);
    indizes.forEach((index, k) => {
      nummern[index] = { jahr, laufnummer: erste + k, nummer: rechnungsnummer(jahr, erste + k) };
    });
  }
  const betraege = rechnungen.map((r) => r.positionen.reduce((s, p) => s + p.betragCent, 0));
  const rows: Omit<RechnungRow, 'id'>[] = rechnungen.map((r, i) => {
    const n = nummern[i]!;
    return {
      version: 1,
      nummer: n.nummer,
      jahr: n.jahr,
      laufnummer: n.laufnummer,
      art: r.art,
      adresse_id: r.adresseId,
      adresse_name: r.adresseName,
      parzelle_id: r.parzelleId ?? null,
      gruppe_id: r.gruppeId ?? null,
      pachtabrechnung_id: r.pachtabrechnungId ?? null,
      lauf_id: r.laufId ?? null,
      datum: r.datum,
      faellig_am: r.faelligAm,
      betrag_cent: betraege[i]!,
      zahlungsreferenz: rfFromNumber(n.nummer),
      mahnstufe: 0,
      letzte_mahnung_am: null,
      mahnsperre_bis: null,
      notiz: r.notiz ?? null,
      versendet_am: null,
      created_at: now,
      updated_at: now,
    };
  });
  await insertInChunks(db, 'rechnungen', rows);
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((r) => r.nummer);
    for (const r of await db('rechnungen').whereIn('nummer', chunk).select('id', 'nummer'))
      ids.set(r.nummer, Number(r.id));
  }
  const positionen = rechnungen.flatMap((r, i) =>
    r.positionen.map((p, k) => ({
      rechnung_id: ids.get(rows[i]!.nummer)!,
      sortierung: k + 1,
      parzelle_id: p.parzelleId,
      parzelle_nummer: p.parzelleNummer,
      art: p.art,
      text: p.text,
      menge: p.menge ?? null,
      satz: p.satz ?? null,
      betrag_cent: p.betragCent,
      steuersatz: p.steuersatz,
      buchungskonto_id: p.buchungskontoId,
    })),
  );
  await insertInChunks(db, 'rechnung_positionen', positionen);
  return rows.map((r, i) => ({
    id: ids.get(r.nummer)!,
    nummer: r.nummer,
    adresseId: r.adresse_id,
    betragCent: betraege[i]!,
    zahlungsreferenz: r.zahlungsreferenz,
  }));
}
