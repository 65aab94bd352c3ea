import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, type Handler, json, submit, typeInto, waitFor } from '../../testing/appHarness';
import { setTestCookie } from '../../testing/cookies';
import { userStatus } from './format';

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
const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
const USERS = [
  {
    id: 7,
    email: 'maria@kgv.at',
    name: 'Maria Huber',
    active: true,
    mfa: true,
    roles: [
      { id: 2, name: 'Administrator' },
      { id: 4, name: 'Kassier' },
    ],
    lockedUntil: null,
    lastLoginAt: '2026-11-20T08:15:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 8,
    email: 'kurt@kgv.at',
    name: 'Kurt Berger',
    active: true,
    mfa: false,
    roles: [{ id: 5, name: 'Schriftführer' }],
    lockedUntil: inAnHour.toISOString(),
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 9,
    email: 'alt@kgv.at',
    name: 'Anton Alt',
    active: false,
    mfa: false,
    roles: [],
    lockedUntil: null,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];
const ROLLEN = [
  { id: 1, name: 'GlobalAdmin', description: 'Alle Rechte', isSystem: true, rights: ['WebApp.Admin.Global'] },
  {
    id: 4,
    name: 'Kassier',
    description: 'Kassa und Rechnungen',
    isSystem: true,
    rights: ['WebApp.Kassa.View', 'WebApp.Kassa.Edit', 'WebApp.Stammdaten.View'],
  },
  { id: 12, name: 'Platzwart', description: '', isSystem: false, rights: ['WebApp.Stammdaten.View'] },
];

const calls = (key: string) =>
  app.fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
const click = (element: Element) => act(async () => (element as HTMLElement).click());
const byText = (selector: string, text: string, root: ParentNode = document.body) =>
  [...root.querySelectorAll<HTMLElement>(selector)].find((el) => el.textContent?.trim() === text);
const dialog = () => document.body.querySelector<HTMLElement>('section[role="dialog"], [role="dialog"]');
const dialogTitled = (title: string) =>
  [...document.body.querySelectorAll('[role="alertdialog"]')].find((d) => d.querySelector('h2')?.textContent === title);
const rowOf = (name: string) =>
  [...container.querySelectorAll('[role="row"]')].find((row) => row.textContent?.includes(name));

function signedIn(rights: string[], extra: Record<string, Handler> = {}) {
  app.api({
    'GET /api/User': () => json(ME),
    'POST /api/Common/GetRights?instanceID=menu': () => json(rights),
    'GET /api/User/Users': () => json(USERS),
    'GET /api/User/Rollen': () => json(ROLLEN),
    ...extra,
  });
}

const EDITOR = ['User.View', 'User.Edit', 'User.Rollen.View', 'WebApp.Stammdaten.View', 'WebApp.Kassa.View'];

// TableView renders only the rows that fit its measured size; happy-dom measures nothing.
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

describe('BenutzerScreen', () => {
  it('lists users with roles, 2FA, status and last sign-in', async () => {
    signedIn(EDITOR);
    await app.renderAt('/grundeinstellungen/benutzer');
    await waitFor(() => expect(rowOf('Maria Huber')).toBeDefined());
    const maria = rowOf('Maria Huber')!.textContent;
    expect(maria).toContain('maria@kgv.at');
    expect(maria).toContain('Administrator, Kassier');
    expect(maria).toContain('aktiv');
    expect(maria).toContain('20.11.2026');
    const kurt = rowOf('Kurt Berger')!.textContent;
    // The wording (time only, or with the date after midnight) is format.test.ts's business.
    expect(kurt).toContain(userStatus({ active: true, lockedUntil: inAnHour.toISOString() }).text);
    expect(kurt).toContain('gesperrt bis');
    expect(kurt).toContain('aus');
    expect(rowOf('Anton Alt')!.textContent).toContain('inaktiv');
    expect(container.textContent).toContain('3 Benutzer');
  });

  it('searches name and e-mail and keeps the search in the URL', async () => {
    signedIn(EDITOR);
    await app.renderAt('/grundeinstellungen/benutzer?q=kurt');
    await waitFor(() => expect(rowOf('Kurt Berger')).toBeDefined());
    expect(rowOf('Maria Huber')).toBeUndefined();
    const search = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(search.value).toBe('kurt');
    await typeInto(search, 'MARIA@');
    await waitFor(() => expect(rowOf('Maria Huber')).toBeDefined());
    expect(rowOf('Kurt Berger')).toBeUndefined();
    expect(new URLSearchParams(window.location.search).get('q')).toBe('MARIA@');
    expect(container.textContent).toContain('1 von 3 Benutzern');
  });

  it('creates a user with the roles as numbers', async () => {
    signedIn(EDITOR, {
      'POST /api/User/UpdateUser': () => json({ ...USERS[0], id: 20, name: 'Eva Neu', email: 'eva@kgv.at' }),
    });
    await app.renderAt('/grundeinstellungen/benutzer');
    await waitFor(() => expect(byText('button', 'Neuer Benutzer', container)).toBeDefined());
    await click(byText('button', 'Neuer Benutzer', container)!);
    await waitFor(() => expect(dialog()?.textContent).toContain('Platzwart'));
    const form = dialog()!.querySelector('form')!;
    expect(dialog()!.textContent).toContain('Der Benutzer erhält eine E-Mail, um sein Passwort festzulegen.');
    await typeInto(form.querySelector<HTMLInputElement>('input[name="name"]')!, 'Eva Neu');
    await typeInto(form.querySelector<HTMLInputElement>('input[name="email"]')!, 'eva@kgv.at');
    await click(form.querySelector('input[type="checkbox"][value="4"]')!);
    await click(form.querySelector('input[type="checkbox"][value="12"]')!);
    await submit(form);
    await waitFor(() => expect(calls('POST /api/User/UpdateUser')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST /api/User/UpdateUser')[0]?.[1]?.body))).toEqual({
      name: 'Eva Neu',
      email: 'eva@kgv.at',
      roleIds: [4, 12],
      active: true,
    });
    await waitFor(() => expect(dialog()).toBeNull());
    expect(calls('GET /api/User/Users').length).toBeGreaterThan(1);
  });

  it('edits a user from the row menu with the id', async () => {
    signedIn(EDITOR, { 'POST /api/User/UpdateUser': () => json(USERS[1]) });
    await app.renderAt('/grundeinstellungen/benutzer');
    await waitFor(() => expect(rowOf('Kurt Berger')).toBeDefined());
    await click(rowOf('Kurt Berger')!.querySelector('button[aria-label="Aktionen für Kurt Berger"]')!);
    await waitFor(() => expect(byText('[role="menuitem"]', 'Bearbeiten')).toBeDefined());
    await click(byText('[role="menuitem"]', 'Bearbeiten')!);
    await waitFor(() => expect(dialog()?.querySelector('input[name="name"]')).not.toBeNull());
    const form = dialog()!.querySelector('form')!;
    expect(form.querySelector<HTMLInputElement>('input[name="email"]')!.value).toBe('kurt@kgv.at');
    expect(dialog()!.textContent).not.toContain('erhält eine E-Mail');
    await click(form.querySelector('[role="switch"], input[role="switch"]')!);
    await submit(form);
    await waitFor(() => expect(calls('POST /api/User/UpdateUser')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST /api/User/UpdateUser')[0]?.[1]?.body))).toEqual({
      id: 8,
      name: 'Kurt Berger',
      email: 'kurt@kgv.at',
      roleIds: [5],
      active: false,
    });
  });

  it('opens a user by pressing the row', async () => {
    signedIn(EDITOR);
    await app.renderAt('/grundeinstellungen/benutzer');
    await waitFor(() => expect(rowOf('Anton Alt')).toBeDefined());
    const cell = [...rowOf('Anton Alt')!.querySelectorAll<HTMLElement>('[role="rowheader"], [role="gridcell"]')][1]!;
    await act(async () => {
      cell.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', button: 0 }));
      cell.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', button: 0 }));
      cell.click();
    });
    await waitFor(() =>
      expect(dialog()?.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe('alt@kgv.at'),
    );
  });

  it('asks before deleting and then deletes by userID', async () => {
    signedIn(EDITOR, { 'DELETE /api/User/DeleteUser?userID=7': () => new Response(null, { status: 204 }) });
    await app.renderAt('/grundeinstellungen/benutzer');
    await waitFor(() => expect(rowOf('Maria Huber')).toBeDefined());
    await click(rowOf('Maria Huber')!.querySelector('button[aria-label="Aktionen für Maria Huber"]')!);
    await waitFor(() => expect(byText('[role="menuitem"]', 'Löschen')).toBeDefined());
    await click(byText('[role="menuitem"]', 'Löschen')!);
    await waitFor(() => expect(dialogTitled('Benutzer „Maria Huber“ löschen?')).toBeDefined());
    expect(calls('DELETE /api/User/DeleteUser?userID=7')).toHaveLength(0);
    await click(byText('button', 'Löschen', dialogTitled('Benutzer „Maria Huber“ löschen?'))!);
    await waitFor(() => expect(calls('DELETE /api/User/DeleteUser?userID=7')).toHaveLength(1));
  });

  it("shows the server's sentence when deleting is refused (409)", async () => {
    const refusal = 'Der letzte Administrator kann nicht gelöscht werden.';
    signedIn(EDITOR, {
      'DELETE /api/User/DeleteUser?userID=7': () =>
        json({ type: 'about:blank', title: refusal, status: 409, code: 'last_admin' }, 409),
    });
    await app.renderAt('/grundeinstellungen/benutzer');
    await waitFor(() => expect(rowOf('Maria Huber')).toBeDefined());
    await click(rowOf('Maria Huber')!.querySelector('button[aria-label="Aktionen für Maria Huber"]')!);
    await waitFor(() => expect(byText('[role="menuitem"]', 'Löschen')).toBeDefined());
    await click(byText('[role="menuitem"]', 'Löschen')!);
    await waitFor(() => expect(dialogTitled('Benutzer „Maria Huber“ löschen?')).toBeDefined());
    await click(byText('button', 'Löschen', dialogTitled('Benutzer „Maria Huber“ löschen?'))!);
    await waitFor(() => expect(document.body.textContent).toContain(refusal));
  });

  it('resets the 2FA of a user after asking', async () => {
    signedIn(EDITOR, { 'POST /api/User/ResetUsersMFA': () => new Response(null, { status: 204 }) });
    await app.renderAt('/grundeinstellungen/benutzer');
    await waitFor(() => expect(rowOf('Maria Huber')).toBeDefined());
    await click(rowOf('Maria Huber')!.querySelector('button[aria-label="Aktionen für Maria Huber"]')!);
    await waitFor(() => expect(byText('[role="menuitem"]', '2FA zurücksetzen')).toBeDefined());
    await click(byText('[role="menuitem"]', '2FA zurücksetzen')!);
    const title = 'Zwei-Faktor-Anmeldung von „Maria Huber“ zurücksetzen?';
    await waitFor(() => expect(dialogTitled(title)).toBeDefined());
    await click(byText('button', 'Zurücksetzen', dialogTitled(title))!);
    await waitFor(() => expect(calls('POST /api/User/ResetUsersMFA')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST /api/User/ResetUsersMFA')[0]?.[1]?.body))).toEqual({ userID: 7 });
  });

  it('is read-only without an Edit right', async () => {
    signedIn(['User.View', 'User.Rollen.View']);
    await app.renderAt('/grundeinstellungen/benutzer');
    await waitFor(() => expect(rowOf('Maria Huber')).toBeDefined());
    expect(byText('button', 'Neuer Benutzer', container)).toBeUndefined();
    expect(container.querySelector('button[aria-label^="Aktionen für"]')).toBeNull();

    await click(byText('[role="tab"]', 'Rollen', container)!);
    await waitFor(() => expect(container.textContent).toContain('Platzwart'));
    expect(new URLSearchParams(window.location.search).get('tab')).toBe('rollen');
    expect(byText('button', 'Neue Rolle', container)).toBeUndefined();
    expect(container.querySelector('button[aria-label^="Rolle „"]')).toBeNull();
  });
});

describe('Rollen', () => {
  it('shows the rights of each role grouped by area', async () => {
    signedIn(['User.View', 'User.Rollen.View']);
    await app.renderAt('/grundeinstellungen/benutzer?tab=rollen');
    await waitFor(() => expect(container.querySelector('dl[aria-label="Rechte der Rolle Kassier"]')).not.toBeNull());
    const kassier = container.querySelector('dl[aria-label="Rechte der Rolle Kassier"]')!;
    const pairs = [...kassier.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(pairs).toEqual(['Stammdaten: ansehen', 'Kassa: ansehen, bearbeiten']);
  });

  it('edits roles with User.Rollen.Edit: system names stay, rights by area, delete only own roles', async () => {
    signedIn([...EDITOR, 'User.Rollen.Edit', 'WebApp.Stammdaten.Edit'], {
      'POST /api/User/UpdateRolle': () => json(ROLLEN[2]),
      'DELETE /api/User/DeleteRolle?id=12': () => new Response(null, { status: 204 }),
    });
    await app.renderAt('/grundeinstellungen/benutzer?tab=rollen');
    await waitFor(() => expect(byText('button', 'Neue Rolle', container)).toBeDefined());
    // GlobalAdmin cannot be changed; system roles cannot be deleted.
    expect(container.querySelector('button[aria-label="Rolle „Global Admin“ bearbeiten"]')).toBeNull();
    // One spelling in the UI: the display name, not the stored identifier.
    expect(container.textContent).toContain('Global Admin');
    expect(container.textContent).not.toContain('GlobalAdmin');
    expect(container.querySelector('button[aria-label="Rolle „Kassier“ löschen"]')).toBeNull();
    expect(container.querySelector('button[aria-label="Rolle „Platzwart“ löschen"]')).not.toBeNull();

    await click(container.querySelector('button[aria-label="Rolle „Kassier“ bearbeiten"]')!);
    await waitFor(() => expect(dialog()?.querySelector('input[name="name"]')).not.toBeNull());
    expect(dialog()!.querySelector<HTMLInputElement>('input[name="name"]')!.readOnly).toBe(true);
    await click(byText('button', 'Abbrechen', dialog()!)!);
    await waitFor(() => expect(dialog()).toBeNull());

    await click(container.querySelector('button[aria-label="Rolle „Platzwart“ bearbeiten"]')!);
    await waitFor(() => expect(dialog()?.querySelector('input[name="name"]')).not.toBeNull());
    const form = dialog()!.querySelector('form')!;
    const box = (right: string) => form.querySelector<HTMLInputElement>(`input[type="checkbox"][value="${right}"]`)!;
    expect(box('WebApp.Stammdaten.View').checked).toBe(true);
    // Rights the editor lacks cannot be handed out.
    expect(box('WebApp.Wasser.Edit').disabled).toBe(true);
    await click(box('WebApp.Stammdaten.Edit'));
    await submit(form);
    await waitFor(() => expect(calls('POST /api/User/UpdateRolle')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST /api/User/UpdateRolle')[0]?.[1]?.body))).toEqual({
      id: 12,
      name: 'Platzwart',
      description: '',
      rights: ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'],
    });
    await waitFor(() => expect(dialog()).toBeNull());

    await click(container.querySelector('button[aria-label="Rolle „Platzwart“ löschen"]')!);
    await waitFor(() => expect(dialogTitled('Rolle „Platzwart“ löschen?')).toBeDefined());
    await click(byText('button', 'Löschen', dialogTitled('Rolle „Platzwart“ löschen?'))!);
    await waitFor(() => expect(calls('DELETE /api/User/DeleteRolle?id=12')).toHaveLength(1));
  });
});
