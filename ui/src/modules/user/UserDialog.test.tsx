import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, type Handler, json, submit, typeInto, waitFor } from '../../testing/appHarness';
import { setTestCookie } from '../../testing/cookies';

// Without a mail server the invitation only lands in the outbox: the dialog must show the link to
// hand over, with its expiry, and must not claim that an e-mail went out.

const app = createAppHarness();
const { container } = app;

const ME = {
  name: 'Chef',
  role: 'Obmann',
  email: 'chef@kgv.at',
  mfa: true,
  isAdmin: true,
  isGlobalAdmin: false,
  mfaSetupRequired: false,
};
const KURT = {
  id: 8,
  email: 'kurt@kgv.at',
  name: 'Kurt Berger',
  active: true,
  mfa: false,
  roles: [{ id: 4, name: 'Kassier' }],
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};
const ROLLEN = [{ id: 4, name: 'Kassier', description: '', isSystem: true, rights: ['WebApp.Kassa.View'] }];
// Local time, as the screen shows it.
const GUELTIG_BIS = new Date(2026, 10, 26, 14, 30).toISOString();
const LINK = 'https://kgv.example/resetpassword?email=eva%40kgv.at&token=tok-7&einladung=1';

const calls = (key: string) =>
  app.fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
const click = (element: Element) => act(async () => (element as HTMLElement).click());
const byText = (selector: string, text: string, root: ParentNode = document.body) =>
  [...root.querySelectorAll<HTMLElement>(selector)].find((el) => el.textContent?.trim() === text);
const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"]');
const rowOf = (name: string) =>
  [...container.querySelectorAll('[role="row"]')].find((row) => row.textContent?.includes(name));

function signedIn(extra: Record<string, Handler>) {
  app.api({
    'GET /api/User': () => json(ME),
    'POST /api/Common/GetRights?instanceID=menu': () => json(['User.View', 'User.Edit', 'User.Rollen.View']),
    'GET /api/User/Users': () => json([KURT]),
    'GET /api/User/Rollen': () => json(ROLLEN),
    ...extra,
  });
}

async function openNewUser() {
  await app.renderAt('/grundeinstellungen/benutzer');
  await waitFor(() => expect(byText('button', 'Neuer Benutzer', container)).toBeDefined());
  await click(byText('button', 'Neuer Benutzer', container)!);
  await waitFor(() => expect(dialog()?.textContent).toContain('Kassier'));
  const form = dialog()!.querySelector('form')!;
  await typeInto(form.querySelector<HTMLInputElement>('input[name="name"]')!, 'Eva Neu');
  await typeInto(form.querySelector<HTMLInputElement>('input[name="email"]')!, 'eva@kgv.at');
  await click(form.querySelector('input[type="checkbox"][value="4"]')!);
  return form;
}

beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
});
afterAll(() => vi.restoreAllMocks());
beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(() => app.tearDown());

describe('UserDialog without a mail server', () => {
  it('shows the invitation link with its expiry and does not claim a mail was sent', async () => {
    signedIn({
      'POST /api/User/UpdateUser': () =>
        json({
          ...KURT,
          id: 20,
          name: 'Eva Neu',
          email: 'eva@kgv.at',
          einladung: { link: LINK, gueltigBis: GUELTIG_BIS, zweck: 'einladung' },
        }),
    });
    const form = await openNewUser();
    await submit(form);
    await waitFor(() => expect(dialog()?.textContent).toContain('Einladungslink weitergeben'));
    expect(dialog()!.querySelector<HTMLInputElement>('input[readonly]')!.value).toBe(LINK);
    expect(dialog()!.textContent).toContain('gültig bis 26.11.2026, 14:30');
    expect(dialog()!.textContent).toContain('Geben Sie Eva Neu diesen Link');
    await waitFor(() =>
      expect(document.body.textContent).toContain('Benutzer angelegt. Es ist kein Mailserver eingerichtet'),
    );
    expect(document.body.textContent).not.toContain('per E-Mail eingeladen');

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await click(byText('button', 'Link kopieren', dialog()!)!);
    expect(writeText).toHaveBeenCalledWith(LINK);
    await waitFor(() => expect(dialog()!.textContent).toContain('Der Link ist kopiert.'));
    await click(byText('button', 'Schließen', dialog()!)!);
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('with a mail server closes and says the invitation went by mail', async () => {
    signedIn({
      'POST /api/User/UpdateUser': () => json({ ...KURT, id: 20, name: 'Eva Neu', einladung: null }),
    });
    const form = await openNewUser();
    await submit(form);
    await waitFor(() => expect(dialog()).toBeNull());
    await waitFor(() => expect(document.body.textContent).toContain('per E-Mail eingeladen'));
  });

  it('asks for a new password link for an existing user and shows it when no mail server took it', async () => {
    signedIn({
      'POST /api/User/SendPasswordLink': () =>
        json({
          passwortLink: {
            link: 'https://kgv.example/resetpassword?email=kurt%40kgv.at&token=tok-8',
            gueltigBis: GUELTIG_BIS,
            zweck: 'reset',
          },
        }),
    });
    await app.renderAt('/grundeinstellungen/benutzer');
    await waitFor(() => expect(rowOf('Kurt Berger')).toBeDefined());
    await click(rowOf('Kurt Berger')!.querySelector('button[aria-label="Aktionen für Kurt Berger"]')!);
    await waitFor(() => expect(byText('[role="menuitem"]', 'Bearbeiten')).toBeDefined());
    await click(byText('[role="menuitem"]', 'Bearbeiten')!);
    await waitFor(() => expect(byText('button', 'Link für neues Passwort senden', dialog()!)).toBeDefined());
    await click(byText('button', 'Link für neues Passwort senden', dialog()!)!);
    await waitFor(() => expect(dialog()?.textContent).toContain('Passwort-Link weitergeben'));
    expect(JSON.parse(String(calls('POST /api/User/SendPasswordLink')[0]?.[1]?.body))).toEqual({ userID: 8 });
    expect(dialog()!.textContent).toContain('gültig bis 26.11.2026, 14:30');
    expect(dialog()!.querySelector<HTMLInputElement>('input[readonly]')!.value).toContain('token=tok-8');
  });

  it('asks before Abbrechen drops typed text, and shows the server schema’s message at the field', async () => {
    signedIn({});
    await app.renderAt('/grundeinstellungen/benutzer');
    await waitFor(() => expect(byText('button', 'Neuer Benutzer', container)).toBeDefined());
    await click(byText('button', 'Neuer Benutzer', container)!);
    await waitFor(() => expect(dialog()?.textContent).toContain('Kassier'));
    const form = dialog()!.querySelector('form')!;
    await typeInto(form.querySelector<HTMLInputElement>('input[name="name"]')!, 'Eva Neu');
    await typeInto(form.querySelector<HTMLInputElement>('input[name="email"]')!, 'eva@');
    await submit(form);
    // The server's own schema decides (no regex of the UI's own).
    await waitFor(() => expect(dialog()!.textContent).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.'));
    expect(document.activeElement).toBe(form.querySelector('input[name="email"]'));
    expect(calls('POST /api/User/UpdateUser')).toHaveLength(0);

    await click(byText('button', 'Abbrechen', dialog()!)!);
    // Toasts are alert dialogs too: the question is the one with its title.
    const question = () =>
      [...document.body.querySelectorAll('[role="alertdialog"]')].find((d) =>
        d.textContent?.includes('Änderungen verwerfen?'),
      );
    await waitFor(() => expect(question()).toBeDefined());
    await click(byText('button', 'Weiter bearbeiten')!);
    await waitFor(() => expect(question()).toBeUndefined());
    expect(dialog()!.querySelector<HTMLInputElement>('input[name="name"]')!.value).toBe('Eva Neu');
    await click(byText('button', 'Abbrechen', dialog()!)!);
    await waitFor(() => expect(byText('button', 'Verwerfen')).toBeDefined());
    await click(byText('button', 'Verwerfen')!);
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('a successful save closes the red "bereits vergeben" toast of the failed one', async () => {
    let answers = 0;
    signedIn({
      'POST /api/User/UpdateUser': () =>
        ++answers === 1
          ? json(
              {
                type: 'about:blank',
                title: 'Die Eingaben sind nicht gültig.',
                status: 422,
                code: 'validation_failed',
                errors: { email: ['Diese E-Mail-Adresse ist bereits vergeben.'] },
              },
              422,
            )
          : json({ ...KURT, id: 21, name: 'Eva Neu', email: 'eva2@kgv.at', einladung: null }),
    });
    const form = await openNewUser();
    await submit(form);
    await waitFor(() => expect(dialog()!.textContent).toContain('Diese E-Mail-Adresse ist bereits vergeben.'));
    const toastText = () =>
      [...document.body.querySelectorAll('[role="alertdialog"]')].map((t) => t.textContent).join('\n');
    await waitFor(() => expect(toastText()).toContain('bereits vergeben'));
    await typeInto(form.querySelector<HTMLInputElement>('input[name="email"]')!, 'eva2@kgv.at');
    await submit(form);
    // Saved: the dialog closes (success toasts of earlier tests may still be up, so not by its text).
    await waitFor(() => expect(dialog()).toBeNull());
    await waitFor(() => expect(toastText()).not.toContain('bereits vergeben'));
  });
});
