import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Uebersicht } from '../../../../src/modules/stammdaten/schema/uebersicht';
import { createAppHarness, json, waitFor } from '../../testing/appHarness';

// Issue 11: the start page is an overview for the signed-in role; each card only with its right.

const app = createAppHarness();
const { container } = app;

const user = (name: string) => ({
  name,
  role: 'Obmann',
  email: 'o@b.at',
  mfa: false,
  isAdmin: false,
  isGlobalAdmin: false,
  mfaSetupRequired: false,
});

const UEBERSICHT: Uebersicht = {
  stichtag: '2030-06-10',
  stammdaten: {
    anzahlParzellen: 120,
    anzahlFreieParzellen: 2,
    freieParzellen: [
      { id: 7, nummer: '2', flaeche: '312.50' },
      { id: 9, nummer: '10', flaeche: '1200.00' },
    ],
    anzahlNutzungsberechtigte: 118,
    anzahlMitglieder: 1134,
    geburtstage: [{ adresseId: 41, name: 'Fünfzig Franz', datum: '2030-06-20', geburtsdatum: '1980-06-20', alter: 50 }],
    jubilaeen: [
      { adresseId: 41, name: 'Fünfzig Franz', art: 'geburtstag', datum: '2030-06-20', jahre: 50 },
      { adresseId: 42, name: 'Zwanzig Zita', art: 'mitgliedschaft', datum: '2030-08-01', jahre: 20 },
    ],
    endendeFunktionen: [
      { funktionaerId: 3, adresseId: 43, name: 'Huber Maria', funktion: 'Kassier', bis: '2030-07-31' },
    ],
  },
  eichungFaellig: [
    {
      id: 5,
      nummer: 'HWZ 1',
      bezeichnung: 'Nord',
      eichdatum: '2025-01-01',
      eichungFaelligAm: '2030-01-01',
      ueberfaellig: true,
    },
  ],
};

const card = (title: string) =>
  [...container.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent === title);
const cardTitles = () => [...container.querySelectorAll('.kgv-start-card h2')].map((h) => h.textContent);
const linkTo = (section: Element | undefined, name: string) =>
  [...(section?.querySelectorAll('a') ?? [])].find((a) => a.textContent === name)?.getAttribute('href');
const uebersichtCalls = () =>
  app.fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/Stammdaten/Uebersicht'));

beforeEach(() => app.setUp());
afterEach(() => app.tearDown());

describe('StartScreen', () => {
  it('shows a board member counts, birthdays, jubilees, ending terms, due meters and free plots, linked to the records', async () => {
    app.api({
      'GET /api/User': () => json(user('Franz Obmann')),
      'POST /api/Common/GetRights?instanceID=menu': () => json(['WebApp.Stammdaten.Edit', 'WebApp.Wasser.Edit']),
      'GET /api/Stammdaten/Uebersicht': () => json(UEBERSICHT),
    });
    await app.renderAt('/');
    await waitFor(() => expect(card('Auf einen Blick')?.textContent).toContain('120'));
    expect(cardTitles()).toEqual([
      'Auf einen Blick',
      'Geburtstage in den nächsten 30 Tagen',
      'Jubiläen in den nächsten 90 Tagen',
      'Funktionsperioden, die bald enden',
      'Eichung fällig',
      'Freie Parzellen',
    ]);
    // One request feeds every card.
    expect(uebersichtCalls()).toHaveLength(1);
    expect(card('Auf einen Blick')?.textContent).toContain('1.134Mitglieder');
    expect(linkTo(card('Auf einen Blick'), 'davon frei')).toBe('/stammdatenverwalten/parzellen?filter=frei');

    const geburtstage = card('Geburtstage in den nächsten 30 Tagen');
    expect(geburtstage?.textContent).toContain('20.06.2030');
    expect(geburtstage?.textContent).toContain('wird 50');
    expect(linkTo(geburtstage, 'Fünfzig Franz')).toBe('/stammdatenverwalten/nutzungsberechtigte?id=41');

    const jubilaeen = card('Jubiläen in den nächsten 90 Tagen');
    expect(jubilaeen?.textContent).toContain('50. Geburtstag');
    expect(jubilaeen?.textContent).toContain('01.08.2030');
    expect(jubilaeen?.textContent).toContain('20 Jahre Mitglied');

    const funktionen = card('Funktionsperioden, die bald enden');
    expect(funktionen?.textContent).toContain('bis 31.07.2030');
    expect(funktionen?.textContent).toContain('Kassier');
    expect(linkTo(funktionen, 'Huber Maria')).toBe('/stammdatenverwalten/nutzungsberechtigte?id=43');

    expect(card('Eichung fällig')?.textContent).toContain('01.01.2030');
    expect(card('Eichung fällig')?.textContent).toContain('überfällig');

    const frei = card('Freie Parzellen');
    expect(frei?.textContent).toContain('1.200,00 m²');
    expect(linkTo(frei, 'Parzelle 2')).toBe('/stammdatenverwalten/parzellen?q=2');

    // The quick links name the built areas the user may open (unbuilt ones are left out: App.test).
    const bereiche = card('Ihre Bereiche');
    expect(bereiche?.textContent).toContain('Stammdaten');
    expect(bereiche?.textContent).toContain('Wasserrechnungen');
    expect(bereiche?.textContent).not.toContain('Zahlungsvorschreibung'); // needs an Abrechnung right
    expect(bereiche?.textContent).toContain('Wasserablesung');
    expect(bereiche?.textContent).toContain('Hauptwasserzähler');
  });

  it('shows a user with the water rights only the meters due for calibration', async () => {
    app.api({
      'GET /api/User': () => json(user('Anna Wasser')),
      'POST /api/Common/GetRights?instanceID=menu': () => json(['WebApp.Wasser.Edit']),
      'GET /api/Stammdaten/Uebersicht': () => json({ ...UEBERSICHT, stammdaten: null, eichungFaellig: [] }),
    });
    await app.renderAt('/');
    await waitFor(() => expect(card('Eichung fällig')?.textContent).toContain('Kein Hauptwasserzähler'));
    expect(cardTitles()).toEqual(['Eichung fällig']);
  });

  it('asks for no overview without a right for it, and says so when no area is open', async () => {
    app.api({
      'GET /api/User': () => json(user('Neu Nora')),
      'POST /api/Common/GetRights?instanceID=menu': () => json([]),
    });
    await app.renderAt('/');
    await waitFor(() => expect(container.textContent).toContain('noch keine Bereiche freigegeben'));
    expect(cardTitles()).toEqual([]);
    expect(uebersichtCalls()).toHaveLength(0);
  });
});
