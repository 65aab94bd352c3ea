import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click } from '../../../testing/testHelpers';
import { alertDialog, bodyOf, fakeLayout, signedIn } from '../../../testing/testKit';
import { gruppenZeilen } from './GruppenAnteile';
import { brief, JAHRE, vorschau } from './laufTestdaten.testdata';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const ABRECHNUNG = ['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit'];
const A = '/api/Abrechnung';
const VORSCHAU = `${A}/LaufVorschau?art=Gruppenrechnung&date=2026-11-24`;

// Group „Nord“ (3 plots) shares 120,00 € equally: 40,00 € each; plot 17's holder also holds 18.
const BRIEFE = [
  brief(21, 'Huber Maria', [
    { nummer: '17', positionen: [{ text: 'Wegsanierung (Gruppe Nord, Anteil 1/3)', betragCent: 4000 }] },
    { nummer: '18', positionen: [{ text: 'Wegsanierung (Gruppe Nord, Anteil 1/3)', betragCent: 4000 }] },
  ]),
  brief(22, 'Gruber Franz', [
    { nummer: '19', positionen: [{ text: 'Wegsanierung (Gruppe Nord, Anteil 1/3)', betragCent: 4000 }] },
  ]),
];

const text = () => (container.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const aufteilung = () =>
  [...container.querySelectorAll('table[aria-label="Aufteilung je Parzelle"] tbody tr')].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
  );

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('gruppenZeilen', () => {
  it('reads group and share from the line the run wrote, by area too; other lines stay whole', () => {
    const e = brief(1, 'A', [
      {
        nummer: '5',
        positionen: [
          { text: 'Zaun (Gruppe Süd 2, Anteil 400,00 m² von 4.800,00 m²)', betragCent: 833 },
          { text: 'Sonderfall ohne Muster', betragCent: 100 },
          { art: 'verein', text: 'Mitgliedsbeitrag', betragCent: 5000 },
        ],
      },
    ]);
    expect(gruppenZeilen([e]).map(({ key: _, ...z }) => z)).toEqual([
      {
        parzelle: '5',
        name: 'A',
        position: 'Zaun',
        gruppe: 'Süd 2',
        anteil: '400,00 m² von 4.800,00 m²',
        betragCent: 833,
      },
      { parzelle: '5', name: 'A', position: 'Sonderfall ohne Muster', gruppe: '', anteil: '', betragCent: 100 },
    ]);
  });
});

describe('Rechnungen je Gruppe', () => {
  it('previews every plot with its group and share, then books the Gruppenrechnungen', async () => {
    let gebucht = false;
    app.api({
      ...signedIn(ABRECHNUNG),
      'GET /api/Common/Pachtabrechnungen': () => json(JAHRE),
      'GET /api/Common/ZvSortBy': () => json([{ id: 'parzelle', name: 'Parzellennummer' }]),
      [`GET ${VORSCHAU}`]: () =>
        json(
          vorschau(
            'Gruppenrechnung',
            'Gruppenrechnung 2026',
            BRIEFE,
            gebucht ? { gebuchtAm: '2026-11-24T09:15:00Z', gebuchtVon: 'Olga Obfrau' } : undefined,
          ),
        ),
      [`POST ${A}/LaufEinbuchen`]: () => {
        gebucht = true;
        return json({ laufId: 9, anzahl: 2, summeCent: 12000, rechnungen: [] });
      },
    });
    await app.renderAt('/jahresabrechnung/gruppenrechnungen?datum=2026-11-24&schritt=3');
    await waitFor(() => expect(document.title).toMatch(/^Gruppenrechnungen – /));
    await waitFor(() => expect(aufteilung().length).toBe(3));
    expect(container.querySelector('h1')?.textContent).toBe('Gruppenrechnungen 2026');
    expect(aufteilung()[0]).toEqual(['17', 'Huber Maria', 'Wegsanierung', 'Nord', '1/3', '€ 40,00']);
    expect(aufteilung()[2]).toEqual(['19', 'Gruber Franz', 'Wegsanierung', 'Nord', '1/3', '€ 40,00']);

    await click(button(container, 'Weiter zum Buchen'));
    await waitFor(() => expect(text()).toContain('2 Forderungen über € 120,00'));
    // The split table belongs to the preview only.
    expect(aufteilung()).toEqual([]);
    await click(button(container, 'Einbuchen …'));
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    // What booking locks is this run's (the group positions), not the Zahlungsvorschreibung's rates.
    expect(alertDialog()?.textContent?.replace(/\u00a0/g, ' ')).toContain(
      '2 Forderungen über € 120,00 buchen? Danach sind die Positionen der Abrechnung je Gruppe dieses Jahres gesperrt.',
    );
    await click(button(alertDialog() as HTMLElement, 'Buchen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${A}/LaufEinbuchen`).length).toBe(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', `${A}/LaufEinbuchen`)[0]?.[1])).toEqual({
      art: 'Gruppenrechnung',
      datum: '2026-11-24',
    });
    await waitFor(() => expect(text()).toContain('gebucht am 24.11.2026, 10:15 von Olga Obfrau'));
  });
});
