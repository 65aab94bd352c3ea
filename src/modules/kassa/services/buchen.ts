import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { insertInChunks } from '../../../platform/db/insertInChunks';
import { validationFailed } from '../../../platform/errors';
import { recordHistoryMany } from '../../../platform/history/history';
import type { KassabuchRow } from '../tables';
import { reserviereBelegnummern } from './belegnummer';
import { assertOffen, istWahr, periodeFuerDatum } from './periode';
import { isSteuersatz, type Steuersatz, steuerAnteil } from './steuer';

// The one way a new Kassabuch entry is written: UpdateKassabuch (one), the bank import (thousands),
// later AlleBezahlt and the billing runs. It finds each entry's period by its date (422 none, 409
// closed), checks that account, booking account and cost centre belong to it, numbers the entries
// gaplessly in the given order and computes tax and net. Call it inside the caller's transaction.

export const KASSABUCH_HISTORY_TYPE = 'Kassabuch';

/** A new entry as the services hand it over (ids already parsed, dates YYYY-MM-DD). */
export type NeueBuchung = {
  datum: string;
  /** Signed gross: + income, − expense. */
  betragCent: number;
  kontoId: number;
  buchungskontoId: number;
  kostenstelleId?: number | null;
  /** Default: the booking account's rate. */
  steuersatz?: Steuersatz | null;
  text: string;
  kommentar?: string | null;
  rechnungsdatum?: string | null;
  parzelleId?: number | null;
  adresseId?: number | null;
  stornoVonId?: number | null;
  quelle?: 'manuell' | 'bank';
  bank?: {
    schluessel: string;
    importId: number | null;
    name: string | null;
    iban: string | null;
    verwendungszweck: string | null;
    referenz: string | null;
  } | null;
};

/** Per entry: its field errors, keyed `[i].field` when several are booked, else `field`. */
type Errors = Record<string, string[]>;

/**
 * Books the entries and answers their rows in the given order. Nothing is written when one of them
 * is refused (the caller's transaction rolls back; this function validates before it writes).
 */
export async function bucheEintraege(db: Db, actor: Actor, eintraege: readonly NeueBuchung[]): Promise<KassabuchRow[]> {
  if (!eintraege.length) return [];
  const key = (i: number, field: string) => (eintraege.length === 1 ? field : `[${i}].${field}`);

  // Periods by date (a statement may span New Year).
  const perioden = new Map<string, Awaited<ReturnType<typeof periodeFuerDatum>>>();
  const periodeVon = new Map<number, number>();
  for (const [i, e] of eintraege.entries()) {
    let p = perioden.get(e.datum);
    if (!p) {
      p = await periodeFuerDatum(db, e.datum, key(i, 'datum'));
      assertOffen(p);
      perioden.set(e.datum, p);
    }
    periodeVon.set(i, p.id);
  }

  const ids = (pick: (e: NeueBuchung) => number | null | undefined) => [
    ...new Set(eintraege.map(pick).filter((v): v is number => v != null)),
  ];
  const konten = new Map(
    (
      await db('konten')
        .whereIn(
          'id',
          ids((e) => e.kontoId),
        )
        .select('id', 'name')
    ).map((r) => [Number(r.id), r]),
  );
  const buchungskonten = new Map(
    (
      await db('buchungskonten')
        .whereIn(
          'id',
          ids((e) => e.buchungskontoId),
        )
        .select('id', 'kassaabrechnung_id', 'steuersatz', 'geloescht', 'name')
    ).map((r) => [Number(r.id), r]),
  );
  const kostenstellen = new Map(
    (
      await db('kostenstellen')
        .whereIn(
          'id',
          ids((e) => e.kostenstelleId),
        )
        .select('id', 'kassaabrechnung_id')
    ).map((r) => [Number(r.id), r]),
  );

  const errors: Errors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  for (const [i, e] of eintraege.entries()) {
    const periodeId = periodeVon.get(i);
    if (!Number.isSafeInteger(e.betragCent) || e.betragCent === 0)
      add(key(i, 'betragCent'), 'Bitte einen Betrag ungleich 0 eingeben.');
    if (!konten.has(e.kontoId)) add(key(i, 'kontoId'), 'Dieses Konto gibt es nicht (mehr).');
    const bk = buchungskonten.get(e.buchungskontoId);
    if (!bk) add(key(i, 'buchungskontoId'), 'Dieses Buchungskonto gibt es nicht (mehr).');
    else if (Number(bk.kassaabrechnung_id) !== periodeId)
      add(
        key(i, 'buchungskontoId'),
        `Das Buchungskonto „${bk.name}“ gehört nicht zur Kassaabrechnung des Buchungsdatums.`,
      );
    else if (istWahr(bk.geloescht)) add(key(i, 'buchungskontoId'), `Das Buchungskonto „${bk.name}“ ist gelöscht.`);
    if (e.kostenstelleId != null) {
      const ks = kostenstellen.get(e.kostenstelleId);
      if (!ks) add(key(i, 'kostenstelleId'), 'Diese Kostenstelle gibt es nicht (mehr).');
      else if (Number(ks.kassaabrechnung_id) !== periodeId)
        add(key(i, 'kostenstelleId'), 'Die Kostenstelle gehört nicht zur Kassaabrechnung des Buchungsdatums.');
    }
    if (e.steuersatz != null && !isSteuersatz(e.steuersatz))
      add(key(i, 'steuersatz'), 'Steuersatz muss 0, 10, 20 oder 100 % sein.');
    if (!e.text.trim()) add(key(i, 'text'), 'Bitte einen Buchungstext eingeben.');
  }
  if (Object.keys(errors).length) throw validationFailed(errors, 'Die Buchung ist nicht gültig.');

  // Numbers per period, in the given order.
  const anzahlJePeriode = new Map<number, number>();
  for (const id of periodeVon.values()) anzahlJePeriode.set(id, (anzahlJePeriode.get(id) ?? 0) + 1);
  const naechste = new Map<number, number>();
  for (const [periodeId, anzahl] of [...anzahlJePeriode].sort((a, b) => a[0] - b[0])) {
    naechste.set(periodeId, await reserviereBelegnummern(db, periodeId, anzahl));
  }

  const now = nowDb();
  const rows = eintraege.map((e, i) => {
    const periodeId = periodeVon.get(i) as number;
    const belegnummer = naechste.get(periodeId) as number;
    naechste.set(periodeId, belegnummer + 1);
    const bk = buchungskonten.get(e.buchungskontoId);
    const steuersatz = (e.steuersatz ?? Number(bk?.steuersatz ?? 0)) as Steuersatz;
    const { steuerCent, nettoCent } = steuerAnteil(e.betragCent, steuersatz);
    return {
      version: 1,
      kassaabrechnung_id: periodeId,
      belegnummer,
      datum: e.datum,
      betrag_cent: e.betragCent,
      konto_id: e.kontoId,
      buchungskonto_id: e.buchungskontoId,
      kostenstelle_id: e.kostenstelleId ?? null,
      steuersatz,
      steuer_cent: steuerCent,
      netto_cent: nettoCent,
      text: e.text.trim(),
      kommentar: e.kommentar?.trim() || null,
      rechnungsdatum: e.rechnungsdatum ?? null,
      parzelle_id: e.parzelleId ?? null,
      adresse_id: e.adresseId ?? null,
      storno_von_id: e.stornoVonId ?? null,
      quelle: e.quelle ?? 'manuell',
      geprueft: false,
      bank_schluessel: e.bank?.schluessel ?? null,
      bank_import_id: e.bank?.importId ?? null,
      bank_name: e.bank?.name ?? null,
      bank_iban: e.bank?.iban ?? null,
      bank_verwendungszweck: e.bank?.verwendungszweck ?? null,
      bank_referenz: e.bank?.referenz ?? null,
      created_at: now,
      updated_at: now,
      created_by: actor.userId,
    };
  });
  await insertInChunks(db, 'kassabuch', rows);

  // Read them back by (period, Belegnummer): multi-row INSERTs answer no ids on MySQL.
  const saved = new Map<string, KassabuchRow>();
  for (const [periodeId] of anzahlJePeriode) {
    const nummern = rows.filter((r) => r.kassaabrechnung_id === periodeId).map((r) => r.belegnummer);
    const lo = Math.min(...nummern);
    const hi = Math.max(...nummern);
    for (const r of await db('kassabuch')
      .where({ kassaabrechnung_id: periodeId })
      .whereBetween('belegnummer', [lo, hi])) {
      saved.set(`${periodeId}/${r.belegnummer}`, r);
    }
  }
  const result = rows.map((r) => saved.get(`${r.kassaabrechnung_id}/${r.belegnummer}`) as KassabuchRow);
  await recordHistoryMany(
    db,
    actor,
    result.map((r) => ({
      entityType: KASSABUCH_HISTORY_TYPE,
      entityId: r.id,
      action: 'create',
      after: { belegnummer: r.belegnummer, datum: r.datum, betragCent: r.betrag_cent },
    })),
  );
  return result;
}
