import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, waitFor } from '../../testing/appHarness';
import { setTestCookie } from '../../testing/cookies';
import {
  button,
  callsTo,
  click,
  EDIT_RIGHTS,
  field,
  hasButton,
  signedIn,
  typeIntoTextArea,
  VIEW_RIGHTS,
} from '../../testing/testHelpers';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/emails/mail';
const GET = (typ: string) => `GET /api/Email/GetMailTemplate?mailTemplateTyp=${typ}`;
const UPDATE = '/api/Email/UpdateMailTemplate';
const RESET = '/api/Email/ResetMailTemplate?mailTemplateTyp=Zahlungsvorschreibung';

const PLATZHALTER = [
  { name: 'name', beschreibung: 'Ganzer Name (Titel, Vorname, Nachname)' },
  { name: 'betrag', beschreibung: 'Zu zahlender Betrag (z. B. „€ 123,45“)' },
  { name: 'verein', beschreibung: 'Name des Vereins' },
];
const DEFAULT = {
  typ: 'Zahlungsvorschreibung',
  betreff: 'Zahlungsvorschreibung {{jahr}}',
  text: 'Guten Tag {{name}}',
  version: 0,
  standard: true,
  platzhalter: PLATZHALTER,
};
const SAVED = { ...DEFAULT, betreff: 'Ihre Vorschreibung', text: 'Hallo {{name}}', version: 3, standard: false };

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const alertDialog = () => document.body.querySelector('[role="alertdialog"]');
const textArea = () => field(container, 'Text') as unknown as HTMLTextAreaElement;

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(() => app.tearDown());

describe('MailVorlagenScreen', () => {
  it('loads the default of the Zahlungsvorschreibung with its placeholders and the badge', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [GET('Zahlungsvorschreibung')]: () => json(DEFAULT) });
    await app.renderAt(PATH);
    await waitFor(() => expect(field(container, 'Betreff').value).toBe('Zahlungsvorschreibung {{jahr}}'));
    await waitFor(() => expect(document.title).toBe('E-Mail-Vorlagen – KGV Sonnenhang'));
    expect(textArea().value).toBe('Guten Tag {{name}}');
    expect(container.textContent).toContain('Standardvorlage');
    expect(container.textContent).toContain('Zu zahlender Betrag');
    expect(hasButton(container, 'Auf Standard zurücksetzen')).toBe(false);
  });

  it('opens the template the URL names', async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET('PasswortVergessen')]: () =>
        json({ ...DEFAULT, typ: 'PasswortVergessen', betreff: 'Neues Passwort', platzhalter: [PLATZHALTER[0]] }),
    });
    await app.renderAt(`${PATH}?typ=PasswortVergessen`);
    await waitFor(() => expect(field(container, 'Betreff').value).toBe('Neues Passwort'));
  });

  it('inserts a placeholder at the cursor, saves with the version and drops the badge', async () => {
    let current: typeof DEFAULT = DEFAULT;
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET('Zahlungsvorschreibung')]: () => json(current),
      [`POST ${UPDATE}`]: (init) => {
        current = { ...DEFAULT, ...bodyOf(init), version: 1, standard: false };
        return json(current);
      },
    });
    await app.renderAt(PATH);
    await waitFor(() => textArea());
    await typeIntoTextArea(textArea(), 'Guten Tag , bitte zahlen');
    textArea().setSelectionRange(10, 10);
    textArea().dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    textArea().dispatchEvent(new FocusEvent('blur'));
    await click(button(container, '{{betrag}} einfügen'));
    await waitFor(() => expect(textArea().value).toBe('Guten Tag {{betrag}}, bitte zahlen'));
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', UPDATE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', UPDATE)[0]![1])).toEqual({
      typ: 'Zahlungsvorschreibung',
      betreff: 'Zahlungsvorschreibung {{jahr}}',
      text: 'Guten Tag {{betrag}}, bitte zahlen',
      version: 0,
    });
    await waitFor(() => expect(toasts.positive).toHaveBeenCalled());
    await waitFor(() => expect(container.textContent).not.toContain('Standardvorlage'));
  });

  it('appends a placeholder to the text when no field had the cursor', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [GET('Zahlungsvorschreibung')]: () => json(DEFAULT) });
    await app.renderAt(PATH);
    await waitFor(() => textArea());
    await click(button(container, '{{verein}} einfügen'));
    expect(textArea().value).toBe('Guten Tag {{name}}{{verein}}');
  });

  it("shows the server's unknown-placeholder error at the text", async () => {
    const message = 'Unbekannter Platzhalter {{foo}} – erlaubt sind: {{name}}, {{verein}}.';
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET('Zahlungsvorschreibung')]: () => json(DEFAULT),
      [`POST ${UPDATE}`]: () =>
        json({ title: 'Die Eingaben sind nicht gültig.', status: 422, errors: { text: [message] } }, 422),
    });
    await app.renderAt(PATH);
    await waitFor(() => textArea());
    await typeIntoTextArea(textArea(), 'Hallo {{foo}}');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(container.textContent).toContain('Unbekannter Platzhalter {{foo}}'));
    expect(textArea().getAttribute('aria-invalid')).toBe('true');
    expect(toasts.positive).not.toHaveBeenCalled();
  });

  it('resets a saved template to the default after asking', async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET('Zahlungsvorschreibung')]: () => json(SAVED),
      [`DELETE ${RESET}`]: () => json(DEFAULT),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(field(container, 'Betreff').value).toBe('Ihre Vorschreibung'));
    expect(container.textContent).not.toContain('Standardvorlage');
    await click(button(container, 'Auf Standard zurücksetzen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('zurücksetzen?'));
    expect(callsTo(app.fetchMock, 'DELETE', RESET)).toHaveLength(0);
    await click(button(alertDialog()!, 'Auf Standard zurücksetzen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', RESET)).toHaveLength(1));
    await waitFor(() => expect(field(container, 'Betreff').value).toBe('Zahlungsvorschreibung {{jahr}}'));
  });

  it('shows the template read-only without the edit right', async () => {
    app.api({ ...signedIn(VIEW_RIGHTS), [GET('Zahlungsvorschreibung')]: () => json(SAVED) });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Nur ansehen'));
    await waitFor(() => expect(field(container, 'Betreff').value).toBe('Ihre Vorschreibung'));
    expect(field(container, 'Betreff').readOnly).toBe(true);
    expect(hasButton(container, 'Speichern')).toBe(false);
    expect(hasButton(container, 'Auf Standard zurücksetzen')).toBe(false);
    expect(container.querySelector('button[aria-label="{{name}} einfügen"]')).toBeNull();
    expect(container.textContent).toContain('{{name}}');
  });
});
