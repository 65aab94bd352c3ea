import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton } from '../../../testing/testHelpers';
import {
  alertDialog,
  bodyOf,
  dialog,
  fakeLayout,
  rowTexts,
  STAMMDATEN_EDIT,
  STAMMDATEN_VIEW,
  signedIn,
} from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/stammdatenverwalten/abstellplaetze';
const LIST = 'GET /api/Stammdaten/GetAbstellplaetze';
const SAVE = '/api/Stammdaten/UpdateAbstellPlatz';

const PLAETZE = [
  {
    id: 1,
    nummer: 'P2',
    kategorieId: 1,
    kategorieName: 'PKW-Stellplatz',
    jahresgebuehrCent: 6000,
    aktiv: true,
    notiz: '',
    zuordnung: { id: 7, adresseId: 11, adresseName: 'Huber Maria', von: '2024-03-01', bis: null },
  },
  {
    id: 2,
    nummer: 'P1',
    kategorieId: 2,
    kategorieName: 'Anhänger',
    jahresgebuehrCent: 2500,
    aktiv: true,
    notiz: '',
    zuordnung: null,
  },
];
const KATEGORIEN = [
  { id: 1, name: 'PKW-Stellplatz', jahresgebuehrCent: 6000, aktiv: true },
  { id: 2, name: 'Anhänger', jahresgebuehrCent: 2500, aktiv: true },
];

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.neutral.mockClear();
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

/** The rows' data cells: without the row-actions cell, which sits after the first column when the table is narrow. */
const dataTexts = () =>
  [...container.querySelectorAll('[role="grid"] [role="row"]')]
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')]
        .filter((cell) => !cell.querySelector('button'))
        .map((cell) => (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
    );

describe('AbstellplaetzeScreen', () => {
  it('lists the places with fee, holder and status, and offers the Excel export', async () => {
    app.api({ ...signedIn(STAMMDATEN_EDIT), [LIST]: () => json(PLAETZE) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(dataTexts().map((cells) => cells.slice(0, 6))).toEqual([
      ['P1', 'Anhänger', '€ 25,00', '', '', 'frei'],
      ['P2', 'PKW-Stellplatz', '€ 60,00', 'Huber Maria', '01.03.2024', 'vergeben'],
    ]);
    expect(container.textContent).toContain('2 Abstellplätze');
    // The list's own Export (Excel / PDF of what is shown) replaces the fixed download.
    expect(hasButton(container, 'Export')).toBe(true);
    await waitFor(() => expect(document.title).toBe('Abstellplätze – KGV Sonnenhang'));
  });

  it('filters by status (frei, vergeben, inaktiv) and keeps the choice in the URL', async () => {
    const INAKTIV = {
      ...PLAETZE[0]!,
      id: 3,
      nummer: 'P3',
      aktiv: false,
      // Still held, but inactive: counts as "inaktiv", not as "vergeben".
      zuordnung: { id: 8, adresseId: 12, adresseName: 'Berger Franz', von: '2020-01-01', bis: null },
    };
    app.api({ ...signedIn(STAMMDATEN_EDIT), [LIST]: () => json([...PLAETZE, INAKTIV]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(3));
    const nummern = () => rowTexts(container).map((cells) => cells[0]);
    const choose = async (label: string) => {
      await click(container.querySelector('button[aria-haspopup="listbox"]')!);
      await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBe(4));
      await click([...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === label)!);
    };

    await choose('Frei');
    await waitFor(() => expect(nummern()).toEqual(['P1']));
    expect(window.location.search).toBe('?filter=frei');
    expect(container.textContent).toContain('1 von 3 Abstellplätze');
    await choose('Vergeben');
    await waitFor(() => expect(nummern()).toEqual(['P2']));
    await choose('Inaktiv');
    await waitFor(() => expect(nummern()).toEqual(['P3']));
    expect(window.location.search).toBe('?filter=inaktiv');
    await choose('Alle');
    await waitFor(() => expect(nummern()).toEqual(['P1', 'P2', 'P3']));
    expect(window.location.search).toBe('');
  });

  it('takes the status filter from the URL and says when it leaves no place', async () => {
    app.api({ ...signedIn(STAMMDATEN_EDIT), [LIST]: () => json(PLAETZE) });
    await app.renderAt(`${PATH}?filter=inaktiv`);
    await waitFor(() => expect(container.textContent).toContain('0 von 2 Abstellplätze'));
    expect(container.textContent).toContain('Keine Abstellplätze mit Status „Inaktiv“.');
  });

  it('creates a place with its category', async () => {
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(PLAETZE),
      'GET /api/Vereinseinstellungen/AbstellplatzKategorien': () => json(KATEGORIEN),
      [`POST ${SAVE}`]: (init) => json({ id: 3, ...bodyOf(init) }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neuer Abstellplatz'));
    await waitFor(() => expect(dialog()?.querySelector('button[aria-haspopup="listbox"]')).not.toBeNull());
    const box = dialog()!;
    await typeInto(field(box, 'Nummer'), 'P3');
    await click(box.querySelector('button[aria-haspopup="listbox"]')!);
    await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBe(2));
    const pkw = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent?.startsWith('PKW'));
    await click(pkw!);
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      nummer: 'P3',
      kategorieId: 1,
      aktiv: true,
      notiz: '',
    });
  });

  it('hands a place to a new holder', async () => {
    const URL = '/api/Stammdaten/UpdateNeuzuordnung';
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(PLAETZE),
      'GET /api/Common/Addressen': () => json([{ id: 13, name: 'Gruber Anna' }]),
      [`POST ${URL}`]: () => json({}),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Abstellplatz P2 neu zuordnen'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Derzeit: Huber Maria seit 01.03.2024'));
    await waitFor(() => expect(() => field(dialog()!, 'Neuer Nutzungsberechtigter')).not.toThrow());
    const box = dialog()!;
    const person = field(box, 'Neuer Nutzungsberechtigter');
    await act(async () => person.focus());
    await typeInto(person, 'Gru');
    await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBe(1));
    await click(document.querySelector('[role="option"]')!);
    await typeInto(field(box, 'ab'), '01.01.2027');
    await click(button(box, 'Zuordnen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', URL)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', URL)[0]![1])).toEqual({
      abstellplatzId: 1,
      adresseId: 13,
      datum: '2027-01-01',
    });
  });

  it('shows the 409 sentence when a place cannot go', async () => {
    const url = '/api/Stammdaten/DeleteAbstellplatz?id=1';
    const sentence = 'Der Abstellplatz P2 war bereits vergeben und kann nicht gelöscht werden.';
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(PLAETZE),
      [`DELETE ${url}`]: () => json({ title: sentence, status: 409 }, 409),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Abstellplatz P2 löschen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Abstellplatz P2 löschen?'));
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() => expect(toasts.negative).toHaveBeenCalledWith(sentence));
  });

  it('is read-only without the Edit right', async () => {
    app.api({ ...signedIn(STAMMDATEN_VIEW), [LIST]: () => json(PLAETZE) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(hasButton(container, 'Neuer Abstellplatz')).toBe(false);
    expect(container.querySelector('button[aria-label^="Abstellplatz "]')).toBeNull();
  });

  it('shows the change history of an existing place', async () => {
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(PLAETZE),
      'GET /api/Vereinseinstellungen/AbstellplatzKategorien': () => json(KATEGORIEN),
      'GET /api/Common/GetHistory?entityID=Abstellplatz%3A1': () =>
        json([
          {
            id: 1,
            entityType: 'Abstellplatz',
            entityId: '1',
            action: 'update',
            userId: 5,
            userName: 'Kassier Karl',
            at: '2025-01-15T13:03:00Z',
            before: {},
            after: {},
            changed: ['notiz'],
          },
        ]),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(() => button(container, 'Abstellplatz P2 bearbeiten')).not.toThrow());
    await click(button(container, 'Abstellplatz P2 bearbeiten'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await click(button(dialog()!, 'Verlauf'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Kassier Karl'));
  });
});
