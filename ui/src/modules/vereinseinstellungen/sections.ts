import type { z } from 'zod';
import {
  adresseSchema,
  anzahlSchema,
  bankSchema,
  kontaktSchema,
  optionenAbrechnungSchema,
  optionenKassaSchema,
  optionenSchema,
  optionenWasserSchema,
  texte2Schema,
  texteSchema,
} from '../../../../src/modules/vereinseinstellungen/schema';
import type { EditSectionKey } from '../../api/vereinseinstellungen';
import {
  centsToEuro,
  compactIban,
  decimalToDisplay,
  decimalToWire,
  euroToCents,
  formatIban,
  isDecimal,
} from '../../lib/fieldFormats';
import { schemaErrors } from '../../lib/schemaErrors';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'url'
  | 'tel'
  | 'iban'
  | 'money'
  | 'integer'
  | 'decimal'
  | 'switch'
  | 'picker';

export interface PickerOption {
  key: string;
  label: string;
  /** What the server gets (numbers for the MFA level). */
  value: string | number;
}

export interface FieldDef {
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  description?: string;
  options?: readonly PickerOption[];
  /** Autocomplete hint for the browser. */
  autoComplete?: string;
}

export interface SectionDef {
  key: EditSectionKey;
  title: string;
  description?: string;
  fields: readonly FieldDef[];
  /**
   * The server's own request schema of the section: the form checks with it, so the UI's rules
   * (lengths, ranges, formats) can never disagree with the server's. Lengths and ranges are
   * therefore not repeated in the field definitions: no maxLength that cuts off a paste, no
   * min/max that a NumberField would clamp to silently.
   */
  schema: z.ZodType;
}

export type FormValue = string | number | boolean;
export type FormValues = Record<string, FormValue>;

export const MFA_OPTIONS: readonly PickerOption[] = [
  { key: '0', label: 'Aus', value: 0 },
  { key: '1', label: 'Freiwillig', value: 1 },
  { key: '2', label: 'Für alle verpflichtend', value: 2 },
];

/** The sections of UpdateVereinseinstellungen, in tab order. The Logo tab is its own component. */
export const SECTIONS: readonly SectionDef[] = [
  {
    key: 'adresse',
    schema: adresseSchema,
    title: 'Adresse',
    description: 'Name und Anschrift des Vereins, wie sie auf Briefen, Rechnungen und Vorschreibungen stehen.',
    fields: [
      { key: 'name', label: 'Vereinsname', kind: 'text', required: true, autoComplete: 'organization' },
      { key: 'zusatz', label: 'Namenszusatz', kind: 'text' },
      { key: 'strasse', label: 'Straße und Hausnummer', kind: 'text', autoComplete: 'street-address' },
      {
        key: 'plz',
        label: 'PLZ',
        kind: 'text',
        autoComplete: 'postal-code',
        description: 'In Österreich vierstellig, z. B. 1100.',
      },
      { key: 'ort', label: 'Ort', kind: 'text', autoComplete: 'address-level2' },
      { key: 'land', label: 'Land', kind: 'text', autoComplete: 'country-name' },
      {
        key: 'zvrZahl',
        label: 'ZVR-Zahl',
        kind: 'text',
        description: 'Die Zahl aus dem Zentralen Vereinsregister.',
      },
    ],
  },
  {
    key: 'kontakt',
    schema: kontaktSchema,
    title: 'Kontakt',
    description: 'Wie Mitglieder den Verein erreichen; erscheint im Briefkopf.',
    fields: [
      { key: 'telefon', label: 'Telefon', kind: 'tel', autoComplete: 'tel' },
      { key: 'email', label: 'E-Mail', kind: 'email', autoComplete: 'email' },
      { key: 'website', label: 'Website', kind: 'url', autoComplete: 'url' },
      { key: 'sprechstunden', label: 'Sprechstunden', kind: 'textarea' },
    ],
  },
  {
    key: 'bank',
    schema: bankSchema,
    title: 'Bank',
    description: 'Das Vereinskonto für Zahlscheine, QR-Codes und SEPA-Lastschriften.',
    fields: [
      { key: 'kontoinhaber', label: 'Kontoinhaber', kind: 'text' },
      { key: 'iban', label: 'IBAN', kind: 'iban', description: 'z. B. AT61 1904 3002 3457 3201' },
      { key: 'bic', label: 'BIC', kind: 'text', description: '8 oder 11 Zeichen, z. B. BKAUATWW' },
      { key: 'bankname', label: 'Bank', kind: 'text' },
      {
        key: 'glaeubigerId',
        label: 'Creditor-ID (Gläubiger-ID)',
        kind: 'text',
        description: 'Nur für SEPA-Lastschriften nötig, z. B. AT12ZZZ00000000001.',
      },
    ],
  },
  {
    key: 'texte',
    schema: texteSchema,
    title: 'Texte',
    description: 'Texte auf Zahlungsvorschreibungen, Mahnungen und Rechnungen.',
    fields: [
      { key: 'zahlungsvorschreibungEinleitung', label: 'Zahlungsvorschreibung – Einleitung', kind: 'textarea' },
      { key: 'zahlungsvorschreibungSchluss', label: 'Zahlungsvorschreibung – Schluss', kind: 'textarea' },
      { key: 'mahnungText', label: 'Mahnung', kind: 'textarea' },
      { key: 'rechnungText', label: 'Rechnung', kind: 'textarea' },
    ],
  },
  {
    key: 'texte2',
    schema: texte2Schema,
    title: 'Weitere Texte',
    description: 'Texte auf Wasserrechnungen, Serienbriefen und E-Mails.',
    fields: [
      { key: 'wasserrechnungText', label: 'Wasserrechnung', kind: 'textarea' },
      { key: 'serienbriefFusszeile', label: 'Serienbrief – Fußzeile', kind: 'textarea' },
      { key: 'emailSignatur', label: 'E-Mail-Signatur', kind: 'textarea' },
    ],
  },
  {
    key: 'anzahl',
    schema: anzahlSchema,
    title: 'Fristen und Gebühren',
    fields: [
      {
        key: 'zahlungszielTage',
        label: 'Zahlungsziel in Tagen',
        kind: 'integer',
        required: true,
        description: 'Zwischen 1 und 365 Tagen.',
      },
      { key: 'mahngebuehrStufe2Cent', label: 'Mahngebühr 2. Mahnung', kind: 'money', required: true },
      { key: 'mahngebuehrStufe3Cent', label: 'Mahngebühr 3. Mahnung', kind: 'money', required: true },
      {
        key: 'parkkartenProParzelle',
        label: 'Parkkarten je Parzelle',
        kind: 'integer',
        required: true,
      },
    ],
  },
  {
    key: 'optionen',
    schema: optionenSchema,
    title: 'Optionen',
    fields: [
      {
        key: 'mfa',
        label: 'Zwei-Faktor-Anmeldung',
        kind: 'picker',
        options: MFA_OPTIONS,
        description: 'Ein zusätzlicher Code aus einer Authenticator-App am Smartphone schützt die Konten.',
      },
    ],
  },
  {
    key: 'optionenWasser',
    schema: optionenWasserSchema,
    title: 'Wasser',
    fields: [
      {
        key: 'schwundMethode',
        label: 'Schwund verteilen',
        kind: 'picker',
        options: [
          { key: 'keine', label: 'Nicht verteilen', value: 'keine' },
          { key: 'proportional', label: 'Nach Verbrauch (anteilig)', value: 'proportional' },
          { key: 'gleichverteilt', label: 'Gleichmäßig auf alle Parzellen', value: 'gleichverteilt' },
        ],
        description: 'Der Unterschied zwischen Hauptwasserzähler und der Summe der Parzellenzähler.',
      },
      {
        key: 'verbrauchsWarnFaktor',
        label: 'Verbrauchswarnung ab Faktor',
        kind: 'decimal',
        required: true,
        description:
          'Warnt bei der Ablesung, wenn eine Parzelle mehr als das Vielfache des Vorjahres verbraucht, z. B. 3,0.',
      },
      {
        key: 'schwundWarnProzent',
        label: 'Schwundwarnung ab Prozent',
        kind: 'decimal',
        required: true,
        description: 'Warnt, wenn der Schwund mehr als diesen Anteil des Gesamtverbrauchs ausmacht, z. B. 30.',
      },
      { key: 'akontoMindestCent', label: 'Mindestbetrag Akonto', kind: 'money', required: true },
    ],
  },
  {
    key: 'optionenAbrechnung',
    schema: optionenAbrechnungSchema,
    title: 'Abrechnung',
    fields: [
      {
        key: 'rechnungenTeilen',
        label: 'Rechnungen teilen',
        kind: 'switch',
        description: 'Eine eigene Rechnung je Abrechnungsart statt einer gemeinsamen.',
      },
      {
        key: 'zvSortierung',
        label: 'Sortierung der Zahlungsvorschreibungen',
        kind: 'picker',
        options: [
          { key: 'parzelle', label: 'Nach Parzelle', value: 'parzelle' },
          { key: 'name', label: 'Nach Name', value: 'name' },
        ],
      },
      { key: 'zahlscheinDrucken', label: 'Zahlschein mitdrucken', kind: 'switch' },
    ],
  },
  {
    key: 'optionenKassa',
    schema: optionenKassaSchema,
    title: 'Kassa',
    fields: [
      {
        key: 'steuerpflichtig',
        label: 'Verein ist umsatzsteuerpflichtig',
        kind: 'switch',
        description: 'Dann gibt es Steuersätze bei den Buchungen und den Steuerbericht.',
      },
      {
        key: 'sofortabschreibungGrenzeCent',
        label: 'Grenze für die Sofortabschreibung',
        kind: 'money',
        required: true,
        description: 'Anlagen bis zu diesem Betrag werden im Jahr der Anschaffung ganz abgeschrieben.',
      },
    ],
  },
];

/** The server's value of one field → what the form shows. */
export function toFormValue(field: FieldDef, raw: unknown): FormValue {
  switch (field.kind) {
    case 'money':
      return centsToEuro(raw);
    case 'integer':
      return typeof raw === 'number' && Number.isFinite(raw) ? raw : Number.NaN;
    case 'decimal':
      return decimalToDisplay(raw);
    case 'iban':
      return formatIban(raw);
    case 'switch':
      return raw === true;
    case 'picker': {
      const match = field.options?.find((option) => String(option.value) === String(raw));
      return match?.key ?? field.options?.[0]?.key ?? '';
    }
    default:
      return typeof raw === 'string' ? raw : raw === null || raw === undefined ? '' : String(raw);
  }
}

/** What the form shows → the server's value. */
export function toWireValue(field: FieldDef, value: FormValue): unknown {
  switch (field.kind) {
    case 'money':
      return euroToCents(Number(value));
    case 'integer':
      return Number(value);
    case 'decimal':
      return decimalToWire(String(value));
    case 'iban':
      return compactIban(String(value));
    case 'switch':
      return value === true;
    case 'picker':
      return field.options?.find((option) => option.key === value)?.value ?? value;
    case 'textarea':
      return String(value);
    default:
      return String(value).trim();
  }
}

export function toFormValues(section: SectionDef, data: object | null | undefined): FormValues {
  const source = (data ?? {}) as Record<string, unknown>;
  return Object.fromEntries(section.fields.map((field) => [field.key, toFormValue(field, source[field.key])]));
}

/** The section's object for the server: the saved one with the form's fields on top (keeps e.g. flags). */
export function toPayload(section: SectionDef, saved: object | null | undefined, values: FormValues) {
  const payload: Record<string, unknown> = { ...(saved ?? {}) };
  for (const field of section.fields) {
    const value = values[field.key];
    if (value !== undefined) payload[field.key] = toWireValue(field, value);
  }
  return payload;
}

/** What the form could not turn into a value for the server: empty numbers, decimals mistyped. */
export function inputError(field: FieldDef, value: FormValue | undefined): string | undefined {
  switch (field.kind) {
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'Bitte geben Sie einen Betrag ein.';
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'Bitte geben Sie eine Zahl ein.';
    case 'decimal': {
      const text = String(value ?? '').trim();
      if (text === '') return undefined;
      return isDecimal(text)
        ? undefined
        : 'Bitte geben Sie eine Zahl mit höchstens zwei Nachkommastellen ein, z. B. 3,0.';
    }
    default:
      return undefined;
  }
}

const EURO = new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' });

/** The bounds of a number in a zod object schema (through optional/default wrappers). */
export function numberBounds(schema: z.ZodType, key: string): { min?: number; max?: number } {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  let inner: unknown = shape?.[key];
  // Optional, default and nullable wrappers keep the number in `def.innerType`.
  for (let i = 0; i < 5 && inner; i++) {
    const def = (inner as { def?: { innerType?: unknown } }).def;
    if (!def?.innerType) break;
    inner = def.innerType;
  }
  const number = inner as { minValue?: number | null; maxValue?: number | null } | undefined;
  return {
    ...(typeof number?.minValue === 'number' && Number.isFinite(number.minValue) ? { min: number.minValue } : {}),
    ...(typeof number?.maxValue === 'number' && Number.isFinite(number.maxValue) ? { max: number.maxValue } : {}),
  };
}

/**
 * The server counts money in cents ("Erlaubt sind 0 bis 100000 Cent"); the form shows euros, so a
 * range error of a money field is said in euros, with the schema's own bounds.
 */
export function moneyRangeMessage(schema: z.ZodType, key: string): string | undefined {
  const { min, max } = numberBounds(schema, key);
  if (min === undefined || max === undefined) return undefined;
  return `Erlaubt sind ${EURO.format(min / 100)} bis ${EURO.format(max / 100)}.`;
}

/**
 * The section's errors as the server would answer them: first what the form could not convert,
 * then the server's own schema on the body the save would send.
 */
export function validateValues(section: SectionDef, values: FormValues, saved?: object | null): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of section.fields) {
    const message = inputError(field, values[field.key]);
    if (message) errors[field.key] = message;
  }
  const keys = section.fields.map((field) => field.key);
  const checked = schemaErrors(section.schema, toPayload(section, saved, values), keys);
  for (const field of section.fields) {
    const message = checked.fields[field.key];
    if (!message || errors[field.key]) continue;
    errors[field.key] = field.kind === 'money' ? (moneyRangeMessage(section.schema, field.key) ?? message) : message;
  }
  return errors;
}

/** Compares form values; NaN equals NaN (two empty number fields). */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (!Object.is(a[key], b[key])) return false;
  }
  return true;
}
