import { z } from 'zod';
import { isValidBic, isValidIban, normalizeBic, normalizeIban } from '../../platform/payment/iban';
import { plzError, queryInt, strict, text } from '../../platform/validation';
import { isValidCreditorId, isValidHost, normalizeCreditorId, normalizeWebsite } from './schema/validators';

// Request schemas of the Vereinseinstellungen calls, one strict object per section. Unknown fields are
// refused, texts are trimmed, optional texts may be empty, absent or null (all stored as '').

const REQUIRED = 'Dieses Feld ist erforderlich.';
/** The message for a missing field or a value of the wrong JSON type. */
const typeError = (expected: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? REQUIRED : `Erwartet wird ${expected}.`;

// Texts follow the one rule of platform/validation; the SMTP password (not trimmed) has its own.
const hasControl = (s: string) => /\p{Cc}/u.test(s);
/** Half a UTF-16 pair cannot be stored in MySQL's utf8mb4 (it would fail as a 500). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** An optional text: '' when empty, absent or null. */
function optional<T extends z.ZodType<string, string>>(schema: T) {
  return schema.nullish().transform((v): string => v ?? '');
}

function required(max: number, message: string) {
  return text(max).min(1, { error: message, abort: true });
}

const emailCheck = z.email();
const isEmail = (s: string) => emailCheck.safeParse(s).success;
const EMAIL_MESSAGE = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
const optionalEmail = optional(text(254).refine((s) => s === '' || isEmail(s), EMAIL_MESSAGE));

function int(min: number, max: number, message = `Erlaubt ist eine ganze Zahl von ${min} bis ${max}.`) {
  return z
    .number({ error: typeError('eine Zahl') })
    .int('Erwartet wird eine ganze Zahl.')
    .min(min, message)
    .max(max, message);
}

const cents = (max: number) => int(0, max, `Erlaubt sind 0 bis ${max} Cent (ganze Cent).`);
const bool = () => z.boolean({ error: typeError('true oder false') });

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined ? REQUIRED : `Erlaubt sind: ${values.join(', ')}.`),
  });
}

/** Non-money decimals cross the API as strings with a dot (ARCHITECTURE.md), e.g. "3.0". */
function decimal(min: number, max: number) {
  return z
    .string({ error: typeError('eine Zahl als Text, z. B. "3.0"') })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, {
      error:
        'Erwartet wird eine Zahl mit Punkt als Dezimaltrennzeichen und höchstens zwei Nachkommastellen, z. B. 3.0.',
      abort: true,
    })
    .refine((s) => Number(s) >= min && Number(s) <= max, `Erlaubt sind Werte von ${min} bis ${max}.`);
}

/**
 * The `version` of the section or record as the client read it (optimistic locking): a save whose
 * version is no longer the stored one answers 409 `version_conflict`. Absent or null: no check
 * (older API scripts); ignored when creating.
 */
export const versionField = z
  .number({ error: typeError('eine ganze Zahl') })
  .int('Erwartet wird eine ganze Zahl.')
  .min(1, 'Die Version ist eine positive ganze Zahl.')
  .max(2_147_483_647, 'Die Zahl ist zu groß.')
  .nullish()
  .transform((v) => v ?? undefined);

/** A section's fields and its `version`; fields it does not know are refused by name. */
const section = <S extends z.ZodRawShape>(shape: S) => strict({ ...shape, version: versionField }, 'des Abschnitts');

export const adresseSchema = section({
  name: required(200, 'Bitte geben Sie den Vereinsnamen ein.'),
  zusatz: optional(text(200)),
  strasse: optional(text(200)),
  plz: optional(text(10)),
  ort: optional(text(100)),
  land: optional(text(100)),
  /** ZVR-Zahl: the number of the Austrian register of associations, 9 digits. */
  zvrZahl: optional(
    text(20)
      .transform((s) => s.replace(/\s/g, ''))
      .refine((s) => s === '' || /^\d{9}$/.test(s), 'Die ZVR-Zahl hat 9 Ziffern.'),
  ),
}).superRefine((v, ctx) => {
  const message = plzError(v.plz, v.land);
  if (message) ctx.addIssue({ code: 'custom', path: ['plz'], message });
});

export const kontaktSchema = section({
  telefon: optional(
    text(50).refine(
      (s) => s === '' || (/^[0-9+()/.\s-]+$/.test(s) && /\d/.test(s)),
      'Bitte nur Ziffern, Leerzeichen und + ( ) / - . verwenden.',
    ),
  ),
  email: optionalEmail,
  website: optional(
    text(200)
      .refine((s) => s === '' || normalizeWebsite(s) !== undefined, 'Bitte eine Webadresse wie www.verein.at angeben.')
      .transform((s) => (s === '' ? '' : (normalizeWebsite(s) ?? ''))),
  ),
  sprechstunden: optional(text(1000, true)),
});

export const bankSchema = section({
  /** The payee's name in the EPC QR code has at most 70 characters. */
  kontoinhaber: optional(text(70)),
  iban: optional(
    text(42)
      .transform(normalizeIban)
      .refine((s) => s === '' || isValidIban(s), 'Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht).'),
  ),
  bic: optional(
    text(14)
      .transform(normalizeBic)
      .refine((s) => s === '' || isValidBic(s), 'Der BIC ist ungültig (8 oder 11 Zeichen, z. B. BKAUATWW).'),
  ),
  bankname: optional(text(200)),
  /** SEPA-Gläubiger-ID for direct debits, e.g. AT92ZZZ00000012345. */
  glaeubigerId: optional(
    text(40)
      .transform(normalizeCreditorId)
      .refine((s) => s === '' || isValidCreditorId(s), 'Die Gläubiger-ID ist ungültig (z. B. AT92ZZZ00000012345).'),
  ),
});

export const texteSchema = section({
  zahlungsvorschreibungEinleitung: optional(text(4000, true)),
  zahlungsvorschreibungSchluss: optional(text(4000, true)),
  mahnungText: optional(text(4000, true)),
  rechnungText: optional(text(4000, true)),
});

export const texte2Schema = section({
  wasserrechnungText: optional(text(4000, true)),
  serienbriefFusszeile: optional(text(4000, true)),
  emailSignatur: optional(text(4000, true)),
});

export const anzahlSchema = section({
  zahlungszielTage: int(1, 365, 'Das Zahlungsziel muss 1 bis 365 Tage betragen.'),
  mahngebuehrStufe2Cent: cents(100_000),
  mahngebuehrStufe3Cent: cents(100_000),
  parkkartenProParzelle: int(0, 99),
});

/** Club MFA level: 0 off, 1 optional, 2 required for everyone. */
export const MFA_LEVELS = [0, 1, 2] as const;
export type MfaLevel = (typeof MFA_LEVELS)[number];
export const OPTION_FLAGS_LIMIT = 2 ** 28;

export const optionenSchema = section({
  mfa: int(0, 2, 'Erlaubt sind 0 (aus), 1 (freiwillig) oder 2 (für alle verpflichtend).'),
  /** Option01–Option27 as bit flags (spec §3); their meanings arrive with the modules that read them. */
  flags: int(0, OPTION_FLAGS_LIMIT - 1, `Erlaubt ist eine ganze Zahl von 0 bis ${OPTION_FLAGS_LIMIT - 1}.`),
});

export const SCHWUND_METHODEN = ['keine', 'proportional', 'gleichverteilt'] as const;
export const optionenWasserSchema = section({
  schwundMethode: oneOf(SCHWUND_METHODEN),
  /** Fehlersuche: consumption above this factor × the previous period is reported. */
  verbrauchsWarnFaktor: decimal(1, 100),
  /** Fehlersuche: loss above this percentage of a main meter is reported. */
  schwundWarnProzent: decimal(0, 100),
  akontoMindestCent: cents(10_000_000),
});

export const ZV_SORTIERUNGEN = ['parzelle', 'name'] as const;
export const optionenAbrechnungSchema = section({
  rechnungenTeilen: bool(),
  zvSortierung: oneOf(ZV_SORTIERUNGEN),
  zahlscheinDrucken: bool(),
});

export const optionenKassaSchema = section({
  steuerpflichtig: bool(),
  /** Geringwertige Wirtschaftsgüter up to this amount are written off at once (1,000 € in Austria). */
  sofortabschreibungGrenzeCent: cents(10_000_000),
});

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export const maileinstellungenBody = section({
  host: required(253, 'Bitte geben Sie den Mailserver an.').refine(
    isValidHost,
    'Bitte einen gültigen Servernamen angeben, z. B. smtp.example.at.',
  ),
  port: int(1, 65535, 'Der Port liegt zwischen 1 und 65535.'),
  security: oneOf(SMTP_SECURITY),
  user: optional(text(254)),
  /** Absent, null or empty keeps the stored password. Not trimmed: blanks may belong to it. */
  password: z
    .string({ error: typeError('ein Text') })
    .max(500, 'Höchstens 500 Zeichen.')
    .refine((s) => !hasControl(s) && !LONE_SURROGATE.test(s), 'Das Passwort enthält ungültige Zeichen.')
    .nullish(),
  fromName: optional(text(100)),
  fromAddress: required(254, 'Bitte geben Sie die Absenderadresse an.').refine(isEmail, EMAIL_MESSAGE),
  replyTo: optionalEmail,
});
export type MaileinstellungenInput = z.output<typeof maileinstellungenBody>;

export type Adresse = Omit<z.output<typeof adresseSchema>, 'version'>;
export type Kontakt = Omit<z.output<typeof kontaktSchema>, 'version'>;
export type Bank = Omit<z.output<typeof bankSchema>, 'version'>;
export type Texte = Omit<z.output<typeof texteSchema>, 'version'>;
export type Texte2 = Omit<z.output<typeof texte2Schema>, 'version'>;
export type Anzahl = Omit<z.output<typeof anzahlSchema>, 'version'>;
export type Optionen = Omit<z.output<typeof optionenSchema>, 'version'>;
export type OptionenWasser = Omit<z.output<typeof optionenWasserSchema>, 'version'>;
export type OptionenAbrechnung = Omit<z.output<typeof optionenAbrechnungSchema>, 'version'>;
export type OptionenKassa = Omit<z.output<typeof optionenKassaSchema>, 'version'>;

// ---- Answers: the UI imports their types (`import type`) from here (ADR 0005) ----

/** The mail settings as answered: the password itself never leaves the server. */
export const mailInfoResponse = z.object({
  host: z.string(),
  port: z.number(),
  security: z.enum(SMTP_SECURITY),
  user: z.string(),
  passwordSet: z.boolean(),
  fromName: z.string(),
  fromAddress: z.string(),
  replyTo: z.string(),
  /** Mail goes through these settings (host and sender set); else SMTP_* of the environment or the outbox. */
  configured: z.boolean(),
  /** The section's version (optimistic locking); in GET Vereinseinstellungen. */
  version: z.number().optional(),
});
export type MailInfo = z.infer<typeof mailInfoResponse>;

export const iconFileResponse = z.object({ fileId: z.number().nullable(), url: z.string() });
export type IconFile = z.infer<typeof iconFileResponse>;

/** A section as answered: its values and its version (optimistic locking, 1 until first saved). */
export type Versioned<T> = T & { version: number };

export type Vereinseinstellungen = {
  adresse: Versioned<Adresse>;
  kontakt: Versioned<Kontakt>;
  bank: Versioned<Bank>;
  mail: Versioned<MailInfo>;
  texte: Versioned<Texte>;
  texte2: Versioned<Texte2>;
  anzahl: Versioned<Anzahl>;
  optionen: Versioned<Optionen>;
  iconFile: IconFile;
  optionenWasser: Versioned<OptionenWasser>;
  optionenAbrechnung: Versioned<OptionenAbrechnung>;
  optionenKassa: Versioned<OptionenKassa>;
  /** The same level as optionen.mfa. */
  mfa: number;
};

export const vereinseinstellungenQuery = z.object({
  /** Accepted for the spec's sake; the club settings are the same for every year. */
  pachtabrechnungID: queryInt.optional(),
});
export const updateVereinseinstellungenQuery = z.object({ edit: z.string().max(100).optional() });

export const kategorieIdQuery = z.object({ id: queryInt });

export const abstellplatzKategorieBody = section({
  /** 0 or absent: a new category. */
  id: int(0, 2_147_483_647).optional(),
  name: required(100, 'Bitte geben Sie einen Namen ein.'),
  jahresgebuehrCent: cents(10_000_000).optional().default(0),
  aktiv: bool().optional().default(true),
});
export type AbstellplatzKategorieInput = z.output<typeof abstellplatzKategorieBody>;

export const abstellplatzKategorieResponse = z.object({
  id: z.number(),
  /** Optimistic lock: send it back with the save. */
  version: z.number(),
  name: z.string(),
  jahresgebuehrCent: z.number(),
  aktiv: z.boolean(),
});
export type AbstellplatzKategorie = z.infer<typeof abstellplatzKategorieResponse>;
