import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../testing/appHarness';
import { setTestCookie } from '../../testing/cookies';
import {
  blur,
  button,
  callsTo,
  click,
  EDIT_RIGHTS,
  field,
  hasButton,
  settings,
  signedIn,
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
const PATH = '/grundeinstellungen/maileinstellungen';
const GET = 'GET /api/Vereinseinstellungen/Vereinseinstellungen';
const UPDATE = '/api/Vereinseinstellungen/UpdateMaileinstellungen';

const CONFIGURED = {
  host: 'smtp.example.at',
  port: 587,
  security: 'starttls',
  user: 'verein@example.at',
  passwordSet: true,
  fromName: 'KGV Sonnenhang',
  fromAddress: 'verein@example.at',
  replyTo: '',
  configured: true,
};

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const alertDialog = () => document.body.querySelector('[role="alertdialog"]');

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.neutral.mockClear();
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(() => app.tearDown());

describe('MaileinstellungenScreen', () => {
  it('never shows a password, even one a faulty server sent, and sends none unless typed', async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(settings({ mail: { ...CONFIGURED, password: 'streng-geheim' } })),
      [`POST ${UPDATE}`]: () => json(settings({ mail: CONFIGURED })),
    });
    await app.renderAt(PATH);
    await waitFor(() => field(container, 'Passwort'));
    await waitFor(() => expect(document.title).toBe('Maileinstellungen – KGV Sonnenhang'));
    expect(container.textContent).toContain('Mailserver: smtp.example.at:587 (STARTTLS)');
    expect(field(container, 'Passwort').value).toBe('');
    expect(field(container, 'Passwort').type).toBe('password');
    expect(container.textContent).toContain('gespeichert – leer lassen, um es zu behalten');
    for (const input of container.querySelectorAll('input')) expect(input.value).not.toContain('streng-geheim');
    expect(container.innerHTML).not.toContain('streng-geheim');

    await typeInto(field(container, 'Absendername'), 'Kleingartenverein Sonnenhang');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', UPDATE)).toHaveLength(1));
    const [, first] = callsTo(app.fetchMock, 'POST', UPDATE)[0]!;
    expect(new Headers(first?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(bodyOf(first)).toEqual({
      host: 'smtp.example.at',
      port: 587,
      security: 'starttls',
      user: 'verein@example.at',
      fromName: 'Kleingartenverein Sonnenhang',
      fromAddress: 'verein@example.at',
      replyTo: '',
    });
    await waitFor(() => expect(toasts.positive).toHaveBeenCalledWith('Gespeichert!', { timeout: 5000 }));

    await typeInto(field(container, 'Passwort'), 'neues-passwort-1');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', UPDATE)).toHaveLength(2));
    const [, second] = callsTo(app.fetchMock, 'POST', UPDATE)[1]!;
    expect(bodyOf(second).password).toBe('neues-passwort-1');
    // After saving, the field is empty again.
    await waitFor(() => expect(field(container, 'Passwort').value).toBe(''));
  });

  it('says when no mail server is set and checks the sender address', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [GET]: () => json(settings()) });
    await app.renderAt(PATH);
    await waitFor(() =>
      expect(container.textContent).toContain('Kein Mailserver eingestellt – Mails landen im Postausgang'),
    );
    expect(hasButton(container, 'Zurücksetzen')).toBe(false);
    await typeInto(field(container, 'Mailserver (SMTP)'), 'smtp.example.at');
    await typeInto(field(container, 'Absenderadresse'), 'kein-at-zeichen');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(container.textContent).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.'));
    expect(container.textContent).toContain('Bitte geben Sie den Port ein, z. B. 587.');
    // The server's schema decides, and the first field in error gets the focus.
    expect(document.activeElement).toBe(field(container, 'Port'));
    await typeInto(field(container, 'Port'), '70000');
    await blur(field(container, 'Port'));
    await click(button(container, 'Speichern'));
    // Not clamped to 65535: an error at the field, nothing sent.
    await waitFor(() => expect(container.textContent).toContain('Der Port liegt zwischen 1 und 65535.'));
    expect(field(container, 'Port').value).toBe('70000');
    expect(callsTo(app.fetchMock, 'POST', UPDATE)).toHaveLength(0);
  });

  it("shows the server's field errors under the fields", async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(settings({ mail: CONFIGURED })),
      [`POST ${UPDATE}`]: () =>
        json(
          {
            title: 'Die Eingaben sind nicht gültig.',
            status: 422,
            code: 'validation_failed',
            errors: { host: ['Der Mailserver ist nicht erreichbar.'] },
          },
          422,
        ),
    });
    await app.renderAt(PATH);
    await waitFor(() => field(container, 'Mailserver (SMTP)'));
    await typeInto(field(container, 'Mailserver (SMTP)'), 'smtp.falsch.at');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(container.textContent).toContain('Der Mailserver ist nicht erreichbar.'));
    expect(field(container, 'Mailserver (SMTP)').getAttribute('aria-invalid')).toBe('true');
    expect(toasts.positive).not.toHaveBeenCalled();
  });

  it('resets to the outbox only after asking', async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(settings({ mail: CONFIGURED })),
      'DELETE /api/Vereinseinstellungen/ResetMaileinstellungen': () => json(settings()),
    });
    await app.renderAt(PATH);
    await waitFor(() => button(container, 'Zurücksetzen'));
    await click(button(container, 'Zurücksetzen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Maileinstellungen zurücksetzen?'));
    expect(alertDialog()?.textContent).toContain('Danach gehen Mails in den Postausgang (outbox)');
    expect(callsTo(app.fetchMock, 'DELETE', '/api/Vereinseinstellungen/ResetMaileinstellungen')).toHaveLength(0);
    await click(button(alertDialog()!, 'Zurücksetzen'));
    await waitFor(() =>
      expect(callsTo(app.fetchMock, 'DELETE', '/api/Vereinseinstellungen/ResetMaileinstellungen')).toHaveLength(1),
    );
    const [, init] = callsTo(app.fetchMock, 'DELETE', '/api/Vereinseinstellungen/ResetMaileinstellungen')[0]!;
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
    await waitFor(() =>
      expect(toasts.positive).toHaveBeenCalledWith('Maileinstellungen zurückgesetzt.', { timeout: 5000 }),
    );
  });

  it('sends a test mail with mailTo and the anti-forgery header and tells the way it went', async () => {
    const url = '/api/Common/SendTestMail?mailTo=kassier%40example.at';
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(settings({ mail: CONFIGURED })),
      [`GET ${url}`]: () => json({ transport: 'smtp', messageId: '<1@kgv>', file: null }),
    });
    await app.renderAt(PATH);
    await waitFor(() => field(container, 'Empfänger'));
    // Defaults to the signed-in user's address.
    expect(field(container, 'Empfänger').value).toBe('obfrau@kgv-sonnenhang.at');
    await typeInto(field(container, 'Empfänger'), 'kassier@example.at');
    await click(button(container, 'Testmail senden'));
    await waitFor(() => expect(container.textContent).toContain('Testmail an kassier@example.at gesendet über SMTP.'));
    const calls = callsTo(app.fetchMock, 'GET', url);
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]![1]?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
  });

  it('tells when the test mail went to the outbox, and shows errors', async () => {
    let answer = () => json({ transport: 'outbox', messageId: '<2@kgv>', file: 'outbox/2.eml' });
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(settings()),
      'GET /api/Common/SendTestMail?mailTo=obfrau%40kgv-sonnenhang.at': () => answer(),
    });
    await app.renderAt(PATH);
    await waitFor(() => field(container, 'Empfänger'));
    await click(button(container, 'Testmail senden'));
    await waitFor(() =>
      expect(container.textContent).toContain(
        'Testmail an obfrau@kgv-sonnenhang.at in den Postausgang gelegt (kein Mailserver eingestellt).',
      ),
    );
    answer = () => json({ title: 'Der Mailserver hat die Verbindung abgelehnt.', status: 502, code: 'x' }, 502);
    await click(button(container, 'Testmail senden'));
    await waitFor(() => expect(container.textContent).toContain('Der Mailserver hat die Verbindung abgelehnt.'));
    expect(container.textContent).toContain('Testmail nicht gesendet');
  });

  it('shows the settings read-only to viewers, without saving, reset or test mail', async () => {
    app.api({ ...signedIn(VIEW_RIGHTS), [GET]: () => json(settings({ mail: CONFIGURED })) });
    await app.renderAt(PATH);
    await waitFor(() => field(container, 'Mailserver (SMTP)'));
    await waitFor(() => expect(container.textContent).toContain('Sie können die Maileinstellungen ansehen'));
    expect(field(container, 'Mailserver (SMTP)').readOnly).toBe(true);
    expect(hasButton(container, 'Speichern')).toBe(false);
    expect(hasButton(container, 'Zurücksetzen')).toBe(false);
    expect(hasButton(container, 'Testmail senden')).toBe(false);
    expect(field(container, 'Passwort').value).toBe('gespeichert');
  });
});
