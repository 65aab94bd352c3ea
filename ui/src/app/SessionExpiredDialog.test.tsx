import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiFetch } from '../api/fetcher';
import { createAppHarness, json, submit, typeInto, waitFor } from '../testing/appHarness';
import { setTestCookie } from '../testing/cookies';

// Issue 11: in the signed-in shell a save refused with session_expired opens a sign-in dialog over
// the screen; after signing in the save runs again.

const app = createAppHarness();
const { container } = app;

const USER = {
  name: 'Kurt',
  role: 'Kassier',
  email: 'kassier@kgv.at',
  mfa: false,
  isAdmin: false,
  isGlobalAdmin: false,
  mfaSetupRequired: false,
};
const expired = () =>
  new Response(JSON.stringify({ title: 'Ihre Sitzung ist abgelaufen.', status: 401, code: 'session_expired' }), {
    status: 401,
    headers: { 'Content-Type': 'application/problem+json' },
  });

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const field = (selector: string) => {
  const element = dialog()?.querySelector<HTMLInputElement>(selector);
  if (!element) throw new Error(`no ${selector} in the dialog`);
  return element;
};
const button = (name: string) => {
  const found = [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const savesTo = (url: string) =>
  app.fetchMock.mock.calls.filter(([called, init]) => String(called) === url && init?.method === 'POST');

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'alt');
  return app.setUp();
});
afterEach(() => app.tearDown());

async function shellWithExpiredSave() {
  const saveAnswers = [expired(), json({ ok: true })];
  app.api({
    'GET /api/User': () => json(USER),
    'POST /api/Common/GetRights?instanceID=menu': () => json([]),
    'POST /api/Test/Speichern': () => saveAnswers.shift() ?? expired(),
    'POST /api/User/Login': () => {
      setTestCookie('XSRF-TOKEN', 'neu');
      return json({ result: 0 });
    },
  });
  await app.renderAt('/');
  await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Willkommen, Kurt'));
  const save = apiFetch('/api/Test/Speichern', { method: 'POST', json: { wert: 'getippt' } });
  await waitFor(() => expect(dialog()?.textContent).toContain('Ihre Sitzung ist abgelaufen'));
  await waitFor(() => field('input[type="password"]'));
  return { save };
}

describe('SessionExpiredDialog', () => {
  it('asks for the password with the e-mail prefilled, signs in and repeats the save', async () => {
    const { save } = await shellWithExpiredSave();
    expect(field('input[type="email"]').value).toBe('kassier@kgv.at');
    // Inside a dialog over a form, no link leads away.
    expect(dialog()?.textContent).not.toContain('Passwort vergessen?');
    await typeInto(field('input[type="password"]'), 'geheim-geheim');
    const form = dialog()?.querySelector('form');
    if (!form) throw new Error('no form');
    await submit(form);
    await expect(save).resolves.toEqual({ ok: true });
    const [first, second] = savesTo('/api/Test/Speichern');
    expect(new Headers(first?.[1]?.headers).get('X-XSRF-TOKEN')).toBe('alt');
    expect(new Headers(second?.[1]?.headers).get('X-XSRF-TOKEN')).toBe('neu');
    expect(second?.[1]?.body).toBe(JSON.stringify({ wert: 'getippt' }));
    await waitFor(() => expect(dialog()).toBeNull());
    // The screen underneath stayed.
    expect(container.querySelector('h1')?.textContent).toBe('Willkommen, Kurt');
    expect(window.location.pathname).toBe('/');
  });

  it('leaves the screen as it was when cancelled: the save fails with the message', async () => {
    const { save } = await shellWithExpiredSave();
    const outcome = save.catch((error: unknown) => error);
    await act(async () => button('Abbrechen').click());
    expect(await outcome).toMatchObject({ status: 401, body: { title: 'Ihre Sitzung ist abgelaufen.' } });
    await waitFor(() => expect(dialog()).toBeNull());
    expect(savesTo('/api/Test/Speichern')).toHaveLength(1);
    expect(window.location.pathname).toBe('/');
    expect(container.querySelector('h1')?.textContent).toBe('Willkommen, Kurt');
  });
});
