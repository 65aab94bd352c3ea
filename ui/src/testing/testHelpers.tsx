import { act } from 'react';
import { json } from './appHarness';

/** A signed-in Obmann; rights decide what the screens offer. */
export const USER = {
  name: 'Olga Obfrau',
  role: 'Obmann',
  email: 'obfrau@kgv-sonnenhang.at',
  mfa: true,
  isAdmin: true,
  isGlobalAdmin: false,
};

export const EDIT_RIGHTS = ['WebApp.Vereinseinstellungen.View', 'WebApp.Vereinseinstellungen.Edit'];
export const VIEW_RIGHTS = ['WebApp.Vereinseinstellungen.View', 'WebApp.Stammdaten.View'];

export function signedIn(rights: readonly string[]) {
  return {
    'GET /api/User': () => json(USER),
    'POST /api/Common/GetRights?instanceID=menu': () => json(rights),
  };
}

export function settings(overrides: Record<string, unknown> = {}) {
  return {
    adresse: {
      name: 'KGV Sonnenhang',
      zusatz: 'Zweigverein Favoriten',
      strasse: 'Sonnenhangweg 1',
      plz: '1100',
      ort: 'Wien',
      land: 'Österreich',
      zvrZahl: '123456789',
    },
    kontakt: { telefon: '+43 1 234 56', email: 'office@kgv-sonnenhang.at', website: '', sprechstunden: 'Sa 10–12' },
    bank: {
      kontoinhaber: 'KGV Sonnenhang',
      iban: 'AT611904300234573201',
      bic: 'BKAUATWW',
      bankname: 'Bank Austria',
      glaeubigerId: '',
    },
    mail: {
      host: '',
      port: null,
      security: 'starttls',
      user: '',
      passwordSet: false,
      fromName: '',
      fromAddress: '',
      replyTo: '',
      configured: false,
    },
    texte: {
      zahlungsvorschreibungEinleitung: 'Sehr geehrte',
      zahlungsvorschreibungSchluss: '',
      mahnungText: '',
      rechnungText: '',
    },
    texte2: { wasserrechnungText: '', serienbriefFusszeile: '', emailSignatur: '' },
    anzahl: { zahlungszielTage: 14, mahngebuehrStufe2Cent: 500, mahngebuehrStufe3Cent: 1000, parkkartenProParzelle: 2 },
    optionen: { mfa: 1, flags: 5 },
    iconFile: { fileId: 7, url: '/api/Common/GetLogo' },
    optionenWasser: {
      schwundMethode: 'proportional',
      verbrauchsWarnFaktor: '3.0',
      schwundWarnProzent: '30',
      akontoMindestCent: 2000,
    },
    optionenAbrechnung: { rechnungenTeilen: false, zvSortierung: 'parzelle', zahlscheinDrucken: true },
    optionenKassa: { steuerpflichtig: false, sofortabschreibungGrenzeCent: 100000 },
    mfa: 1,
    ...overrides,
  };
}

const clean = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/\u200b/g, '')
    .replace('(erforderlich)', '')
    .replace('(optional)', '')
    .trim();

/** The input (or textarea) a visible label names. */
export function field(root: ParentNode, label: string): HTMLInputElement {
  const element = [...root.querySelectorAll('label')].find((candidate) => clean(candidate.textContent) === label);
  const id = element?.getAttribute('for');
  const input = id ? document.getElementById(id) : null;
  if (!input) throw new Error(`no field labelled ${label}`);
  return input as HTMLInputElement;
}

export function button(root: ParentNode, text: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find(
    (candidate) => clean(candidate.textContent) === text || candidate.getAttribute('aria-label') === text,
  );
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

export function hasButton(root: ParentNode, text: string): boolean {
  return [...root.querySelectorAll('button')].some((candidate) => clean(candidate.textContent) === text);
}

export async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** Types into a React-controlled textarea the way a browser does. */
export async function typeIntoTextArea(input: HTMLTextAreaElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Leaves a field (NumberField commits and formats its text on blur). */
export async function blur(input: HTMLElement): Promise<void> {
  await act(async () => {
    input.dispatchEvent(new FocusEvent('blur', { bubbles: false }));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

export function callsTo(fetchMock: { mock: { calls: unknown[][] } }, method: string, url: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => String(input) === url && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
  ) as [RequestInfo | URL, RequestInit | undefined][];
}
