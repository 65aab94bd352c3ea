// Request and answer schemas of the Gruppenabrechnung (the positions a group's plots share in a billing
// year) and of the Gruppenrechnungen run (docs/api/abrechnung.md "Gruppenabrechnung",
// "Gruppenrechnungen"). Shared with the UI (no server-only imports here).
import { z } from 'zod';
import { isoDate, queryInt, readOnly, strict } from '../../../platform/validation';
import { int, refId, requiredText, saveId, version } from '../../stammdaten/schema/abstellplaetze';
import { optionalBuchungskonto, positionCent, positionSteuersatz } from './vereinsabrechnung';

export { type LaufJahrEinbuchenInput, laufJahrEinbuchenBody } from './vereinsabrechnung';

/** How a group position's amount is split over the group's plots. */
export const VERTEILUNGEN = ['gleich', 'flaeche'] as const;
export type Verteilung = (typeof VERTEILUNGEN)[number];
export const VERTEILUNG_LABEL: Record<Verteilung, string> = {
  gleich: 'zu gleichen Teilen',
  flaeche: 'nach Fläche',
};

export const gruppenabrechnungQuery = z.object({
  pachtabrechnungID: queryInt.optional(),
  gruppeID: queryInt.optional(),
});
export type GruppenabrechnungQuery = z.infer<typeof gruppenabrechnungQuery>;
export const gruppenabrechnungIdQuery = z.object({ id: queryInt });

/** UpdateGruppenabrechnung: one position (`id` 0 or absent creates). */
export const gruppenabrechnungBody = strict({
  id: saveId,
  version,
  pachtabrechnungId: refId('Bitte wählen Sie ein Abrechnungsjahr.'),
  gruppeId: refId('Bitte wählen Sie eine Gruppe.'),
  sortierung: int(0, 1_000_000)
    .nullish()
    .transform((v) => v ?? 0),
  text: requiredText(200, 'Bitte geben Sie einen Text an.'),
  betragCent: positionCent,
  verteilung: z.enum(VERTEILUNGEN, {
    error: (i) => (i.input === undefined ? 'Dieses Feld ist erforderlich.' : 'Erlaubt sind gleich oder flaeche.'),
  }),
  steuersatz: positionSteuersatz,
  buchungskontoId: optionalBuchungskonto,
  gruppeName: readOnly,
  anzahlParzellen: readOnly,
});
export type GruppenabrechnungInput = z.output<typeof gruppenabrechnungBody>;

// ---- Answers ----

export const gruppenabrechnungPositionResponse = z.object({
  id: z.number(),
  version: z.number(),
  pachtabrechnungId: z.number(),
  gruppeId: z.number(),
  gruppeName: z.string(),
  sortierung: z.number(),
  text: z.string(),
  /** The group's total, split over its plots by the run. */
  betragCent: z.number(),
  verteilung: z.enum(VERTEILUNGEN),
  steuersatz: z.number(),
  buchungskontoId: z.number().nullable(),
  /** The group's active plots (what the amount is split over, before checking holders). */
  anzahlParzellen: z.number(),
});
export type GruppenabrechnungPosition = z.infer<typeof gruppenabrechnungPositionResponse>;

// ---- Gruppenrechnungen run ----

export const GRUPPENRECHNUNGEN_FORMATE = ['json', 'pdf'] as const;

/** GET Gruppenrechnungen: year (absent: newest), letters' date (default today), format. */
export const gruppenrechnungenQuery = z.object({
  pachtabrechnungID: queryInt.optional(),
  date: isoDate.optional(),
  format: z.enum(GRUPPENRECHNUNGEN_FORMATE, { error: 'Erlaubt sind json oder pdf.' }).optional(),
});
export type GruppenrechnungenQuery = z.infer<typeof gruppenrechnungenQuery>;
