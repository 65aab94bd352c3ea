import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, type Handler, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton, signedIn } from '../../../testing/testHelpers';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/stammdatenverwalten/parzellen';
const EDIT = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];
const VIEW = ['WebApp.Stammdaten.View'];
const LIST = '/api/Stammdaten/Parzellen';

const parzelle = (overrides: Record<string, unknown>) => ({
  id: 1,
  nummer: '17',
  flaeche: '400.00',
  gemeinschaftsflaeche: '100.00',
  anzahlParkkarten: 2,
  flags: 4,
  wasserzaehlerNummer: 'W-17',
  hauptwasserzaehlerId: 1,
  gruppeId: 1,
  aktiv: true,
  notiz: '',
  pachtabrechnungId: 3,
  nutzungsberechtigter: { adresseId: 10, name: 'Huber Maria', von: '2019-04-01' },
  gruppeName: 'Nord',
  hauptwasserzaehlerNummer: 'HWZ 1',
  ...overrides,
});
const PARZELLEN = [
  parzelle({}),
  parzelle({
    id: 2,
    nummer: '3',
    flaeche: '350.50',
    gemeinschaftsflaeche: null,
    nutzungsberechtigter: null,
    gruppeName: null,
    gruppeId: null,
  }),
];

function api(rights: string[], extra: Record<string, Handler> = {}) {
  app.api({
    ...signedIn(rights),
    'GET /api/Common/Pachtabrechnungen': () =>
      json([
        { id: 3, jahr: 2026, bezeichnung: '2026' },
        { id: 2, jahr: 2025, bezeichnung: '2025' },
      ]),
    [`GET ${LIST}`]: () => json(PARZELLEN),
    'GET /api/Common/HWZ': () => json([{ id: 1, name: 'HWZ 1' }]),
    'GET /api/Common/Gruppen': () => json([{ id: 1, name: 'Nord' }]),
    'GET /api/Common/Addressen': () =>
      json([
        { id: 10, name: 'Huber Maria' },
        { id: 11, name: 'Gruber Franz' },
        { id: 12, name: 'Berger Kurt' },
      ]),
    'GET /api/Stammdaten/GetGartenhistorie?parzelleId=1': () =>
      json([{ adresseId: 10, name: 'Huber Maria', von: '2019-04-01', bis: null }]),
    'GET /api/Common/GetHistory?entityID=Parzelle%3A1': () => json([]),
    ...extra,
  });
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const dialog = () => document.body.querySelector('[role="dialog"]');
const rows = () => [...container.querySelectorAll('[role="row"]')].slice(1);
const rowTexts = () =>
  rows().map((row) =>
    [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) =>
      cell.textContent?.replace(/[\u00a0\u202f]/g, ' '),
    ),
  );

function fakeLayout() {
  for (const property of ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.getOwnPropertyDescriptor(owner, property)) owner = Object.getPrototypeOf(owner);
    if (owner) vi.spyOn(owner as HTMLElement, property, 'get').mockReturnValue(1000);
  }
}

async function openRow(nummer: string) {
  const cell = [...container.querySelectorAll('[role="rowheader"]')].find((c) => c.textContent === nummer);
  if (!cell) throw new Error(`no row ${nummer}`);
  await click(cell);
  await waitFor(() => expect(dialog()?.textContent).toContain(`Parzelle ${nummer}`));
}

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('ParzellenScreen', () => {
  it('lists the plots sorted by number with areas, holder and count', async () => {
    api(EDIT);
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(rowTexts()).toEqual([
      ['3', '350,50 m²', '–', 'frei', '–', '–', 'HWZ 1'],
      ['17', '400,00 m²', '100,00 m²', 'Huber Maria', '01.04.2019', 'Nord', 'HWZ 1'],
    ]);
    expect(container.textContent).toContain('2 Parzellen');
    expect(hasButton(container, 'Neue Parzelle')).toBe(true);
    await waitFor(() => expect(document.title).toBe('Parzellen – KGV Sonnenhang'));
  });

  it('reads filter and year from the URL and writes the search into it', async () => {
    api(EDIT, {
      [`GET ${LIST}?pachtabrechnungID=2&filter=frei`]: () => json([PARZELLEN[1]]),
      [`GET ${LIST}?pachtabrechnungID=2&search=3&filter=frei`]: () => json([PARZELLEN[1]]),
    });
    await app.renderAt(`${PATH}?filter=frei&jahr=2`);
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(callsTo(app.fetchMock, 'GET', `${LIST}?pachtabrechnungID=2&filter=frei`)).toHaveLength(1);
    const search = container.querySelector<HTMLInputElement>('input[type="search"]');
    if (!search) throw new Error('no search field');
    await typeInto(search, '3');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('3'));
    expect(new URLSearchParams(window.location.search).get('filter')).toBe('frei');
    await waitFor(() =>
      expect(callsTo(app.fetchMock, 'GET', `${LIST}?pachtabrechnungID=2&search=3&filter=frei`)).toHaveLength(1),
    );
  });

  it('shows the empty state with the import hint', async () => {
    api(EDIT, { [`GET ${LIST}`]: () => json([]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Noch keine Parzellen'));
    expect(container.textContent).toContain('kgv import stammdaten');
  });

  it('creates a plot: the area goes to the server as "400.00"', async () => {
    api(EDIT, {
      'POST /api/Stammdaten/UpdateParzelle': (init) => json(parzelle({ id: 5, ...bodyOf(init) })),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await click(button(container, 'Neue Parzelle'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Neue Parzelle'));
    await typeInto(field(dialog()!, 'Nummer'), '18');
    await typeInto(field(dialog()!, 'Fläche'), '400');
    await click(button(dialog()!, 'Speichern'));
    const save = '/api/Stammdaten/UpdateParzelle';
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', save)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', save)[0]![1])).toEqual({
      nummer: '18',
      flaeche: '400.00',
      gemeinschaftsflaeche: null,
      anzahlParkkarten: 0,
      flags: 0,
      wasserzaehlerNummer: '',
      hauptwasserzaehlerId: null,
      gruppeId: null,
      aktiv: true,
      notiz: '',
      pachtabrechnungId: 3,
    });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('shows 422 errors under the field', async () => {
    api(EDIT, {
      'POST /api/Stammdaten/UpdateParzelle': () =>
        json({ title: 'Ungültig', status: 422, errors: { nummer: ['Diese Nummer gibt es schon.'] } }, 422),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await openRow('17');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Diese Nummer gibt es schon.'));
  });

  it('runs the Gartenwechsel wizard and posts parzelleId, neueAdresseId and datum', async () => {
    const url = '/api/Stammdaten/ExecuteGartenwechsel';
    api(EDIT, {
      [`POST ${url}`]: () =>
        json({
          parzelle: parzelle({ nutzungsberechtigter: { adresseId: 11, name: 'Gruber Franz', von: '2026-03-01' } }),
          historie: [],
        }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await openRow('17');
    await click(button(dialog()!, 'Gartenwechsel'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Schritt 1 von 3'));
    const combo = field(dialog()!, 'Neuer Nutzungsberechtigter');
    await act(async () => combo.focus());
    await typeInto(combo, 'Gru');
    let option: HTMLElement | undefined;
    await waitFor(() => {
      option = [...document.body.querySelectorAll<HTMLElement>('[role="option"]')].find((o) =>
        o.textContent?.includes('Gruber Franz'),
      );
      expect(option).toBeDefined();
    });
    await click(option!);
    await waitFor(() => expect(button(dialog()!, 'Weiter').disabled).toBe(false));
    await click(button(dialog()!, 'Weiter'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Schritt 2 von 3'));
    await typeInto(field(dialog()!, 'Datum des Wechsels'), '2026-03-01');
    await click(button(dialog()!, 'Weiter'));
    await waitFor(() =>
      expect(dialog()?.textContent).toContain('Parzelle 17: Huber Maria bis 28.02.2026, ab 01.03.2026 Gruber Franz'),
    );
    expect(callsTo(app.fetchMock, 'POST', url)).toHaveLength(0);
    await click(button(dialog()!, 'Gartenwechsel ausführen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', url)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', url)[0]![1])).toEqual({
      parzelleId: 1,
      neueAdresseId: 11,
      datum: '2026-03-01',
    });
    await waitFor(() =>
      expect(toasts.positive).toHaveBeenCalledWith('Gartenwechsel für Parzelle 17 ausgeführt.', { timeout: 5000 }),
    );
    // Back on the record, with the new holder; the list is read again.
    await waitFor(() => expect(dialog()?.textContent).toContain('Gruber Franz seit 01.03.2026'));
    expect(callsTo(app.fetchMock, 'GET', LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('asks before deleting and toasts the 409 sentence', async () => {
    const url = '/api/Stammdaten/DeleteParzelle?id=1';
    const sentence = 'Die Parzelle 17 hat oder hatte Nutzungsberechtigte und kann nicht gelöscht werden.';
    api(EDIT, { [`DELETE ${url}`]: () => json({ title: sentence, status: 409, code: 'in_use' }, 409) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await openRow('17');
    await click(button(dialog()!, 'Löschen'));
    const alert = () => document.body.querySelector('[role="alertdialog"]');
    await waitFor(() => expect(alert()?.textContent).toContain('Parzelle 17 löschen?'));
    await click(button(alert()!, 'Löschen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', url)).toHaveLength(1));
    await waitFor(() => expect(toasts.negative).toHaveBeenCalledWith(sentence));
  });

  it('is read-only without the Edit right', async () => {
    api(VIEW);
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(hasButton(container, 'Neue Parzelle')).toBe(false);
    await openRow('17');
    const box = dialog()!;
    expect(hasButton(box, 'Speichern')).toBe(false);
    expect(hasButton(box, 'Gartenwechsel')).toBe(false);
    expect(hasButton(box, 'Löschen')).toBe(false);
    expect(hasButton(box, 'Schließen')).toBe(true);
    expect(field(box, 'Nummer').readOnly).toBe(true);
  });
});
