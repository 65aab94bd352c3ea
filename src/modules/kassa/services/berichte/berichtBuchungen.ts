import type { Db } from '../../../../platform/db/db';
import type { Steuersatz } from '../steuer';

// The Kassabuch entries as the reports read them: numbers as numbers (MySQL may answer strings),
// the names of account, booking account and cost centre joined in, ordered by date and Belegnummer.

export type BerichtBuchung = {
  id: number;
  kassaabrechnungId: number;
  belegnummer: number;
  datum: string;
  betragCent: number;
  kontoId: number;
  kontoName: string;
  buchungskontoId: number;
  buchungskontoNummer: string;
  buchungskontoName: string;
  kostenstelleId: number | null;
  kostenstelleNummer: string | null;
  kostenstelleName: string | null;
  steuersatz: Steuersatz;
  steuerCent: number;
  nettoCent: number;
  text: string;
  parzelleId: number | null;
};

export type BuchungsFilter = {
  kassaabrechnungId?: number;
  von?: string;
  bis?: string;
  /** Booking account numbers (a booking account exists once per period; the number names it across periods). */
  buchungskontoNummern?: string[];
  kostenstelleNummern?: string[];
  /** Only entries whose plot belongs to this Stammdaten group. */
  gruppeId?: number;
};

const num = (v: unknown): number | null => (v == null ? null : Number(v));

/** The entries matching the filter, by datum, Belegnummer (then period, for ranges across New Year). */
export async function berichtBuchungen(db: Db, filter: BuchungsFilter): Promise<BerichtBuchung[]> {
  const q = db('kassabuch as k')
    .join('konten as ko', 'ko.id', 'k.konto_id')
    .join('buchungskonten as bk', 'bk.id', 'k.buchungskonto_id')
    .leftJoin('kostenstellen as ks', 'ks.id', 'k.kostenstelle_id')
    .select(
      'k.id',
      'k.kassaabrechnung_id',
      'k.belegnummer',
      'k.datum',
      'k.betrag_cent',
      'k.konto_id',
      'ko.name as konto_name',
      'k.buchungskonto_id',
      'bk.nummer as bk_nummer',
      'bk.name as bk_name',
      'k.kostenstelle_id',
      'ks.nummer as ks_nummer',
      'ks.name as ks_name',
      'k.steuersatz',
      'k.steuer_cent',
      'k.netto_cent',
      'k.text',
      'k.parzelle_id',
    )
    .orderBy('k.datum')
    .orderBy('k.kassaabrechnung_id')
    .orderBy('k.belegnummer');
  if (filter.kassaabrechnungId !== undefined) q.where('k.kassaabrechnung_id', filter.kassaabrechnungId);
  if (filter.von) q.where('k.datum', '>=', filter.von);
  if (filter.bis) q.where('k.datum', '<=', filter.bis);
  if (filter.buchungskontoNummern) q.whereIn('bk.nummer', filter.buchungskontoNummern);
  if (filter.kostenstelleNummern) q.whereIn('ks.nummer', filter.kostenstelleNummern);
  if (filter.gruppeId !== undefined) {
    q.whereIn('k.parzelle_id', db('parzellen').where('gruppe_id', filter.gruppeId).select('id'));
  }
  const rows = (await q) as Record<string, unknown>[];
  return rows.map((r) => ({
    id: Number(r.id),
    kassaabrechnungId: Number(r.kassaabrechnung_id),
    belegnummer: Number(r.belegnummer),
    datum: String(r.datum).slice(0, 10),
    betragCent: Number(r.betrag_cent),
    kontoId: Number(r.konto_id),
    kontoName: String(r.konto_name),
    buchungskontoId: Number(r.buchungskonto_id),
    buchungskontoNummer: String(r.bk_nummer),
    buchungskontoName: String(r.bk_name),
    kostenstelleId: num(r.kostenstelle_id),
    kostenstelleNummer: r.ks_nummer == null ? null : String(r.ks_nummer),
    kostenstelleName: r.ks_name == null ? null : String(r.ks_name),
    steuersatz: Number(r.steuersatz) as Steuersatz,
    steuerCent: Number(r.steuer_cent),
    nettoCent: Number(r.netto_cent),
    text: String(r.text),
    parzelleId: num(r.parzelle_id),
  }));
}

/** "4000 Mitgliedsbeiträge" */
export const nummerName = (nummer: string | null, name: string | null): string =>
  [nummer, name].filter((p) => p != null && p !== '').join(' ');
