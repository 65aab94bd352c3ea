import { VEREINSNAME_KEY } from './common';
import { apiFetch } from './fetcher';
import { STEUERSATZ_FLAG_KEY } from './kassa';
import { mutateApi } from './mutateApi';
import { CURRENT_USER_KEY } from './swrConfig';
import { useApi } from './useApi';

// Shapes of docs/api/user-and-settings.md, "Vereinseinstellungen". Money is integer cents;
// decimals travel as strings with a dot ("3.0").

export type MfaLevel = 0 | 1 | 2;
export type MailSecurity = 'none' | 'starttls' | 'tls';

export interface Adresse {
  name: string;
  zusatz: string;
  strasse: string;
  plz: string;
  ort: string;
  land: string;
  zvrZahl: string;
}

export interface Kontakt {
  telefon: string;
  email: string;
  website: string;
  sprechstunden: string;
}

export interface Bank {
  kontoinhaber: string;
  iban: string;
  bic: string;
  bankname: string;
  glaeubigerId: string;
}

/** Read only in the settings answer; the password itself never appears. */
export interface MailSettings {
  host: string;
  port: number | null;
  security: MailSecurity;
  user: string;
  passwordSet: boolean;
  fromName: string;
  fromAddress: string;
  replyTo: string;
  configured: boolean;
  /** Optimistic lock of the Mail section: send it back with the save. */
  version?: number;
}

export interface Texte {
  zahlungsvorschreibungEinleitung: string;
  zahlungsvorschreibungSchluss: string;
  mahnungText: string;
  rechnungText: string;
}

export interface Texte2 {
  wasserrechnungText: string;
  serienbriefFusszeile: string;
  emailSignatur: string;
}

export interface Anzahl {
  zahlungszielTage: number;
  mahngebuehrStufe2Cent: number;
  mahngebuehrStufe3Cent: number;
  parkkartenProParzelle: number;
}

export interface Optionen {
  mfa: MfaLevel;
  /** Option01–Option27 bit flags (meanings not documented); sent back unchanged. */
  flags: number;
}

export interface IconFile {
  fileId: number | null;
  url: string;
}

export interface OptionenWasser {
  schwundMethode: 'keine' | 'proportional' | 'gleichverteilt';
  verbrauchsWarnFaktor: string;
  schwundWarnProzent: string;
  akontoMindestCent: number;
}

export interface OptionenAbrechnung {
  rechnungenTeilen: boolean;
  zvSortierung: 'parzelle' | 'name';
  zahlscheinDrucken: boolean;
}

export interface OptionenKassa {
  steuerpflichtig: boolean;
  sofortabschreibungGrenzeCent: number;
}

export interface Vereinseinstellungen {
  adresse: Adresse;
  kontakt: Kontakt;
  bank: Bank;
  mail: MailSettings;
  texte: Texte;
  texte2: Texte2;
  anzahl: Anzahl;
  optionen: Optionen;
  iconFile: IconFile | null;
  optionenWasser: OptionenWasser;
  optionenAbrechnung: OptionenAbrechnung;
  optionenKassa: OptionenKassa;
  mfa: MfaLevel;
}

/** The sections saved through UpdateVereinseinstellungen?edit=<Section>: data key → edit name. */
export const EDIT_SECTIONS = {
  adresse: 'Adresse',
  kontakt: 'Kontakt',
  bank: 'Bank',
  texte: 'Texte',
  texte2: 'Texte2',
  anzahl: 'Anzahl',
  optionen: 'Optionen',
  optionenWasser: 'OptionenWasser',
  optionenAbrechnung: 'OptionenAbrechnung',
  optionenKassa: 'OptionenKassa',
} as const satisfies Partial<Record<keyof Vereinseinstellungen, string>>;

export type EditSectionKey = keyof typeof EDIT_SECTIONS;

export const VEREINSEINSTELLUNGEN_KEY = '/api/Vereinseinstellungen/Vereinseinstellungen';
export const ABSTELLPLATZ_KATEGORIEN_KEY = '/api/Vereinseinstellungen/AbstellplatzKategorien';
export const SEND_TEST_MAIL_URL = '/api/Common/SendTestMail';

/** Logo uploads: what UpdateVereinsLogo accepts. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export function useVereinseinstellungen() {
  return useApi<Vereinseinstellungen>(VEREINSEINSTELLUNGEN_KEY);
}

/** Reads elsewhere in the app that depend on a section. */
const ALSO_REVALIDATE: Partial<Record<EditSectionKey, readonly string[]>> = {
  // The club name decorates every page title and the top bar.
  adresse: [VEREINSNAME_KEY],
  // MFA level 2 sets mfaSetupRequired on users without 2FA (RequireAuth sends them to set it up).
  optionen: [CURRENT_USER_KEY],
  // Whether the Steuerbericht shows in the menu.
  optionenKassa: [STEUERSATZ_FLAG_KEY],
};

/** Saves one section; the answer is the whole settings object. */
export function updateSection<K extends EditSectionKey>(section: K, body: Vereinseinstellungen[K]) {
  return mutateApi<Vereinseinstellungen>('/api/Vereinseinstellungen/UpdateVereinseinstellungen', {
    query: { edit: EDIT_SECTIONS[section] },
    json: body,
    revalidate: [VEREINSEINSTELLUNGEN_KEY, ...(ALSO_REVALIDATE[section] ?? [])],
  });
}

export interface MailSettingsInput {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  /** Absent or empty keeps the stored password. */
  password?: string;
  fromName: string;
  fromAddress: string;
  replyTo: string;
  /** The version read (optimistic lock); absent: no check. */
  version?: number;
}

export function updateMaileinstellungen(body: MailSettingsInput) {
  return mutateApi<Vereinseinstellungen>('/api/Vereinseinstellungen/UpdateMaileinstellungen', {
    json: body,
    revalidate: [VEREINSEINSTELLUNGEN_KEY],
  });
}

export function resetMaileinstellungen() {
  return mutateApi<Vereinseinstellungen>('/api/Vereinseinstellungen/ResetMaileinstellungen', {
    method: 'DELETE',
    revalidate: [VEREINSEINSTELLUNGEN_KEY],
  });
}

export function uploadVereinsLogo(file: File) {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return mutateApi<Vereinseinstellungen>('/api/Vereinseinstellungen/UpdateVereinsLogo', {
    formData,
    revalidate: [VEREINSEINSTELLUNGEN_KEY],
  });
}

export interface AbstellplatzKategorie {
  id: number;
  /** Optimistic lock: send it back with the save. */
  version: number;
  name: string;
  jahresgebuehrCent: number;
  aktiv: boolean;
}

export interface AbstellplatzKategorieInput {
  id?: number;
  version?: number;
  name: string;
  jahresgebuehrCent: number;
  aktiv: boolean;
}

export function useAbstellplatzKategorien() {
  return useApi<AbstellplatzKategorie[]>(ABSTELLPLATZ_KATEGORIEN_KEY);
}

export function saveAbstellplatzKategorie(body: AbstellplatzKategorieInput) {
  return mutateApi<AbstellplatzKategorie>('/api/Vereinseinstellungen/UpdateAbstellPlatzKategorie', {
    json: body,
    saves: 'AbstellplatzKategorie',
  });
}

export function deleteAbstellplatzKategorie(id: number) {
  return mutateApi<void>('/api/Vereinseinstellungen/DeleteAbstellplatzKategorie', {
    method: 'DELETE',
    query: { id },
    saves: 'AbstellplatzKategorie',
  });
}

export interface TestMailResult {
  transport: 'smtp' | 'outbox';
  messageId: string;
  /** The .eml file in the outbox (transport 'outbox' only). */
  file: string | null;
}

async function _readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (/[/+]json\b/i.test(response.headers.get('Content-Type') ?? '') && text !== '') {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return text;
}

/**
 * GET Common/SendTestMail. A GET that sends a mail, so the server wants the anti-forgery header as
 * for a POST; apiFetch adds it only to unsafe methods, hence this one request of its own.
 */
export function sendTestMail(mailTo: string): Promise<TestMailResult> {
  return apiFetch<TestMailResult>(SEND_TEST_MAIL_URL, { query: { mailTo }, xsrf: true });
}
