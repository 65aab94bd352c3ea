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
