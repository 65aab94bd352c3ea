import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppHarness, json, submit, typeInto, waitFor } from '../../testing/appHarness';
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
const calls = (url: string) => app.fetchMock.mock.calls.filter(([called]) => String(called) === url);

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(() => app.tearDown());

describe('ForgotPasswordScreen', () => {
  it('always confirms the same way', async () => {
    app.api({ 'POST /api/User/ForgotPassword': () => new Response(null, { status: 204 }) });
    await app.renderAt('/forgotpassword');
    await waitFor(() => input('input[type="email"]'));
    await typeInto(input('input[type="email"]'), 'niemand@kgv.at');
    await submit(form());
    await waitFor(() =>
      expect(container.textContent).toContain(
        'Wenn die Adresse bei uns bekannt ist, haben wir Ihnen einen Link geschickt. Er ist eine Stunde gültig.',
      ),
    );
    expect(JSON.parse(String(calls('/api/User/ForgotPassword')[0]?.[1]?.body))).toEqual({ email: 'niemand@kgv.at' });
  });
});

describe('ResetPasswordScreen', () => {
  const path = '/resetpassword?email=maria%40kgv.at&token=tok-1';

  it('checks length and repetition in German before asking the server', async () => {
    app.api({});
    await app.renderAt(path);
    await waitFor(() => input('input[name="password"]'));
    expect(input('input[name="email"]').value).toBe('maria@kgv.at');
    await typeInto(input('input[name="password"]'), 'kurz');
    await typeInto(input('input[name="confirmation"]'), 'anders');
    await submit(form());
    await waitFor(() => expect(container.textContent).toContain('Das Passwort muss mindestens 10 Zeichen lang sein.'));
    expect(container.textContent).toContain('Die Passwörter stimmen nicht überein.');
    await typeInto(input('input[name="password"]'), 'lang-genug-123');
    await typeInto(input('input[name="confirmation"]'), 'lang-genug-124');
    await waitFor(() => expect(container.textContent).not.toContain('mindestens 10 Zeichen lang sein.'));
    expect(container.textContent).toContain('Die Passwörter stimmen nicht überein.');
    expect(calls('/api/User/ResetPassword')).toHaveLength(0);
  });

  it('sets the password and links to the login', async () => {
    app.api({ 'POST /api/User/ResetPassword': () => new Response(null, { status: 204 }) });
    await app.renderAt(path);
    await waitFor(() => input('input[name="password"]'));
    await typeInto(input('input[name="password"]'), 'lang-genug-123');
    await typeInto(input('input[name="confirmation"]'), 'lang-genug-123');
    await submit(form());
    await waitFor(() => expect(container.textContent).toContain('Ihr Passwort wurde geändert.'));
    expect(container.querySelector('a[href="/login"]')).not.toBeNull();
    expect(JSON.parse(String(calls('/api/User/ResetPassword')[0]?.[1]?.body))).toEqual({
      email: 'maria@kgv.at',
      token: 'tok-1',
      password: 'lang-genug-123',
    });
  });

  it('offers a new link when the token is bad or expired', async () => {
    app.api({
      'POST /api/User/ResetPassword': () =>
        json(
          {
            type: 'about:blank',
            title: 'Die Eingaben sind nicht gültig.',
            status: 422,
            code: 'validation_failed',
            errors: { token: ['Der Link ist ungültig oder abgelaufen.'] },
          },
          422,
        ),
    });
    await app.renderAt(path);
    await waitFor(() => input('input[name="password"]'));
    await typeInto(input('input[name="password"]'), 'lang-genug-123');
    await typeInto(input('input[name="confirmation"]'), 'lang-genug-123');
    await submit(form());
    await waitFor(() =>
      expect(container.textContent).toContain(
        'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
      ),
    );
    expect(container.querySelector('a[href="/forgotpassword"]')).not.toBeNull();
    expect(container.querySelector('input[name="password"]')).toBeNull();
  });
});

describe('ResetPasswordScreen for an invitation', () => {
  it('says "Passwort festlegen" and confirms the first password', async () => {
    app.api({ 'POST /api/User/ResetPassword': () => new Response(null, { status: 204 }) });
    await app.renderAt('/resetpassword?email=eva%40kgv.at&token=tok-2&einladung=1');
    await waitFor(() => input('input[name="password"]'));
    expect(container.querySelector('h1')?.textContent).toBe('Passwort festlegen');
    expect(container.textContent).not.toContain('Neues Passwort');
    await typeInto(input('input[name="password"]'), 'lang-genug-123');
    await typeInto(input('input[name="confirmation"]'), 'lang-genug-123');
    await submit(form());
    await waitFor(() => expect(container.textContent).toContain('Ihr Passwort ist festgelegt.'));
    expect(JSON.parse(String(calls('/api/User/ResetPassword')[0]?.[1]?.body))).toEqual({
      email: 'eva@kgv.at',
      token: 'tok-2',
      password: 'lang-genug-123',
    });
  });

  it('says "Neues Passwort" for a reset link', async () => {
    app.api({});
    await app.renderAt('/resetpassword?email=eva%40kgv.at&token=tok-2');
    await waitFor(() => input('input[name="password"]'));
    expect(container.querySelector('h1')?.textContent).toBe('Neues Passwort');
  });
});
