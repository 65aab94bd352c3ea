import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../testing/appHarness';
import { setTestCookie } from '../../testing/cookies';
import {
  blur,
  button,
  callsTo,
  click,
  EDIT_RIGHTS,
  field,
  hasButton,
  signedIn,
  VIEW_RIGHTS,
} from '../../testing/testHelpers';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/grundeinstellungen/abstellplatzKategorien';
const LIST = 'GET /api/Vereinseinstellungen/AbstellplatzKategorien';
const SAVE = '/api/Vereinseinstellungen/UpdateAbstellPlatzKategorie';

const KATEGORIEN = [
  { id: 1, name: 'PKW-Stellplatz', jahresgebuehrCent: 6000, aktiv: true },
  { id: 2, name: 'Anhänger', jahresgebuehrCent: 2500, aktiv: false },
  { id: 3, name: 'Fahrrad', jahresgebuehrCent: 0, aktiv: true },
];

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const dialog = () => document.body.querySelector('[role="dialog"]');
const alertDialog = () => document.body.querySelector('[role="alertdialog"]');
const rowTexts = () =>
  [...container.querySelectorAll('[role="row"]')]
    .slice(1)
    .map((row) => [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) => cell.textContent));

/** TableView virtualises: without a layout (happy-dom has none) it would render no rows. */
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
  toasts.neutral.mockClear();
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('AbstellplatzKategorienScreen', () => {
  it('lists the categories sorted by name with fee in € and status, and counts them', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [LIST]: () => json(KATEGORIEN) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    await waitFor(() => expect(document.title).toBe('Abstellplatz-Kategorien – KGV Sonnenhang'));
    const rows = rowTexts().map((cells) => cells.slice(0, 3).map((text) => text?.replace(/\u00a0/g, ' ')));
    expect(rows).toEqual([
      ['Anhänger', '€ 25,00', 'inaktiv'],
      ['Fahrrad', '€ 0,00', 'aktiv'],
      ['PKW-Stellplatz', '€ 60,00', 'aktiv'],
    ]);
    expect(container.textContent).toContain('3 Kategorien');
    expect(hasButton(container, 'Neue Kategorie')).toBe(true);
  });

  it('sorts by a column when its header is pressed', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [LIST]: () => json(KATEGORIEN) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    const header = [...container.querySelectorAll('[role="columnheader"]')].find((cell) =>
      cell.textContent?.includes('Jahresgebühr'),
    );
    if (!header) throw new Error('no Jahresgebühr header');
    await click(header);
    await waitFor(() => expect(rowTexts().map((cells) => cells[0])).toEqual(['Fahrrad', 'Anhänger', 'PKW-Stellplatz']));
    await click(header);
    await waitFor(() => expect(rowTexts().map((cells) => cells[0])).toEqual(['PKW-Stellplatz', 'Anhänger', 'Fahrrad']));
  });

  it('filters by status from the URL', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [LIST]: () => json(KATEGORIEN) });
    await app.renderAt(`${PATH}?status=inaktiv`);
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(rowTexts()[0]?.[0]).toBe('Anhänger');
    expect(container.textContent).toContain('1 von 3 Kategorien');
  });

  it('offers the first category when there is none', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [LIST]: () => json([]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Noch keine Kategorien'));
    await click(button(container, 'Kategorie anlegen'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Kategorie anlegen'));
  });

  it('creates a category: the fee goes to the server in cents', async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [LIST]: () => json(KATEGORIEN),
      [`POST ${SAVE}`]: (init) => json({ id: 4, ...bodyOf(init) }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    await click(button(container, 'Neue Kategorie'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    const box = dialog()!;
    await typeInto(field(box, 'Name'), 'Motorrad');
    const fee = field(box, 'Jahresgebühr');
    await typeInto(fee, '45,5');
    await blur(fee);
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', SAVE)[0]!;
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(bodyOf(init)).toEqual({ name: 'Motorrad', jahresgebuehrCent: 4550, aktiv: true });
    await waitFor(() => expect(toasts.positive).toHaveBeenCalledWith('Gespeichert!', { timeout: 5000 }));
    await waitFor(() => expect(dialog()).toBeNull());
    // The list is read again.
    expect(callsTo(app.fetchMock, 'GET', '/api/Vereinseinstellungen/AbstellplatzKategorien').length).toBe(2);
  });

  it('edits a category with its id', async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [LIST]: () => json(KATEGORIEN),
      [`POST ${SAVE}`]: (init) => json(bodyOf(init)),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    await click(button(container, 'Kategorie „PKW-Stellplatz“ bearbeiten'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Kategorie bearbeiten'));
    expect(field(dialog()!, 'Name').value).toBe('PKW-Stellplatz');
    await typeInto(field(dialog()!, 'Name'), 'PKW-Stellplatz groß');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      id: 1,
      name: 'PKW-Stellplatz groß',
      jahresgebuehrCent: 6000,
      aktiv: true,
    });
  });

  it('asks before deleting and shows the server refusal as an error toast', async () => {
    const url = '/api/Vereinseinstellungen/DeleteAbstellplatzKategorie?id=1';
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [LIST]: () => json(KATEGORIEN),
      [`DELETE ${url}`]: () =>
        json(
          {
            title: 'Die Kategorie ist noch 4 Abstellplätzen zugeordnet und kann nicht gelöscht werden.',
            status: 409,
            code: 'in_use',
          },
          409,
        ),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    await click(button(container, 'Kategorie „PKW-Stellplatz“ löschen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Kategorie „PKW-Stellplatz“ löschen?'));
    expect(callsTo(app.fetchMock, 'DELETE', url)).toHaveLength(0);
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', url)).toHaveLength(1));
    await waitFor(() =>
      expect(toasts.negative).toHaveBeenCalledWith(
        'Die Kategorie ist noch 4 Abstellplätzen zugeordnet und kann nicht gelöscht werden.',
      ),
    );
    expect(toasts.positive).not.toHaveBeenCalled();
  });

  it('cancelling the delete question deletes nothing', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [LIST]: () => json(KATEGORIEN) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    await click(button(container, 'Kategorie „Fahrrad“ löschen'));
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    await click(button(alertDialog()!, 'Abbrechen'));
    await waitFor(() => expect(alertDialog()).toBeNull());
    expect(app.fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('offers neither "Neu" nor delete without the Edit right', async () => {
    app.api({ ...signedIn(VIEW_RIGHTS), [LIST]: () => json(KATEGORIEN) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    expect(hasButton(container, 'Neue Kategorie')).toBe(false);
    expect(container.querySelector('button[aria-label^="Kategorie „"]')).toBeNull();
  });
});
