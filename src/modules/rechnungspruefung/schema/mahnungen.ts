// Reminders (Mahnungen) and the reminder run (Mahnlauf): query and body shapes and the answers the
// UI reads (ADR 0005). Shared with the UI: no server-only imports here.
import { z } from 'zod';
import { isoDate, queryBool, queryInt } from '../../../platform/validation';

/** The three levels: 1 Zahlungserinnerung (no fee), 2 Mahnung, 3 Letzte Mahnung (registered letter, KlGG § 12 (2)). */
export const MAHNSTUFEN = [1, 2, 3] as const;
export const HOECHSTE_MAHNSTUFE = 3;

/** The letter's title per level. */
export const MAHNSTUFE_TITEL: Record<number, string> = {
  1: 'Zahlungserinnerung',
  2: 'Mahnung',
  3: 'Letzte Mahnung',
};

/** Why the run leaves a receivable out. */
export const MAHNLAUF_GRUENDE = ['mahnsperre', 'hoechste_stufe', 'zu_frueh', 'raten_nicht_faellig'] as const;
export type MahnlaufGrund = (typeof MAHNLAUF_GRUENDE)[number];

/** The receivable kinds the run may be restricted to. */
const RECHNUNG_ARTEN = [
  'Zahlungsvorschreibung',
  'Wasserrechnung',
  'Gruppenrechnung',
  'WeitereMitgliedschaft',
  'manuell',
] as const;

/** `ids=1,2,3`: whole positive numbers. */
const idListe = z
  .string({ error: 'Dieses Feld ist erforderlich.' })
  .max(20000, 'Höchstens 20000 Zeichen.')
  .transform((s, ctx) => {
    const teile = s
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (!teile.length || teile.some((t) => !/^\d{1,9}$/.test(t))) {
      ctx.addIssue({ code: 'custom', message: 'Erwartet wird eine Liste von Nummern, mit Beistrich getrennt.' });
      return z.NEVER;
    }
    return teile.map(Number);
  });

/** GET Mahnungen: prints the next level's letter of one receivable (and raises the level unless `vorschau`). */
export const mahnungQuery = z.object({
  rechnungsID: queryInt,
  /** Charge default interest (Verzugszinsen) with this reminder. */
  calc: queryBool.optional(),
  /** The reminder's date; absent = today. */
  datum: isoDate.optional(),
  /** Only show the letter: nothing is written. */
  vorschau: queryBool.optional(),
});
export type MahnungQuery = z.output<typeof mahnungQuery>;

/** GET Mahnlauf: the preview of a reminder run. */
export const mahnlaufQuery = z.object({
  datum: isoDate.optional(),
  calc: queryBool.optional(),
  art: z.enum(RECHNUNG_ARTEN, { error: 'Unbekannte Art der Rechnung.' }).optional(),
  jahr: queryInt.optional(),
  adresseId: queryInt.optional(),
  /** Days since the due date (or the last reminder) before the next reminder; default 14. */
  mindestTage: queryInt.optional(),
});
export type MahnlaufQuery = z.output<typeof mahnlaufQuery>;

export const mahnlaufZeile = z.object({
  rechnungId: z.number().int(),
  nummer: z.string(),
  adresseId: z.number().int(),
  adresseName: z.string(),
  /** The address prefers e-mail (BevorzugtEmail with an e-mail address). */
  email: z.boolean(),
  faelligAm: z.string(),
  offenCent: z.number().int(),
  ueberfaelligCent: z.number().int(),
  mahnstufe: z.number().int(),
  naechsteStufe: z.number().int(),
  gebuehrCent: z.number().int(),
  zinsenCent: z.number().int(),
  /** Open after this reminder's fee and interest. */
  neuOffenCent: z.number().int(),
  /**
   * What the letter asks to pay now: with an instalment plan the overdue part plus this reminder's
   * fee and interest (the later instalments stay due as agreed); without one = neuOffenCent.
   */
  faelligCent: z.number().int(),
});
export type MahnlaufZeile = z.infer<typeof mahnlaufZeile>;

export const mahnlaufUebersprungen = z.object({
  rechnungId: z.number().int(),
  nummer: z.string(),
  adresseName: z.string(),
  grund: z.enum(MAHNLAUF_GRUENDE),
});
export type MahnlaufUebersprungen = z.infer<typeof mahnlaufUebersprungen>;

export const mahnlaufVorschau = z.object({
  datum: z.string(),
  zeilen: z.array(mahnlaufZeile),
  uebersprungen: z.array(mahnlaufUebersprungen),
  summen: z.object({
    anzahl: z.number().int(),
    ueberfaelligCent: z.number().int(),
    gebuehrCent: z.number().int(),
    zinsenCent: z.number().int(),
  }),
});
export type MahnlaufVorschau = z.infer<typeof mahnlaufVorschau>;

/** POST Mahnlauf: reminds the chosen receivables of the preview in one transaction. */
export const mahnlaufBody = z.object({
  datum: isoDate,
  calc: z.boolean({ error: 'Erwartet wird true oder false.' }).optional(),
  /** The preview's minimum days (default 14): the ids are checked against the preview with the same value. */
  mindestTage: z.number({ error: 'Erwartet wird eine ganze Zahl.' }).int().min(0).max(3650).optional(),
  rechnungIds: z
    .array(z.number({ error: 'Erwartet wird eine Nummer.' }).int().positive(), {
      error: 'Erwartet wird eine Liste von Rechnungen.',
    })
    .min(1, 'Bitte mindestens eine Rechnung wählen.'),
});
export type MahnlaufBody = z.output<typeof mahnlaufBody>;

export const mahnlaufErgebnis = z.object({
  anzahl: z.number().int(),
  mahnungIds: z.array(z.number().int()),
  /** Σ open after the reminders (their `neuOffenCent`; with instalments a letter asks only for its `faelligCent`). */
  summeCent: z.number().int(),
});
export type MahnlaufErgebnis = z.infer<typeof mahnlaufErgebnis>;

/** GET MahnungenDruck: the stored reminders printed again (no side effect). */
export const mahnungenDruckQuery = z.object({ ids: idListe });

/** POST ResetMahnung?id: the receivable's level back to 0 (the reminder rows stay). */
export const resetMahnungQuery = z.object({ id: queryInt });
