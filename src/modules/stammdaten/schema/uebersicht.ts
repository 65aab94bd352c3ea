import { z } from 'zod';
import { isoDate } from '../../../platform/validation';

// The start page's overview of Stammdaten (issue 11): GET Stammdaten/Uebersicht. Shared with the UI
// (types only); free of server-only imports.

export const uebersichtQuery = z.object({
  /** The day to look ahead from; absent = today (tests and "as of" views pass it). */
  date: isoDate.optional(),
});

const freieParzelle = z.object({ id: z.number(), nummer: z.string(), flaeche: z.string() });

const geburtstag = z.object({
  adresseId: z.number(),
  name: z.string(),
  /** The birthday's day in the coming days (YYYY-MM-DD), not the birth date. */
  datum: z.string(),
  geburtsdatum: z.string(),
  /** The age reached on `datum`. */
  alter: z.number(),
});

const jubilaeum = z.object({
  adresseId: z.number(),
  name: z.string(),
  /** Years of membership since Eintritt, or a round birthday (50, 60, 70, 75, …). */
  art: z.enum(['mitgliedschaft', 'geburtstag']),
  datum: z.string(),
  jahre: z.number(),
});

const endendeFunktion = z.object({
  funktionaerId: z.number(),
  adresseId: z.number(),
  name: z.string(),
  funktion: z.string(),
  bis: z.string(),
});

const eichung = z.object({
  id: z.number(),
  nummer: z.string(),
  bezeichnung: z.string(),
  eichdatum: z.string(),
  eichungFaelligAm: z.string(),
  /** The calibration is already due (on or before the day looked from). */
  ueberfaellig: z.boolean(),
});

/** Counts and coming dates of the member data: only for Stammdaten.View. */
export const uebersichtStammdaten = z.object({
  anzahlParzellen: z.number(),
  anzahlFreieParzellen: z.number(),
  /** Active plots without a Pachtverhältnis on the day, by number. */
  freieParzellen: z.array(freieParzelle),
  /** Addresses holding a plot on the day. */
  anzahlNutzungsberechtigte: z.number(),
  /** Active addresses flagged KGV-Mitglied. */
  anzahlMitglieder: z.number(),
  /** Birthdays of active addresses in the next 30 days, by date. */
  geburtstage: z.array(geburtstag),
  /** Round membership years and round birthdays in the next 90 days, by date. */
  jubilaeen: z.array(jubilaeum),
  /** Terms of office that end in the next 90 days, by end date. */
  endendeFunktionen: z.array(endendeFunktion),
});

export const uebersichtResponse = z.object({
  /** The day looked ahead from. */
  stichtag: z.string(),
  /** null without Stammdaten.View (a Wasserwart sees only the meters). */
  stammdaten: uebersichtStammdaten.nullable(),
  /** Active main water meters whose calibration falls due within 90 days or is overdue; null without the right. */
  eichungFaellig: z.array(eichung).nullable(),
});

export type Uebersicht = z.infer<typeof uebersichtResponse>;
export type UebersichtStammdaten = z.infer<typeof uebersichtStammdaten>;
