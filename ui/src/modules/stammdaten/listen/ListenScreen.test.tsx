import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, signedIn } from '../../../testing/testHelpers';

const app = createAppHarness();
const { container } = app;
const PATH = '/stammdatenverwalten/listen';
const VIEW = ['WebApp.Stammdaten.View'];
const ROWS = [
  { name: 'Huber Maria', geburtsdatum: '1966-03-14', alter: 60, parzellen: '17', adresseId: 1, weiterePerson: false },
  { name: 'Gruber Franz', geburtsdatum: '1950-07-02', alter: 76, parzellen: '3, 4', adresseId: 2, weiterePerson: true },
];

const rowTexts = () =>
  [...container.querySelectorAll('[role="row"]')]
    .slice(1)
    .map((row) => [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) => cell.textContent));
const link = (text: string) => [...container.querySelectorAll('a')].find((a) => a.textContent === text);

function fakeLayout() {
  for (const property of ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.getOwnPropertyDescriptor(owner, property)) owner = Object.getPrototypeOf(owner);
    if (owner) vi.spyOn(owner as HTMLElement, property, 'get').mockReturnValue(1000);
  }
}

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('ListenScreen', () => {
  it('shows the Geburtstagsliste, links its printed PDF with the same parameters and exports the shown list', async () => {
    const URL =
      '/api/Stammdaten/Geburtstagsliste?date=2026-05-01&weiterePersonen=true&zeitungsfilter=false&fifties=false&format=json';
    app.api({ ...signedIn(VIEW), [`GET ${URL}`]: () => json(ROWS) });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.querySelector('button[aria-haspopup="listbox"]')).not.toBeNull());
    await click(container.querySelector('button[aria-haspopup="listbox"]')!);
    await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBe(4));
    const option = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'Geburtstagsliste');
    await click(option!);

    await typeInto(field(container, 'Stichtag'), '2026-05-01');
    await click(button(container, 'Anzeigen'));

    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(callsTo(app.fetchMock, 'GET', URL)).toHaveLength(1);
    expect(rowTexts()).toEqual([
      ['14.03.1966', 'Huber Maria', '60', '17'],
      ['02.07.1950', 'Gruber Franz', '76', '3, 4'],
    ]);
    const pdf = link('Druckfassung (PDF)');
    expect(pdf?.getAttribute('href')).toBe(URL.replace('format=json', 'format=pdf'));
    expect(pdf?.getAttribute('target')).toBe('_blank');
    // Excel and PDF of the shown list (its search and order) come from the list's Export.
    expect(button(container, 'Export')).toBeDefined();
    expect(container.textContent).toContain('2 Einträge');
  });

  it('shows the Summenblatt of the year chosen in the URL and links its PDF with that year', async () => {
    const URL = '/api/Stammdaten/Summenblatt?pachtabrechnungID=2&format=json';
    app.api({
      ...signedIn(VIEW),
      'GET /api/Common/Pachtabrechnungen': () =>
        json([
          { id: 3, jahr: 2026, bezeichnung: '2026' },
          { id: 2, jahr: 2025, bezeichnung: '2025' },
        ]),
      [`GET ${URL}`]: () =>
        json({
          pachtabrechnung: { id: 2, jahr: 2025 },
          stichtag: '2025-12-31',
          rows: [
            { bezeichnung: 'Parzellen', wert: 120 },
            { bezeichnung: 'Fläche gesamt (m²)', wert: '41250.50' },
          ],
        }),
    });
    await app.renderAt(`${PATH}?jahr=2`);
    await waitFor(() => expect(container.querySelector('button[aria-haspopup="listbox"]')).not.toBeNull());
    await click(container.querySelector('button[aria-haspopup="listbox"]')!);
    await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBe(4));
    await click([...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'Summenblatt')!);

    await waitFor(() => expect(container.textContent).toContain('2025'));
    await click(button(container, 'Anzeigen'));
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(callsTo(app.fetchMock, 'GET', URL)).toHaveLength(1);
    expect(rowTexts()).toEqual([
      ['Parzellen', '120'],
      ['Fläche gesamt (m²)', '41.250,50'],
    ]);
    expect(container.textContent).toContain('Jahr 2025, Stichtag 31.12.2025');
    expect(link('Druckfassung (PDF)')?.getAttribute('href')).toBe(URL.replace('format=json', 'format=pdf'));
  });
});
