import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppHarness, json, VERSION, waitFor } from '../testing/appHarness';

const app = createAppHarness();
const { container } = app;
const navLinks = () => [...container.querySelectorAll('nav[aria-label="Hauptmenü"] a')];
/** A link's name: its text without the "in Arbeit" badge, which is hidden from assistive technology. */
const linkName = (link: Element | null | undefined) => link?.querySelector('span:not([aria-hidden])')?.textContent;

beforeEach(() => app.setUp());
afterEach(() => app.tearDown());

describe('App routing', () => {
  it('sends unknown paths to the 404 page', async () => {
    app.api({});
    await app.renderAt('/gibtesnicht');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Seite nicht gefunden'));
    expect(window.location.pathname).toBe('/404');
  });

  it('sends signed-out users to the login and remembers where they wanted to go', async () => {
    app.api({});
    await app.renderAt('/emails/serienbrief');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('returnTo')).toBe('/emails/serienbrief');
    await waitFor(() => expect(container.querySelector('input[type="password"]')).not.toBeNull());
    expect(container.textContent).toContain('Angemeldet bleiben');
    expect(container.textContent).toContain('Passwort vergessen?');
    await waitFor(() => expect(document.title).toBe('Anmelden – KGV Sonnenhang'));
  });

  it('shows the version error on the login page', async () => {
    app.api({
      'GET /api/Common/AppVersionInfo?reload=false': () => json({ ...VERSION, versionError: 'API 4.0 erwartet' }),
    });
    await app.renderAt('/login');
    await waitFor(() => expect(container.textContent).toContain('API 4.0 erwartet'));
  });

  it('sends signed-in users with a version error to the info screen', async () => {
    app.api({
      'GET /api/Common/AppVersionInfo?reload=false': () => json({ ...VERSION, versionError: 'API 4.0 erwartet' }),
      'GET /api/User': () =>
        json({ name: 'Chef', role: 'Obmann', email: 'c@b.at', mfa: false, isAdmin: true, isGlobalAdmin: false }),
      'POST /api/Common/GetRights?instanceID=menu': () => json([]),
    });
    await app.renderAt('/emails/serienbrief');
    await waitFor(() => expect(window.location.pathname).toBe('/infoscreen'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Versionsinformationen'));
    expect(container.textContent).toContain('API 4.0 erwartet');
  });

  it('shows a signed-in user the welcome, the allowed menu and the current item', async () => {
    app.api({
      'GET /api/User': () =>
        json({
          name: 'Anna Wasser',
          role: 'Wasserwart',
          email: 'a@b.at',
          mfa: false,
          isAdmin: false,
          isGlobalAdmin: false,
        }),
      'POST /api/Common/GetRights?instanceID=menu': () => json(['WebApp.Wasser.Edit', 'WebApp.Stammdaten.View']),
    });
    await app.renderAt('/');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Willkommen, Anna Wasser'));
    await waitFor(() => expect(navLinks().length).toBeGreaterThan(0));
    const names = navLinks().map(linkName);
    expect(names).toContain('Parzellen');
    expect(names).toContain('Wasserrechnungen');
    expect(names).not.toContain('Kassabuch');
    expect(linkName(container.querySelector('nav a[aria-current="page"]'))).toBe('Startseite');
    expect(container.textContent).toContain('Wasserwart');
    expect(container.textContent).not.toContain('Global Admin');
    expect(container.textContent).toContain(`Version 0.1.0 · © ${new Date().getFullYear()}`);
  });

  it('shows a placeholder with title and group for screens still to come', async () => {
    app.api({
      'GET /api/User': () =>
        json({ name: 'Chef', role: 'Administrator', email: 'c@b.at', mfa: true, isAdmin: true, isGlobalAdmin: true }),
      'POST /api/Common/GetRights?instanceID=menu': () =>
        json(['WebApp.Admin.Global', 'WebApp.Rechnungspruefung.View']),
    });
    await app.renderAt('/emails/mail');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('E-Mail-Vorlagen'));
    expect(container.textContent).toContain('Dieser Bereich wird gerade aufgebaut');
    expect(container.textContent).toContain('Kassabuch');
    expect(container.textContent).toContain('Global Admin');
    const current = container.querySelector('nav a[aria-current="page"]');
    expect(linkName(current)).toBe('E-Mail-Vorlagen');
    // Marked as not built yet, for the eye and (as the link's description) for screen readers.
    expect(current?.textContent).toContain('in Arbeit');
    const description = document.getElementById(current?.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain('in Arbeit');
    // Built screens carry no mark.
    expect(navLinks().find((link) => linkName(link) === 'Vereinseinstellungen')?.textContent).toBe(
      'Vereinseinstellungen',
    );
    await waitFor(() => expect(document.title).toBe('E-Mail-Vorlagen – KGV Sonnenhang'));
  });

  it('tells users without the right instead of showing the screen', async () => {
    app.api({
      'GET /api/User': () =>
        json({ name: 'Anna', role: 'Wasserwart', email: 'a@b.at', mfa: false, isAdmin: false, isGlobalAdmin: false }),
      'POST /api/Common/GetRights?instanceID=menu': () => json(['WebApp.Wasser.Edit']),
    });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(container.textContent).toContain('Für diese Seite fehlt Ihnen die Berechtigung'));
  });
});
