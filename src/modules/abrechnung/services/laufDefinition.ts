import type { Db } from '../../../platform/db/db';
import type { LaufArt, ZvEintrag, ZvProblem } from '../schema/zvData';

// What a billing run kind must say so that the generic run calls (LaufVorschau, LaufBriefe,
// LaufEinbuchen), its spec-named calls, the CLI and the mail dispatch can treat all four alike:
// how it computes its letters, what stops it, when they are due, what booking changes elsewhere.

/** The parameters of one run, resolved (year id, date) by the route or CLI. */
export type LaufParams = {
  pachtabrechnungId: number;
  jahr: number;
  /** The letters' date (YYYY-MM-DD). */
  datum: string;
  /** What the run is about beyond kind and year ('' or 'wasserabrechnung:<id>'): booked once. */
  schluessel: string;
  /** Wasserrechnung: the settlement's stichtag (the letters' title „Wasserrechnung zum …“). */
  stichtag?: string;
  interimBilling: boolean;
  rechnungenTeilen: boolean;
  /** Only these addresses' letters (printing a selection); undefined: all. Booking ignores it. */
  adresseIds?: readonly number[];
};

export type LaufDefinition = {
  art: LaufArt;
  /** The letter's heading, e.g. "Zahlungsvorschreibung 2026", "Wasserrechnung". */
  titel(params: LaufParams): string;
  /** The letters computed from today's basis data (before booking). */
  berechne(db: Db, params: LaufParams): Promise<ZvEintrag[]>;
  /** What stops the run before anything is written (German sentences naming what to fix). */
  pruefe(db: Db, params: LaufParams): Promise<ZvProblem[]>;
  /** The due date of the run's letters. */
  faelligAm(db: Db, params: LaufParams): Promise<string>;
  /** The receivable's group (Gruppenrechnung); default none. */
  gruppeIdVon?(e: ZvEintrag): number | null;
  /** Runs after the receivables are written, in the same transaction (e.g. mark water settlements billed). */
  nachBuchung?(db: Db, params: LaufParams, eintraege: readonly ZvEintrag[]): Promise<void>;
};
