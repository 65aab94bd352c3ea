import type { EditSectionKey } from '../../api/vereinseinstellungen';
import {
  centsToEuro,
  compactIban,
  decimalToDisplay,
  decimalToWire,
  euroToCents,
  formatIban,
  isDecimal,
  isEmail,
} from '../../lib/fieldFormats';

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
  minValue?: number;
  maxValue?: number;
  maxLength?: number;
  /** Autocomplete hint for the browser. */
  autoComplete?: string;
}

export interface SectionDef {
  key: EditSectionKey;
  title: string;
  description?: string;
  fields: readonly FieldDef[];
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
    title: 'Adresse',
    description: 'Name und Anschrift des Vereins, wie sie auf Briefen, Rechnungen und Vorschreibungen stehen.',
    fields: [
      { key: 'name', label: 'Vereinsname', kind: 'text', required: true, maxLength: 200, autoComplete: 'organization' },
      { key: 'zusatz', label: 'Namenszusatz', kind: 'text', maxLength: 200 },
      { key: 'strasse', label: 'Straße und Hausnummer', kind: 'text', maxLength: 200, autoComplete: 'street-address' },
      {
        key: 'plz',
        label: 'PLZ',
        kind: 'text',
        maxLength: 10,
        autoComplete: 'postal-code',
        description: 'In Österreich vierstellig, z. B. 1100.',
      },
      { key: 'ort', label: 'Ort', kind: 'text', maxLength: 100, autoComplete: 'address-level2' },
      { key: 'land', label: 'Land', kind: 'text', maxLength: 100, autoComplete: 'country-name' },
      {
        key: 'zvrZahl',
        label: 'ZVR-Zahl',
        kind: 'text',
        maxLength: 20,
        description: 'Die Zahl aus dem Zentralen Vereinsregister.',
      },
    ],
  },
  {
    key: 'kontakt',
    title: 'Kontakt',
    description: 'Wie Mitglieder den Verein erreichen; erscheint im Briefkopf.',
    fields: [
      { key: 'telefon', label: 'Telefon', kind: 'tel', maxLength: 50, autoComplete: 'tel' },
      { key: 'email', label: 'E-Mail', kind: 'email', maxLength: 200, autoComplete: 'email' },
      { key: 'website', label: 'Website', kind: 'url', maxLength: 200, autoComplete: 'url' },
      { key: 'sprechstunden', label: 'Sprechstunden', kind: 'textarea', maxLength: 1000 },
    ],
  },
  {
    key: 'bank',
    title: 'Bank',
    description: 'Das Vereinskonto für Zahlscheine, QR-Codes und SEPA-Lastschriften.',
    fields: [
      { key: 'kontoinhaber', label: 'Kontoinhaber', kind: 'text', maxLength: 200 },
      { key: 'iban', label: 'IBAN', kind: 'iban', maxLength: 42, description: 'z. B. AT61 1904 3002 3457 3201' },
      { key: 'bic', label: 'BIC', kind: 'text', maxLength: 11, description: '8 oder 11 Zeichen, z. B. BKAUATWW' },
      { key: 'bankname', label: 'Bank', kind: 'text', maxLength: 200 },
      {
        key: 'glaeubigerId',
        label: 'Creditor-ID (Gläubiger-ID)',
        kind: 'text',
        maxLength: 35,
        description: 'Nur für SEPA-Lastschriften nötig, z. B. AT12ZZZ00000000001.',
      },
    ],
  },
  {
    key: 'texte',
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
    title: 'Fristen und Gebühren',
    fields: [
      {
        key: 'zahlungszielTage',
        label: 'Zahlungsziel in Tagen',
        kind: 'integer',
        required: true,
        minValue: 1,
        maxValue: 365,
        description: 'Zwischen 1 und 365 Tagen.',
      },
      { key: 'mahngebuehrStufe2Cent', label: 'Mahngebühr 2. Mahnung', kind: 'money', required: true, minValue: 0 },
      { key: 'mahngebuehrStufe3Cent', label: 'Mahngebühr 3. Mahnung', kind: 'money', required: true, minValue: 0 },
      {
        key: 'parkkartenProParzelle',
        label: 'Parkkarten je Parzelle',
        kind: 'integer',
        required: true,
        minValue: 0,
        maxValue: 99,
      },
    ],
  },
  {
    key: 'optionen',
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
      { key: 'akontoMindestCent', label: 'Mindestbetrag Akonto', kind: 'money', required: true, minValue: 0 },
    ],
  },
  {
    key: 'optionenAbrechnung',
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
        minValue: 0,
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

/** Client-side checks before the server's: required fields, e-mail shape, numbers. */
export function validateField(field: FieldDef, value: FormValue | undefined): string | undefined {
  switch (field.kind) {
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'Bitte geben Sie einen Betrag ein.';
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'Bitte geben Sie eine Zahl ein.';
    case 'switch':
    case 'picker':
      return undefined;
    default: {
      const text = String(value ?? '').trim();
      if (text === '') return field.required ? 'Bitte füllen Sie dieses Feld aus.' : undefined;
      if (field.kind === 'email' && !isEmail(text)) return 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
      if (field.kind === 'decimal' && !isDecimal(text))
        return 'Bitte geben Sie eine Zahl mit höchstens zwei Nachkommastellen ein, z. B. 3,0.';
      return undefined;
    }
  }
}

export function validateValues(section: SectionDef, values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of section.fields) {
    const message = validateField(field, values[field.key]);
    if (message) errors[field.key] = message;
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
