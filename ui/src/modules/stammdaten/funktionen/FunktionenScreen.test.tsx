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
const PATH = '/stammdatenverwalten/funktionen';
const LIST = 'GET /api/Stammdaten/Funktion';
const ALERTS = 'GET /api/Stammdaten/GetFunktionAlert';
const SAVE = '/api/Stammdaten/UpdateFunktion';

const FUNKTIONEN = [
  { id: 1, name: 'Kassier', sortierung: 20, pflicht: true },
  { id: 2, name: 'Obmann', sortierung: 10, pflicht: true },
  { id: 3, name: 'Wasserwart', sortierung: 30, pflicht: false },
];
const ALERT_LIST = [{ funktionId: 1, name: 'Kassier', text: 'Die Funktion „Kassier“ ist derzeit nicht besetzt.' }];

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

describe('FunktionenScreen', () => {
  it('lists the functions by position and warns of unfilled required ones', async () => {
    app.api({ ...signedIn(STAMMDATEN_EDIT), [LIST]: () => json(FUNKTIONEN), [ALERTS]: () => json(ALERT_LIST) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(3));
    expect(rowTexts(container).map((cells) => cells.slice(0, 3))).toEqual([
      ['Obmann', '10', 'Pflicht'],
      ['Kassier', '20', 'Pflicht'],
      ['Wasserwart', '30', 'freiwillig'],
    ]);
    await waitFor(() => expect(container.textContent).toContain('Die Funktion „Kassier“ ist derzeit nicht besetzt.'));
    expect(container.textContent).toContain('3 Funktionen');
    await waitFor(() => expect(document.title).toBe('Funktionen – KGV Sonnenhang'));
  });

  it('creates a function', async () => {
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(FUNKTIONEN),
      [ALERTS]: () => json([]),
      [`POST ${SAVE}`]: (init) => json({ id: 4, ...bodyOf(init) }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(3));
    await click(button(container, 'Neue Funktion'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Funktion anlegen'));
    await typeInto(field(dialog()!, 'Name'), 'Schriftführer');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      name: 'Schriftführer',
      sortierung: 40,
      pflicht: false,
    });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('shows the 409 sentence when a function cannot go', async () => {
    const url = '/api/Stammdaten/DeleteFunktion?id=2';
    const sentence = 'Die Funktion „Obmann“ wird von 3 Funktionären verwendet.';
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(FUNKTIONEN),
      [ALERTS]: () => json([]),
      [`DELETE ${url}`]: () => json({ title: sentence, status: 409 }, 409),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(3));
    await click(button(container, 'Funktion „Obmann“ löschen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Funktion „Obmann“ löschen?'));
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() => expect(toasts.negative).toHaveBeenCalledWith(sentence));
  });

  it('is read-only without the Edit right', async () => {
    app.api({ ...signedIn(STAMMDATEN_VIEW), [LIST]: () => json(FUNKTIONEN), [ALERTS]: () => json([]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(3));
    expect(hasButton(container, 'Neue Funktion')).toBe(false);
    expect(container.querySelector('button[aria-label^="Funktion „"]')).toBeNull();
  });

  it('shows the change history of an existing function', async () => {
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(FUNKTIONEN),
      [ALERTS]: () => json([]),
      'GET /api/Common/GetHistory?entityID=Funktion%3A1': () =>
        json([
          {
            id: 1,
            entityType: 'Funktion',
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
    await waitFor(() => expect(() => button(container, 'Funktion „Kassier“ bearbeiten')).not.toThrow());
    await click(button(container, 'Funktion „Kassier“ bearbeiten'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await click(button(dialog()!, 'Verlauf'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Kassier Karl'));
  });
});
