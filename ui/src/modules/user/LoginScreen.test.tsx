import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppHarness, type Handler, json, submit, typeInto, waitFor } from '../../testing/appHarness';
import { setTestCookie } from '../../testing/cookies';

const app = createAppHarness();
const { container } = app;

const input = (selector: string) => {
  const element = container.querySelector<HTMLInputElement>(selector);
  if (!element) throw new Error(`no ${selector}`);
  return element;
};
const form = () => {
  const element = container.querySelector('form');
  if (!element) throw new Error('no form');
  return element;
};

const SIGNED_IN = {
  name: 'Kurt',
  role: 'Kassier',
  email: 'k@b.at',
  mfa: true,
  isAdmin: false,
  isGlobalAdmin: false,
  mfaSetupRequired: false,
};

const calls = (url: string) => app.fetchMock.mock.calls.filter(([called]) => String(called) === url);
const bodyOf = (url: string) => JSON.parse(String(calls(url).at(-1)?.[1]?.body));
const linkNamed = (name: string) => {
  const link = [...container.querySelectorAll('[role="link"], a')].find((el) => el.textContent === name);
  if (!link) throw new Error(`no link ${name}`);
  return link as HTMLElement;
};
const checkboxLabelled = (name: string) => {
  const label = [...container.querySelectorAll('label')].find((el) => el.textContent?.includes(name));
  const box = label?.querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (!box) throw new Error(`no checkbox ${name}`);
  return box;
};
const click = (element: HTMLElement) => act(async () => element.click());

async function signIn(loginAnswer: Handler, extra: Record<string, Handler> = {}) {
  app.api({ 'POST /api/User/Login': loginAnswer, ...extra });
  await app.renderAt('/login?returnTo=%2Finfoscreen');
  await waitFor(() => input('input[type="password"]'));
  await typeInto(input('input[type="email"]'), 'kassier@kgv.at');
  await typeInto(input('input[type="password"]'), 'geheim-geheim');
  await submit(form());
}

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(() => app.tearDown());

describe('LoginScreen', () => {
  it('posts e-mail, password and rememberMe with the anti-forgery header', async () => {
    await signIn(() => json({ result: -1 }));
    await waitFor(() => expect(container.textContent).toContain('E-Mail-Adresse oder Passwort ist falsch.'));
    const call = app.fetchMock.mock.calls.find(([url]) => String(url) === '/api/User/Login');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'kassier@kgv.at',
      password: 'geheim-geheim',
      rememberMe: false,
    });
    expect(new Headers(call?.[1]?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
  });

  it('explains a locked account', async () => {
    await signIn(() => json({ result: 3 }));
    await waitFor(() =>
      expect(container.textContent).toContain('Ihr Konto ist wegen zu vieler Fehlversuche für 15 Minuten gesperrt.'),
    );
  });

  it('asks for required fields in German before calling the server', async () => {
    app.api({});
    await app.renderAt('/login');
    await waitFor(() => form());
    await submit(form());
    await waitFor(() => expect(container.textContent).toContain('Bitte geben Sie Ihre E-Mail-Adresse ein.'));
    expect(app.fetchMock.mock.calls.some(([url]) => String(url) === '/api/User/Login')).toBe(false);
  });

  it('goes through the TOTP step and rejects a wrong code', async () => {
    await signIn(() => json({ result: 1 }), { 'POST /api/User/Login2FA': () => json({ result: 2 }) });
    await waitFor(() => expect(container.textContent).toContain('Authentifizierungscode'));
    const code = input('input[autocomplete="one-time-code"]');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await typeInto(code, '123 456');
    await submit(form());
    await waitFor(() => expect(container.textContent).toContain('Der Code ist ungültig.'));
    expect(bodyOf('/api/User/Login2FA')).toEqual({ code: '123456', rememberMachine: false });
    expect(container.textContent).toContain('Mit Wiederherstellungscode anmelden');
  });

  it('sends rememberMachine when "Diesen Computer 30 Tage merken" is ticked, and signs in', async () => {
    let signedIn = false;
    await signIn(() => json({ result: 1 }), {
      'POST /api/User/Login2FA': () => {
        signedIn = true;
        return json({ result: 0 });
      },
      'GET /api/User': () => (signedIn ? json(SIGNED_IN) : json({ title: 'Nicht angemeldet' }, 401)),
      'POST /api/Common/GetRights?instanceID=menu': () => json([]),
    });
    await waitFor(() => input('input[autocomplete="one-time-code"]'));
    await click(checkboxLabelled('Diesen Computer 30 Tage merken'));
    await typeInto(input('input[autocomplete="one-time-code"]'), '654321');
    await submit(form());
    await waitFor(() => expect(window.location.pathname).toBe('/infoscreen'));
    expect(bodyOf('/api/User/Login2FA')).toEqual({ code: '654321', rememberMachine: true });
  });

  it('checks the 6 digits before asking the server', async () => {
    await signIn(() => json({ result: 1 }));
    await waitFor(() => input('input[autocomplete="one-time-code"]'));
    await typeInto(input('input[autocomplete="one-time-code"]'), '12345');
    await submit(form());
    await waitFor(() => expect(container.textContent).toContain('Der Code besteht aus 6 Ziffern.'));
    expect(calls('/api/User/Login2FA')).toHaveLength(0);
  });

  it('signs in with a recovery code and explains a used one', async () => {
    await signIn(() => json({ result: 1 }), {
      'POST /api/User/LoginWithRecoveryCode': () => json({ result: 2 }),
    });
    await waitFor(() => input('input[autocomplete="one-time-code"]'));
    await click(linkNamed('Mit Wiederherstellungscode anmelden'));
    await waitFor(() => input('input[name="recoveryCode"]'));
    expect(container.textContent).not.toContain('Diesen Computer 30 Tage merken');
    await typeInto(input('input[name="recoveryCode"]'), ' ab12c-3de45 ');
    await submit(form());
    await waitFor(() =>
      expect(container.textContent).toContain('Der Wiederherstellungscode ist ungültig oder wurde schon verwendet.'),
    );
    expect(bodyOf('/api/User/LoginWithRecoveryCode')).toEqual({ recoveryCode: 'ab12c-3de45' });
  });

  it('explains a lock-out in the second step', async () => {
    await signIn(() => json({ result: 1 }), { 'POST /api/User/Login2FA': () => json({ result: 3 }) });
    await waitFor(() => input('input[autocomplete="one-time-code"]'));
    await typeInto(input('input[autocomplete="one-time-code"]'), '111111');
    await submit(form());
    await waitFor(() => expect(container.textContent).toContain('für 15 Minuten gesperrt'));
  });

  it('"Zurück zur Anmeldung" ends the half sign-in and shows the password step again', async () => {
    await signIn(() => json({ result: 1 }), { 'POST /api/User/Logout': () => new Response(null, { status: 204 }) });
    await waitFor(() => input('input[autocomplete="one-time-code"]'));
    await click(linkNamed('Zurück zur Anmeldung'));
    await waitFor(() => input('input[type="password"]'));
    await waitFor(() => expect(calls('/api/User/Logout')).toHaveLength(1));
    expect(calls('/api/User/Logout')[0]?.[1]?.method).toBe('POST');
  });

  it('goes back to the password step when the half sign-in ran out', async () => {
    await signIn(() => json({ result: 1 }), {
      'POST /api/User/Login2FA': () => json({ title: 'Nicht angemeldet', status: 401 }, 401),
      'POST /api/User/Logout': () => new Response(null, { status: 204 }),
    });
    await waitFor(() => input('input[autocomplete="one-time-code"]'));
    await typeInto(input('input[autocomplete="one-time-code"]'), '123456');
    await submit(form());
    await waitFor(() => input('input[type="password"]'));
    expect(container.textContent).toContain('Die Anmeldung ist abgelaufen.');
  });

  it('returns to the remembered page after signing in', async () => {
    let signedIn = false;
    await signIn(
      () => {
        signedIn = true;
        return json({ result: 0 });
      },
      {
        'GET /api/User': () =>
          signedIn ? json({ ...SIGNED_IN, mfa: false }) : json({ title: 'Nicht angemeldet' }, 401),
        'POST /api/Common/GetRights?instanceID=menu': () => json(['WebApp.Kassa.Edit']),
      },
    );
    await waitFor(() => expect(window.location.pathname).toBe('/infoscreen'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Versionsinformationen'));
  });
});
