import { z } from 'zod';
import { todayIso } from '../../../platform/dates';
import { isValidIban, normalizeIban } from '../../../platform/payment/iban';
import {
  isCleanText,
  isoDate,
  plzError,
  queryInt,
  readOnly,
  strict,
  TEXT_CHARS_MESSAGE,
  text,
} from '../../../platform/validation';
import { version } from './abstellplaetze';

// Request schemas of the Adresse and WeiterePerson calls. Strict objects: unknown fields are
// refused by name; optional texts may be empty, absent or null (stored as ''); dates may be
// empty, absent or null (stored as NULL).

const REQUIRED = 'Dieses Feld ist erforderlich.';
const typeError = (expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? REQUIRED : `Erwartet wird ${expected}.`;

function optional<T extends z.ZodType<string, string>>(schema: T) {
  return schema.nullish().transform((v): string => v ?? '');
}

const emailCheck = z.email();
const EMAIL_MESSAGE = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
const optionalEmail = optional(text(254).refine((s) => s === '' || emailCheck.safeParse(s).success, EMAIL_MESSAGE));

/** A date `YYYY-MM-DD`, or null when empty, absent or null. */
const optionalDate = z
  .union([z.literal(''), isoDate], { error: 'Erwartet wird ein Datum im Format JJJJ-MM-TT.' })
  .nullish()
  .transform((v): string | null => (v ? v : null));

/** Spec bit flags of a person: Hauptwohnsitz 1, BevorzugtEmail 2, KGVMitglied 256, KGVMitarbeiter 512. */
export const ADRESSE_FLAGS = { hauptwohnsitz: 1, bevorzugtEmail: 2, kgvMitglied: 256, kgvMitarbeiter: 512 } as const;
const FLAG_MASK = 1 | 2 | 256 | 512;
const flags = z
  .number({ error: typeError('eine Zahl') })
  .int('Erwartet wird eine ganze Zahl.')
  .refine((n) => n >= 0 && (n & ~FLAG_MASK) === 0, 'Erlaubt sind nur die Merkmale 1, 2, 256 und 512 (als Summe).')
  .nullish()
  .transform((v) => v ?? 0);

const bool = z
  .boolean({ error: typeError('true oder false') })
  .nullish()
  .transform((v) => v ?? false);

const id = z
  .number({ error: typeError('eine Zahl') })
  .int('Erwartet wird eine ganze Zahl.')
  .min(0, 'Die Zahl darf nicht negativ sein.')
  .max(2_147_483_647, 'Die Zahl ist zu groß.')
  .nullish()
  .transform((v) => v ?? 0);

const NACHNAME = 'Bitte geben Sie den Nachnamen ein.';
const nachname = z
  .string({ error: (i) => (i.input == null ? NACHNAME : 'Erwartet wird ein Text.') })
  .trim()
  .min(1, NACHNAME)
  .max(100, 'Höchstens 100 Zeichen.')
  .refine((s) => isCleanText(s), TEXT_CHARS_MESSAGE);

export const adresseBody = strict(
  {
    id,
    version,
    anrede: optional(text(20)),
    titel: optional(text(50)),
    vorname: optional(text(100)),
    nachname,
    strasse: optional(text(200)),
    plz: optional(text(10)),
    ort: optional(text(100)),
    land: optional(text(100)),
    telefon: optional(text(50)),
    mobil: optional(text(50)),
    email: optionalEmail,
    geburtsdatum: optionalDate,
    eintrittsdatum: optionalDate,
    austrittsdatum: optionalDate,
    flags,
    adresstyp: z
      .number({ error: typeError('eine Zahl') })
      .int('Erwartet wird eine ganze Zahl.')
      .min(0, 'Erlaubt sind 0 bis 3.')
      .max(3, 'Erlaubt sind 0 bis 3.')
      .nullish()
      .transform((v) => v ?? 1),
    iban: optional(
      text(42)
        .transform(normalizeIban)
        .refine((s) => s === '' || isValidIban(s), 'Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht).'),
    ),
    zeitungErlaubt: bool,
    notiz: optional(text(10_000, true)),
    name: readOnly,
    aktiv: readOnly,
    parzellen: readOnly,
    weiterePersonen: readOnly,
    dateien: readOnly,
    jahr: readOnly,
  },
  'der Adresse',
).superRefine(
  (v, ctx) => {
    // Runs even when other fields failed, so every mistake is reported at once: check types first.
    const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
    const date = (x: unknown) => (typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x) ? x : undefined);
    const failed = new Set(ctx.issues.map((i) => String(i.path?.[0])));
    const plz = str(v.plz);
    const land = str(v.land) ?? '';
    const plzMessage = plz !== undefined && !failed.has('plz') && !failed.has('land') ? plzError(plz, land) : undefined;
    if (plzMessage) ctx.addIssue({ code: 'custom', path: ['plz'], message: plzMessage });
    const eintritt = date(v.eintrittsdatum);
    const austritt = date(v.austrittsdatum);
    if (eintritt && austritt && eintritt > austritt && !failed.has('austrittsdatum')) {
      ctx.addIssue({
        code: 'custom',
        path: ['austrittsdatum'],
        message: 'Das Austrittsdatum darf nicht vor dem Eintrittsdatum liegen.',
      });
    }
    const geburt = date(v.geburtsdatum);
    if (geburt && geburt > todayIso() && !failed.has('geburtsdatum')) {
      ctx.addIssue({
        code: 'custom',
        path: ['geburtsdatum'],
        message: 'Das Geburtsdatum darf nicht in der Zukunft liegen.',
      });
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
);
export type AdresseInput = z.output<typeof adresseBody>;

export const weiterePersonBody = strict(
  {
    id,
    version,
    adresseId: z
      .number({ error: typeError('eine Zahl') })
      .int('Erwartet wird eine ganze Zahl.')
      .min(1, 'Bitte wählen Sie die Adresse, zu der die Person gehört.')
      .max(2_147_483_647, 'Die Zahl ist zu groß.'),
    anrede: optional(text(20)),
    titel: optional(text(50)),
    vorname: optional(text(100)),
    nachname,
    beziehung: optional(text(50)),
    telefon: optional(text(50)),
    email: optionalEmail,
    geburtsdatum: optionalDate,
    eintrittsdatum: optionalDate,
    flags,
    zeitungErlaubt: bool,
    notiz: optional(text(10_000, true)),
  },
  'der weiteren Person',
).superRefine((v, ctx) => {
  if (v.geburtsdatum && v.geburtsdatum > todayIso()) {
    ctx.addIssue({
      code: 'custom',
      path: ['geburtsdatum'],
      message: 'Das Geburtsdatum darf nicht in der Zukunft liegen.',
    });
  }
});
export type WeiterePersonInput = z.output<typeof weiterePersonBody>;

export const idQuery = z.object({ id: queryInt });
export const getAdresseQuery = z.object({ id: queryInt, pachtabrechnungID: queryInt.optional() });
export const adresseIdQuery = z.object({ adresseId: queryInt });
export const filesByAdressQuery = z.object({ adressID: queryInt });

export const activeAdressenQuery = z.object({
  search: z.string().max(200, 'Höchstens 200 Zeichen.').optional(),
  filter: z
    .enum(['aktiv', 'ehemalig', 'alle'], { error: 'Erlaubt sind: aktiv, ehemalig, alle.' })
    .optional()
    .default('aktiv'),
  mitglied: z.enum(['ja', 'nein'], { error: 'Erlaubt sind: ja, nein.' }).optional(),
});

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

/** A current lease of an address: the plot and since when. */
export const adresseParzelleResponse = z.object({ id: z.number(), nummer: z.string(), von: z.string() });
export type AdresseParzelle = z.infer<typeof adresseParzelleResponse>;

/** An Adresse as lists and saves answer it (`presentAdresse`); dates YYYY-MM-DD, flags as a bit sum. */
export const adresseResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the save. */
  version: z.number(),
  anrede: z.string(),
  titel: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  strasse: z.string(),
  plz: z.string(),
  ort: z.string(),
  land: z.string(),
  telefon: z.string(),
  mobil: z.string(),
  email: z.string(),
  geburtsdatum: z.string().nullable(),
  eintrittsdatum: z.string().nullable(),
  austrittsdatum: z.string().nullable(),
  flags: z.number(),
  adresstyp: z.number(),
  iban: z.string(),
  zeitungErlaubt: z.boolean(),
  notiz: z.string(),
  /** "Huber Maria": Nachname Vorname, with Titel. */
  name: z.string(),
  /** No Austrittsdatum, or one in the future. */
  aktiv: z.boolean(),
  /** Current leases. */
  parzellen: z.array(adresseParzelleResponse),
});
export type Adresse = z.infer<typeof adresseResponse>;

/** A Weitere Person hanging on an address (`presentWeiterePerson`). */
export const weiterePersonResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the save. */
  version: z.number(),
  adresseId: z.number(),
  anrede: z.string(),
  titel: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  beziehung: z.string(),
  telefon: z.string(),
  email: z.string(),
  geburtsdatum: z.string().nullable(),
  eintrittsdatum: z.string().nullable(),
  flags: z.number(),
  zeitungErlaubt: z.boolean(),
  notiz: z.string(),
});
export type WeiterePerson = z.infer<typeof weiterePersonResponse>;

/** A stored file of an address (GetAdresse's `dateien`, Common/GetFilesByAdress): the file store's record. */
export const dateiResponse = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  sha256: z.string(),
  ownerType: z.string().nullable(),
  ownerId: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.number().nullable(),
});
export type Datei = z.infer<typeof dateiResponse>;

/** A plot the address held at some time of the year, with that year's values. */
export const parzelleImJahrResponse = z.object({
  id: z.number(),
  nummer: z.string(),
  von: z.string(),
  bis: z.string().nullable(),
  flaeche: z.string(),
  gemeinschaftsflaeche: z.string().nullable(),
  anzahlParkkarten: z.number(),
});
export type ParzelleImJahr = z.infer<typeof parzelleImJahrResponse>;

/** GetAdresse's year scope (`pachtabrechnungID`, the newest year without it). */
export const adresseJahrResponse = z.object({
  pachtabrechnungId: z.number(),
  jahr: z.number(),
  parzellen: z.array(parzelleImJahrResponse),
});
export type AdresseJahr = z.infer<typeof adresseJahrResponse>;

/** GetAdresse: the address with its further persons, files and the plots of the year asked for. */
export const adresseDetailResponse = adresseResponse.extend({
  weiterePersonen: z.array(weiterePersonResponse),
  dateien: z.array(dateiResponse),
  /** The plots of the year asked for (GetAdresse's pachtabrechnungID), with that year's values. */
  jahr: adresseJahrResponse,
});
export type AdresseDetail = z.infer<typeof adresseDetailResponse>;

/** Common/Addressen and Common/AlleAdressen: every address by name. */
export const adresseLookupResponse = z.object({ id: z.number(), name: z.string(), ort: z.string() });
export type AdresseLookup = z.infer<typeof adresseLookupResponse>;

/** Common/Personen and Common/ActivePersonen: addresses and their further persons. */
export const personLookupResponse = z.object({
  id: z.number(),
  name: z.string(),
  typ: z.enum(['Adresse', 'WeiterePerson']),
  adresseId: z.number(),
});
export type PersonLookup = z.infer<typeof personLookupResponse>;
