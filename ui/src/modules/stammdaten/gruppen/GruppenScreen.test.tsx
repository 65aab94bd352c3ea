import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton, signedIn, typeIntoTextArea } from '../../../testing/testHelpers';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/stammdatenverwalten/gruppen';
const EDIT = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];
const VIEW = ['WebApp.Stammdaten.View'];
const GRUPPEN = [
  { id: 1, version: 1, name: 'Nord', beschreibung: 'Parzellen 1–40', anzahlParzellen: 40 },
  { id: 2, version: 1, name: 'Süd', beschreibung: '', anzahlParzellen: 0 },
];
const SAVE = '/api/Stammdaten/UpdateGruppe';

const dialog = () => document.body.querySelector('[role="dialog"]');
const alertDialog = () => document.body.querySelector('[role="alertdialog"]');
const rowTexts = () =>
  [...container.querySelectorAll('[role="row"]')]
    .slice(1)
    .map((row) => [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) => cell.textContent));

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
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('GruppenScreen', () => {
  it('lists the groups with their plot count', async () => {
    app.api({ ...signedIn(EDIT), 'GET /api/Stammdaten/Gruppe': () => json(GRUPPEN) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(rowTexts().map((cells) => cells.slice(0, 3))).toEqual([
      ['Nord', 'Parzellen 1–40', '40'],
      ['Süd', '–', '0'],
    ]);
    expect(container.textContent).toContain('2 Gruppen');
    await waitFor(() => expect(document.title).toBe('Gruppen – KGV Sonnenhang'));
  });

  it('creates a group', async () => {
    app.api({
      ...signedIn(EDIT),
      'GET /api/Stammdaten/Gruppe': () => json(GRUPPEN),
      [`POST ${SAVE}`]: (init) => json({ id: 3, anzahlParzellen: 0, ...JSON.parse(String(init?.body)) }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await click(button(container, 'Neue Gruppe'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeInto(field(dialog()!, 'Name'), 'West');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(app.fetchMock, 'POST', SAVE)[0]![1]?.body))).toEqual({
      name: 'West',
      beschreibung: '',
    });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('checks the form with the API’s own schema before sending: nothing is sent, the message is at the field', async () => {
    app.api({ ...signedIn(EDIT), 'GET /api/Stammdaten/Gruppe': () => json(GRUPPEN) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await click(button(container, 'Neue Gruppe'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeInto(field(dialog()!, 'Name'), '   ');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Bitte geben Sie den Namen der Gruppe ein.'));
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);
    expect(field(dialog()!, 'Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before deleting and toasts the 409 sentence', async () => {
    const url = '/api/Stammdaten/DeleteGruppe?id=1';
    const sentence = 'Der Gruppe gehören noch 40 Parzellen an.';
    app.api({
      ...signedIn(EDIT),
      'GET /api/Stammdaten/Gruppe': () => json(GRUPPEN),
      [`DELETE ${url}`]: () => json({ title: sentence, status: 409, code: 'in_use' }, 409),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await click(button(container, 'Gruppe „Nord“ löschen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Gruppe „Nord“ löschen?'));
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', url)).toHaveLength(1));
    await waitFor(() => expect(toasts.negative).toHaveBeenCalledWith(sentence));
  });

  it('on a version conflict shows the sentence, reloads, keeps the user’s change and saves with the fresh version', async () => {
    const sentence =
      'Die Gruppe wurde inzwischen von Maria Muster (24.11.2026, 14:03) geändert. Bitte laden Sie die Daten neu.';
    let saves = 0;
    app.api({
      ...signedIn(EDIT),
      'GET /api/Stammdaten/Gruppe': () => json(GRUPPEN),
      // Meanwhile Maria renamed the group; the description is still the old one.
      'GET /api/Stammdaten/GetGruppe?id=1': () =>
        json({ id: 1, version: 2, name: 'Nord-Ost', beschreibung: 'Parzellen 1–40', anzahlParzellen: 40 }),
      [`POST ${SAVE}`]: (init) =>
        ++saves === 1
          ? json({ title: sentence, status: 409, code: 'version_conflict' }, 409)
          : json({ anzahlParzellen: 40, ...JSON.parse(String(init?.body)), version: 3 }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    const cell = [...container.querySelectorAll('[role="rowheader"]')].find((c) => c.textContent === 'Nord');
    await click(cell!);
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeIntoTextArea(field(dialog()!, 'Beschreibung') as unknown as HTMLTextAreaElement, 'Am Nordhang');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(dialog()?.textContent).toContain(sentence));
    expect(JSON.parse(String(callsTo(app.fetchMock, 'POST', SAVE)[0]![1]?.body))).toMatchObject({ id: 1, version: 1 });
    // Nothing typed is lost while the conflict shows.
    expect(field(dialog()!, 'Beschreibung').value).toBe('Am Nordhang');

    await click(button(dialog()!, 'Neu laden und meine Änderungen übernehmen'));
    await waitFor(() => expect(field(dialog()!, 'Name').value).toBe('Nord-Ost'));
    expect(field(dialog()!, 'Beschreibung').value).toBe('Am Nordhang');
    expect(dialog()?.textContent).not.toContain(sentence);

    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(2));
    expect(JSON.parse(String(callsTo(app.fetchMock, 'POST', SAVE)[1]![1]?.body))).toEqual({
      id: 1,
      version: 2,
      name: 'Nord-Ost',
      beschreibung: 'Am Nordhang',
    });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('is read-only without the Edit right', async () => {
    app.api({ ...signedIn(VIEW), 'GET /api/Stammdaten/Gruppe': () => json(GRUPPEN) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(hasButton(container, 'Neue Gruppe')).toBe(false);
    expect(container.querySelector('button[aria-label^="Gruppe „"]')).toBeNull();
  });

  it('shows the change history of an existing group', async () => {
    app.api({
      ...signedIn(EDIT),
      'GET /api/Stammdaten/Gruppe': () => json(GRUPPEN),
      'GET /api/Common/GetHistory?entityID=Gruppe%3A1': () =>
        json([
          {
            id: 1,
            entityType: 'Gruppe',
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
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    const cell = [...container.querySelectorAll('[role="rowheader"]')].find((c) => c.textContent === 'Nord');
    await click(cell!);
    await waitFor(() => expect(dialog()).not.toBeNull());
    await click(button(dialog()!, 'Verlauf'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Kassier Karl'));
  });
});
