import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppHarness, type Handler, json, submit, typeInto, VERSION, waitFor } from '../../testing/appHarness';
import { setTestCookie } from '../../testing/cookies';

const app = createAppHarness();
const { container } = app;

const USER = {
  name: 'Maria Huber',
  role: 'Kassier',
  email: 'maria@kgv.at',
  mfa: false,
  isAdmin: false,
  isGlobalAdmin: false,
  mfaSetupRequired: false,
};
const SETUP = {
  sharedKey: 'jbsw y3dp ehpk 3pxp',
  authenticatorUri: 'otpauth://totp/KGV:maria%40kgv.at?secret=JBSWY3DPEHPK3PXP&issuer=KGV',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(2, '0')}`);
const wrongCode = () =>
  json(
    {
      type: 'about:blank',
      title: 'Die Eingaben sind nicht gültig.',
      status: 422,
      code: 'validation_failed',
      errors: { code: ['Der Code aus der App stimmt nicht.'] },
    },
    422,
  );

const calls = (key: string) =>
  app.fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
const button = (name: string) => {
  const found = [...document.body.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
/** Toasts are alertdialogs as well: find the confirmation by its title. */
const dialogTitled = (title: string) =>
  [...document.body.querySelectorAll('[role="alertdialog"]')].find((d) => d.querySelector('h2')?.textContent === title);
const click = (element: HTMLElement) => act(async () => element.click());
const codeInput = () => {
  const input = container.querySelector<HTMLInputElement>('input[name="code"]');
  if (!input) throw new Error('no code field');
  return input;
};
const setupForm = () => {
  const form = container.querySelector<HTMLFormElement>('form[aria-label="Authenticator bestätigen"]');
  if (!form) throw new Error('no setup form');
  return form;
};

/** A user whose /api/User answer follows `state` (so a test can flip mfa after setup). */
function signedIn(state: { mfa: boolean; mfaSetupRequired?: boolean }, extra: Record<string, Handler> = {}) {
  app.api({
    'GET /api/User': () => json({ ...USER, mfa: state.mfa, mfaSetupRequired: state.mfaSetupRequired ?? false }),
    'POST /api/Common/GetRights?instanceID=menu': () => json(['WebApp.Kassa.View']),
    'GET /api/Kassa/GetSteuersatzFlag': () => json(false),
    ...extra,
  });
}

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(() => app.tearDown());

describe('ProfilScreen', () => {
  it('shows name, password and 2FA sections', async () => {
    signedIn({ mfa: false });
    await app.renderAt('/profil');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Profil'));
    const headings = [...container.querySelectorAll('main h2')].map((h) => h.textContent);
    expect(headings).toEqual(['Name', 'Passwort ändern', 'Zwei-Faktor-Anmeldung']);
    expect(container.textContent).toContain('Google Authenticator, Microsoft Authenticator oder FreeOTP');
    expect(container.querySelector<HTMLInputElement>('input[name="name"]')?.value).toBe('Maria Huber');
  });

  it('saves the name and re-reads the user', async () => {
    signedIn({ mfa: false }, { 'POST /api/User/UpdateProfile': () => json({ ...USER, name: 'Maria Gruber' }) });
    await app.renderAt('/profil');
    await waitFor(() => container.querySelector('input[name="name"]'));
    const before = calls('GET /api/User').length;
    await typeInto(container.querySelector<HTMLInputElement>('input[name="name"]')!, 'Maria Gruber');
    await submit(container.querySelector<HTMLFormElement>('form[aria-label="Name ändern"]')!);
    await waitFor(() => expect(calls('POST /api/User/UpdateProfile')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST /api/User/UpdateProfile')[0]?.[1]?.body))).toEqual({ name: 'Maria Gruber' });
    await waitFor(() => expect(calls('GET /api/User').length).toBeGreaterThan(before));
  });

  it('changes the password after checking the repetition', async () => {
    signedIn({ mfa: false }, { 'POST /api/User/ChangePassword': () => json({ statusMessage: 'ok' }) });
    await app.renderAt('/profil');
    await waitFor(() => container.querySelector('input[name="currentPassword"]'));
    const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    const form = container.querySelector<HTMLFormElement>('form[aria-label="Passwort ändern"]')!;
    await typeInto(field('currentPassword'), 'alt-passwort-1');
    await typeInto(field('newPassword'), 'neu-passwort-1');
    await typeInto(field('confirmation'), 'neu-passwort-2');
    await submit(form);
    await waitFor(() => expect(container.textContent).toContain('Die Passwörter stimmen nicht überein.'));
    expect(calls('POST /api/User/ChangePassword')).toHaveLength(0);
    await typeInto(field('confirmation'), 'neu-passwort-1');
    await submit(form);
    await waitFor(() => expect(calls('POST /api/User/ChangePassword')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST /api/User/ChangePassword')[0]?.[1]?.body))).toEqual({
      currentPassword: 'alt-passwort-1',
      newPassword: 'neu-passwort-1',
    });
    await waitFor(() => expect(field('currentPassword').value).toBe(''));
  });

  it('sets up 2FA: QR code and key, a wrong code under the field, then the 10 codes', async () => {
    const state = { mfa: false };
    let attempts = 0;
    signedIn(state, {
      'GET /api/User/EnableAuthenticator': () => json(SETUP),
      'POST /api/User/SetEnableAuthenticator': () => {
        attempts += 1;
        if (attempts === 1) return wrongCode();
        state.mfa = true;
        return json({ statusMessage: 'Ihre Authenticator-App wurde bestätigt.', recoveryCodes: CODES });
      },
    });
    await app.renderAt('/profil');
    await waitFor(() => button('Einrichten'));
    await click(button('Einrichten'));

    await waitFor(() => expect(container.querySelector('img.kgv-qr')).not.toBeNull());
    const qr = container.querySelector<HTMLImageElement>('img.kgv-qr')!;
    expect(qr.getAttribute('src')).toBe(SETUP.qrCode);
    expect(qr.getAttribute('alt')).toBe('QR-Code zum Einrichten der Authenticator-App');
    expect(container.querySelector('.kgv-shared-key')?.textContent).toBe('jbsw y3dp ehpk 3pxp');
    expect(codeInput().getAttribute('inputmode')).toBe('numeric');
    expect(codeInput().getAttribute('autocomplete')).toBe('one-time-code');

    await typeInto(codeInput(), '000000');
    await submit(setupForm());
    await waitFor(() => expect(container.textContent).toContain('Der Code aus der App stimmt nicht.'));
    // Under the field: the input points at the message.
    const described = codeInput().getAttribute('aria-describedby') ?? '';
    const texts = described.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('Der Code aus der App stimmt nicht.');
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');

    const userReadsBefore = calls('GET /api/User').length;
    await typeInto(codeInput(), '123 456');
    await submit(setupForm());
    await waitFor(() => expect(container.querySelectorAll('.kgv-code-list li')).toHaveLength(10));
    expect(JSON.parse(String(calls('POST /api/User/SetEnableAuthenticator')[1]?.[1]?.body))).toEqual({
      code: '123456',
    });
    expect(container.textContent).toContain('code-09');
    expect(calls('GET /api/User').length).toBeGreaterThan(userReadsBefore);
    expect(container.querySelector('.kgv-print-area')).not.toBeNull();
    button('Drucken');

    await click(button('Ich habe die Codes sicher aufbewahrt'));
    await waitFor(() => expect(container.textContent).toContain('aktiv'));
    expect(container.querySelector('.kgv-code-list')).toBeNull();
    button('Neue Wiederherstellungscodes');
    button('Deaktivieren');
    button('Zurücksetzen');
  });

  it('asks before making new recovery codes', async () => {
    signedIn(
      { mfa: true },
      {
        'POST /api/User/GenerateRecoveryCodes': () => json({ statusMessage: 'Neue Codes.', recoveryCodes: CODES }),
      },
    );
    await app.renderAt('/profil');
    await waitFor(() => button('Neue Wiederherstellungscodes'));
    await click(button('Neue Wiederherstellungscodes'));
    await waitFor(() => expect(dialogTitled('Neue Wiederherstellungscodes erstellen?')).toBeDefined());
    expect(dialogTitled('Neue Wiederherstellungscodes erstellen?')?.textContent).toContain('werden damit ungültig');
    expect(calls('POST /api/User/GenerateRecoveryCodes')).toHaveLength(0);
    await click(button('Neue Codes erstellen'));
    await waitFor(() => expect(container.querySelectorAll('.kgv-code-list li')).toHaveLength(10));
  });

  it('reports a refused deactivation (409) as an error toast; the password goes with it', async () => {
    const refusal = 'Ihr Verein verlangt die Zwei-Faktor-Anmeldung. Sie kann nicht ausgeschaltet werden.';
    signedIn(
      { mfa: true },
      {
        'POST /api/User/DisableAuthenticator': () =>
          json({ type: 'about:blank', title: refusal, status: 409, code: 'mfa_required' }, 409),
      },
    );
    await app.renderAt('/profil');
    await waitFor(() => button('Deaktivieren'));
    await click(button('Deaktivieren'));
    await waitFor(() => expect(dialogTitled('Zwei-Faktor-Anmeldung deaktivieren?')).toBeDefined());
    const dialog = dialogTitled('Zwei-Faktor-Anmeldung deaktivieren?')!;
    const confirm = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Deaktivieren');
    // Without the password the button stays disabled.
    expect(confirm?.disabled).toBe(true);
    await typeInto(dialog.querySelector<HTMLInputElement>('input[type="password"]')!, 'Mein-Passwort-1');
    await waitFor(() => expect(confirm?.disabled).toBe(false));
    await click(confirm!);
    await waitFor(() => expect(calls('POST /api/User/DisableAuthenticator')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST /api/User/DisableAuthenticator')[0]?.[1]?.body))).toEqual({
      password: 'Mein-Passwort-1',
    });
    await waitFor(() => expect(document.body.textContent).toContain(refusal));
    expect(container.textContent).toContain('aktiv');
  });

  it('opens the 2FA setup directly with ?edit=2fa', async () => {
    signedIn({ mfa: false }, { 'GET /api/User/EnableAuthenticator': () => json(SETUP) });
    await app.renderAt('/profil?edit=2fa');
    await waitFor(() => expect(container.querySelector('img.kgv-qr')).not.toBeNull());
    expect(document.activeElement?.id).toBe('profil-2fa');
    expect(calls('GET /api/User/EnableAuthenticator')).toHaveLength(1);
  });
});

describe('MFA level 2 (spec §2)', () => {
  it('sends every route to /profil?edit=2fa with the warning, and lets go once 2FA is set up', async () => {
    const state = { mfa: false, mfaSetupRequired: true };
    signedIn(state, {
      'GET /api/User/EnableAuthenticator': () => json(SETUP),
      'POST /api/User/SetEnableAuthenticator': () => {
        state.mfa = true;
        state.mfaSetupRequired = false;
        return json({ statusMessage: 'Bestätigt.', recoveryCodes: CODES });
      },
    });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/profil?edit=2fa'));
    await waitFor(() =>
      expect(container.textContent).toContain(
        'Ihr Verein verlangt die Zwei-Faktor-Anmeldung. Bitte richten Sie sie jetzt ein.',
      ),
    );
    // Name and password wait: the server answers only the 2FA calls until then.
    expect(container.querySelector('input[name="currentPassword"]')).toBeNull();

    // The start page (a link in the sidebar) still leads back here.
    const start = () => container.querySelector<HTMLAnchorElement>('nav a[href="/"]')!;
    await waitFor(() => expect(start()).not.toBeNull());
    await click(start());
    await waitFor(() => expect(window.location.pathname).toBe('/profil'));

    await waitFor(() => expect(container.querySelector('img.kgv-qr')).not.toBeNull());
    await typeInto(codeInput(), '123456');
    await submit(setupForm());
    await waitFor(() => expect(container.querySelectorAll('.kgv-code-list li')).toHaveLength(10));
    await waitFor(() => expect(container.textContent).not.toContain('Ihr Verein verlangt'));

    await click(start());
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Willkommen, Maria Huber'));
  });

  it('does not fight the version guard over /infoscreen', async () => {
    signedIn(
      { mfa: false, mfaSetupRequired: true },
      {
        'GET /api/Common/AppVersionInfo?reload=false': () => json({ ...VERSION, versionError: 'API 4.0 erwartet' }),
        'GET /api/User/EnableAuthenticator': () => json(SETUP),
      },
    );
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(window.location.pathname).toBe('/infoscreen'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Versionsinformationen'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(window.location.pathname).toBe('/infoscreen');
  });

  it('leaves /logout alone', async () => {
    signedIn(
      { mfa: false, mfaSetupRequired: true },
      { 'POST /api/User/Logout': () => new Response(null, { status: 204 }) },
    );
    await app.renderAt('/logout');
    await waitFor(() => expect(calls('POST /api/User/Logout')).toHaveLength(1));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });
});
