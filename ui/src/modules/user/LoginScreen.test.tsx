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
    await typeInto(input('input[autocomplete="one-time-code"]'), '123 456');
    await submit(form());
    await waitFor(() => expect(container.textContent).toContain('Der Code ist ungültig.'));
    const call = app.fetchMock.mock.calls.find(([url]) => String(url) === '/api/User/Login2FA');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ code: '123456' });
    expect(container.textContent).toContain('Wiederherstellungscode verwenden');
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
          signedIn
            ? json({ name: 'Kurt', role: 'Kassier', email: 'k@b.at', mfa: false, isAdmin: false, isGlobalAdmin: false })
            : json({ title: 'Nicht angemeldet' }, 401),
        'POST /api/Common/GetRights?instanceID=menu': () => json(['WebApp.Kassa.Edit']),
      },
    );
    await waitFor(() => expect(window.location.pathname).toBe('/infoscreen'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Versionsinformationen'));
  });
});
