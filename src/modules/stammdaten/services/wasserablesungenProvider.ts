import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';

// The water readings belong to the Wasserbuch (`wasserablesungen`, main meters included), which
// builds on Stammdaten. Where Stammdaten needs them — a main meter's last reading, WechselHWZ's two
// readings, the deletes that must name readings, the ExportAll sheet HWZAblesungen — it asks through
// this provider, which the Wasserbuch registers at start (as Vereinseinstellungen asks Stammdaten
// for category usage): Stammdaten neither imports the Wasserbuch nor touches its table.

export type LetzteAblesung = { datum: string; stand: string };
export type AblesungOwner = { parzelleId: number } | { hauptwasserzaehlerId: number };

/** One row of the ExportAll sheet HWZAblesungen (the old table's columns, kept for old workbooks). */
export type HwzAblesungSheetRow = {
  id: number;
  hauptwasserzaehler_id: number;
  datum: string;
  stand: string;
  /** ablesung | wechsel-ende | wechsel-start */
  art: string;
  zaehlernummer: string;
};

export type HwzWechselReadings = {
  hauptwasserzaehlerId: number;
  datum: string;
  alteNummer: string;
  endstand: string;
  neueNummer: string;
  anfangsstand: string;
};

export type WasserablesungenProvider = {
  /** The newest reading with a stand of each main meter. */
  letzteHwzAblesungen(db: Db, ids: number[]): Promise<Map<number, LetzteAblesung>>;
  /** How many readings a plot or main meter has, and the date of the newest. */
  ablesungenVon(db: Db, owner: AblesungOwner): Promise<{ anzahl: number; zuletzt: string | null }>;
  /** The newest water settlement and stored akonto day that name a plot (null: none); they keep the plot. */
  abrechnungenVon(db: Db, parzelleId: number): Promise<{ abrechnung: string | null; akonto: string | null }>;
  /** The years (Wassergrunddaten) in which a group has its own water price; they keep the group. */
  wasserpreisJahreVon(db: Db, gruppeId: number): Promise<number[]>;
  /** WechselHWZ's readings: the old meter's final one and the new meter's first one (422 on a clash). */
  hwzWechsel(db: Db, actor: Actor, data: HwzWechselReadings): Promise<void>;
  /** The main-meter readings as the sheet HWZAblesungen carries them, by id. */
  exportHwzAblesungen(db: Db): Promise<HwzAblesungSheetRow[]>;
  /** The rows of the sheet HWZAblesungen (an old workbook's too) stored as main-meter readings. */
  importHwzAblesungen(db: Db, rows: HwzAblesungSheetRow[], createdAt: string): Promise<void>;
};

let provider: WasserablesungenProvider | undefined;

/** Called once by the Wasserbuch module when it loads. */
export function registerWasserablesungen(p: WasserablesungenProvider): void {
  provider = p;
}

export function wasserablesungen(): WasserablesungenProvider {
  if (!provider) throw new Error('Das Wasserbuch hat seine Ablesungen nicht bei den Stammdaten angemeldet.');
  return provider;
}
