import type { z } from 'zod';
import type { TestMailResult } from '../../../src/modules/common/schema';
import type {
  AbstellplatzKategorie,
  abstellplatzKategorieBody,
  MailInfo,
  maileinstellungenBody,
  SMTP_SECURITY,
  Vereinseinstellungen,
} from '../../../src/modules/vereinseinstellungen/schema';
import { VEREINSNAME_KEY } from './common';
import { apiFetch } from './fetcher';
import { STEUERSATZ_FLAG_KEY } from './kassa';
import { mutateApi } from './mutateApi';
import { CURRENT_USER_KEY } from './swrConfig';
import { useApi } from './useApi';

export type { TestMailResult } from '../../../src/modules/common/schema';
// Shapes of docs/api/user-and-settings.md, "Vereinseinstellungen". Money is integer cents;
// decimals travel as strings with a dot ("3.0"). The answer types are the server's
// (src/modules/vereinseinstellungen/schema.ts), never copies (ADR 0005).
export type {
  AbstellplatzKategorie,
  Adresse,
  Anzahl,
  Bank,
  IconFile,
  Kontakt,
  MfaLevel,
  Optionen,
  OptionenAbrechnung,
  OptionenKassa,
  OptionenWasser,
  Texte,
  Texte2,
  Vereinseinstellungen,
} from '../../../src/modules/vereinseinstellungen/schema';
export type MailSecurity = (typeof SMTP_SECURITY)[number];
/** Read only in the settings answer; the password itself never appears. */
export type MailSettings = MailInfo;

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

/** The save body of the Maileinstellungen: the route's schema's input type (ADR 0005). */
export type MailSettingsInput = z.input<typeof maileinstellungenBody>;

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

export type AbstellplatzKategorieInput = z.input<typeof abstellplatzKategorieBody>;

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
