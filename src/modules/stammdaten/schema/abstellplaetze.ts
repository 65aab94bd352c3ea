import { z } from 'zod';
import { isoDate, queryInt, readOnly, strict, text } from '../../../platform/validation';

// Request schemas of the Abstellplatz and Parkkarten calls, and small pieces the other Stammdaten
// schemas share. Read-only fields a client sends back (kategorieName, zuordnung …) are ignored;
// any other unknown field is refused.

const REQUIRED = 'Dieses Feld ist erforderlich.';
const typeError = (expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? REQUIRED : `Erwartet wird ${expected}.`;

/** Free text follows the one rule of platform/validation (no control, invisible or invalid characters). */
export { text };

/** A required single-line text. */
export const requiredText = (max: number, message = REQUIRED) => text(max).min(1, { error: message, abort: true });
/** An optional text: '' when empty, absent or null. */
export const optionalText = (max: number, multiline = false) =>
  text(max, multiline)
    .nullish()
    .transform((v): string => v ?? '');

export function int(min: number, max: number, message = `Erlaubt ist eine ganze Zahl von ${min} bis ${max}.`) {
  return z
    .number({ error: typeError('eine Zahl') })
    .int('Erwartet wird eine ganze Zahl.')
    .min(min, message)
    .max(max, message);
}

/** A record id in a body: a positive integer. */
export const refId = (message = 'Bitte wählen Sie einen Eintrag.') =>
  z
    .number({ error: (i) => (i.input === undefined || i.input === null ? message : 'Erwartet wird eine Zahl.') })
    .int('Erwartet wird eine ganze Zahl.')
    .min(1, message)
    .max(2_147_483_647, message);

/** `id` of UpdateX: 0 or absent creates. */
export const saveId = int(0, 2_147_483_647)
  .nullish()
  .transform((v) => v ?? 0);
/**
 * The `version` of the record as the client read it (optimistic locking): a save whose version is
 * no longer the stored one answers 409 `version_conflict`. Absent or null: no check (older API
 * scripts); ignored when creating.
 */
export const version = z
  .number({ error: typeError('eine ganze Zahl') })
  .int('Erwartet wird eine ganze Zahl.')
  .min(1, 'Die Version ist eine positive ganze Zahl.')
  .max(2_147_483_647, 'Die Zahl ist zu groß.')
  .nullish()
  .transform((v) => v ?? undefined);
export const bool = (fallback: boolean) =>
  z
    .boolean({ error: typeError('true oder false') })
    .nullish()
    .transform((v) => v ?? fallback);
export const date = isoDate;
export const optionalDate = isoDate.nullish().transform((v) => v ?? null);

export const idQuery = z.object({ id: queryInt });
export const adresseIdQuery = z.object({ adresseId: queryInt });
export const pachtabrechnungQuery = z.object({ pachtabrechnungID: queryInt.optional() });

export const abstellplatzBody = strict({
  id: saveId,
  version,
  nummer: requiredText(20, 'Bitte geben Sie die Nummer des Abstellplatzes an.'),
  kategorieId: refId('Bitte wählen Sie eine Kategorie.'),
  aktiv: bool(true),
  notiz: optionalText(5000, true),
  kategorieName: readOnly,
  jahresgebuehrCent: readOnly,
  zuordnung: readOnly,
  zuordnungen: readOnly,
});
export type AbstellplatzInput = z.output<typeof abstellplatzBody>;

export const neuzuordnungBody = strict({
  abstellplatzId: refId('Bitte wählen Sie einen Abstellplatz.'),
  adresseId: refId('Bitte wählen Sie eine Adresse.'),
  datum: date,
});

export const zuordnungBody = strict({
  id: refId('Bitte wählen Sie eine Zuordnung.'),
  version,
  von: date,
  bis: optionalDate,
  adresseId: readOnly,
  adresseName: readOnly,
  abstellplatzId: readOnly,
  abstellplatzNummer: readOnly,
  kategorieName: readOnly,
  jahresgebuehrCent: readOnly,
}).refine((v) => v.bis === null || v.bis >= v.von, {
  message: 'Das Ende darf nicht vor dem Beginn liegen.',
  path: ['bis'],
});

export const parkkartenInfoBody = strict({
  pachtabrechnungId: refId('Bitte wählen Sie das Jahr.'),
  version,
  gebuehrCent: int(0, 10_000_000, 'Erlaubt sind 0 bis 100.000,00 € (ganze Cent).')
    .nullish()
    .transform((v) => v ?? 0),
  gueltigBis: optionalDate,
  hinweis: optionalText(2000, true),
  jahr: readOnly,
  anzahlKarten: readOnly,
  anzahlParzellen: readOnly,
});

export const parkkartenQuery = z.object({
  parzelle: z.string().trim().max(20, 'Höchstens 20 Zeichen.').optional(),
  pachtabrechnungID: queryInt.optional(),
});

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

/** An assignment of a space to an address, as the space shows it (`zuordnung`, `zuordnungen`); dates YYYY-MM-DD. */
export const zuordnungResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the save. */
  version: z.number(),
  adresseId: z.number(),
  adresseName: z.string(),
  von: z.string(),
  /** null: open-ended. */
  bis: z.string().nullable(),
});
export type Zuordnung = z.infer<typeof zuordnungResponse>;

/** An assignment with its space (`presentZuordnung`): GetAbstellplaetzeByAdresse, GetAbstellplatzAdresse, its save. */
export const abstellplatzZuordnungResponse = zuordnungResponse.extend({
  abstellplatzId: z.number(),
  abstellplatzNummer: z.string(),
  kategorieName: z.string(),
  /** Integer cents. */
  jahresgebuehrCent: z.number(),
});
export type AbstellplatzZuordnung = z.infer<typeof abstellplatzZuordnungResponse>;

/** A parking space with its current holder (`presentAbstellplatz`). */
export const abstellplatzResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the save. */
  version: z.number(),
  nummer: z.string(),
  kategorieId: z.number(),
  kategorieName: z.string(),
  /** Integer cents. */
  jahresgebuehrCent: z.number(),
  aktiv: z.boolean(),
  notiz: z.string(),
  /** The current holder, if any. */
  zuordnung: zuordnungResponse.nullable(),
});
export type Abstellplatz = z.infer<typeof abstellplatzResponse>;

/** GetAbstellplatz (and the saves answering with it): the space with all its assignments, newest first. */
export const abstellplatzDetailResponse = abstellplatzResponse.extend({ zuordnungen: z.array(zuordnungResponse) });
export type AbstellplatzDetail = z.infer<typeof abstellplatzDetailResponse>;

/** The Parkkarten info of a year (`presentParkkartenInfo`); money in integer cents, dates YYYY-MM-DD. */
export const parkkartenInfoResponse = z.object({
  pachtabrechnungId: z.number(),
  /** Optimistic lock: send it back with the save (1 while the year has none stored). */
  version: z.number(),
  jahr: z.number(),
  gebuehrCent: z.number(),
  gueltigBis: z.string().nullable(),
  hinweis: z.string(),
  /** Read-only: the cards the year's PDF holds (the sum of `parzelle_jahr.anzahl_parkkarten`). */
  anzahlKarten: z.number(),
  /** Read-only: plots with at least one card that year. */
  anzahlParzellen: z.number(),
});
export type ParkkartenInfo = z.infer<typeof parkkartenInfoResponse>;
