import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, signedIn } from '../../vereinseinstellungen/testHelpers';

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
  it('shows the Geburtstagsliste and links PDF and Excel with the same parameters', async () => {
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
    const pdf = link('PDF');
    expect(pdf?.getAttribute('href')).toBe(URL.replace('format=json', 'format=pdf'));
    expect(pdf?.getAttribute('target')).toBe('_blank');
    expect(link('Excel')?.getAttribute('href')).toBe(URL.replace('format=json', 'format=xlsx'));
  });
});
