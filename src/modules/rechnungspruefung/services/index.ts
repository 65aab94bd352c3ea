// The public face of Rechnungspruefung: what other modules may call — the billing runs (issue 14)
// create receivables; Kassa's bank import and cash book reach payments through the hooks this
// module registers (issue 15); the mail issue reads reminders and statements.

/** Offsets an address's credits (overpayments, open credit notes) against new receivables (the billing runs call it). */
export { gutgeschriebenJeRechnung, verrechneGuthaben } from './guthaben';
/** Reminders: the run's preview and booking, the stored reminders' letters (the mail dispatch of issue 16 sends them). */
export { mahnlaufBuchen, mahnlaufVorschau } from './mahnlauf';
export { gespeicherteDaten as mahnbriefDaten, mahnbriefePdf } from './mahnungenDruck';
/** Receivables still to be paid (payment slips, reminders): open = amount − allocated payments. */
export { type OffeneRechnung, offeneRechnungen } from './offeneRechnungen';
/** Creates receivables with gapless numbers YYYY-NNNNN and their RF references (inside the caller's transaction). */
export {
  type AngelegteRechnung,
  legeRechnungenAn,
  type NeueRechnung,
  type NeueRechnungPosition,
  rechnungsnummer,
} from './rechnungenAnlegen';
/** The one reader of receivables (filter of GetRechnungen; paid/open/overdue derived) — S2/S3 reuse it. */
export {
  type LadeOptionen,
  ladeRechnung,
  ladeRechnungDetail,
  ladeRechnungen,
  ladeRechnungenNachIds,
} from './rechnungenLaden';
/** Marks receivables as sent (printed/mailed): then they can no longer be deleted. */
export { markiereVersendet } from './rechnungenVersendet';
/** Paid/open/status derived from the allocations. */
export {
  bezahltJeRechnung,
  bezahltSql,
  type Rate,
  RECHNUNG_STATUS,
  type RechnungStatus,
  rechnungStatus,
  ueberfaelligCent,
} from './rechnungStand';
/** Default interest (4 % p. a., days/365, to the cent). */
export { VERZUGSZINSEN_SATZ, verzugszinsenCent } from './verzugszinsen';
/** Payment slips for the open amounts (GET Zahlscheine here and in Abrechnung). */
export { zahlscheinePdf } from './zahlscheine';
