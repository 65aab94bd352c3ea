import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton } from '../../../testing/testHelpers';
import {
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
const PATH = '/stammdatenverwalten/funktionaer';
const LIST = 'GET /api/Stammdaten/Funktionaer';
const ALERTS = 'GET /api/Stammdaten/GetFunktionaerAlert';
const SAVE = '/api/Stammdaten/UpdateFunktionaer';

const FUNKTIONAERE = [
  {
    id: 1,
    funktionId: 2,
    adresseId: 11,
    von: '2023-04-01',
    bis: '2027-03-31',
    notiz: 'gewählt JHV 2023',
    funktionName: 'Obmann',
    adresseName: 'Huber Maria',
  },
  {
    id: 2,
    funktionId: 1,
    adresseId: 12,
    von: '2024-01-15',
    bis: null,
    notiz: '',
    funktionName: 'Kassier',
    adresseName: 'Berger Franz',
  },
];
const FUNKTIONEN = [
  { id: 1, name: 'Kassier', sortierung: 20, pflicht: true },
  { id: 2, name: 'Obmann', sortierung: 10, pflicht: true },
];
const ADRESSEN = [
  { id: 11, name: 'Huber Maria' },
  { id: 12, name: 'Berger Franz' },
  { id: 13, name: 'Gruber Anna' },
];
const ALERT_LIST = [
  {
    funktionaerId: 3,
    funktionId: 1,
    adresseId: 14,
    name: 'Maier Karl',
    text: 'Maier Karl (Kassier) ist nicht mehr Mitglied des Vereins.',
  },
];

function lookups() {
  return {
    'GET /api/Stammdaten/Funktion': () => json(FUNKTIONEN),
    'GET /api/Common/Addressen': () => json(ADRESSEN),
  };
}

// A fixed clock (only Date, still running): 22:30 UTC on 1 May is already 2 May in Vienna.
const NOW = new Date('2026-05-01T22:30:00Z');

const term = (id: number, funktionName: string, adresseName: string, von: string, bis: string | null) => ({
  id,
  funktionId: id,
  adresseId: 20 + id,
  von,
  bis,
  notiz: '',
  funktionName,
  adresseName,
});
/** The two current terms above, one that ended yesterday (Vienna time) and one that ends today. */
const TERMS = [
  ...FUNKTIONAERE,
  term(3, 'Schriftführer', 'Maier Karl', '2022-04-01', '2026-05-01'),
  term(4, 'Wasserwart', 'Gruber Anna', '2022-04-01', '2026-05-02'),
];
const names = () => rowTexts(container).map((cells) => cells[0]);

async function chooseStatus(label: string) {
  await click(container.querySelector('button[aria-haspopup="listbox"]')!);
  await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBe(3));
  await click([...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === label)!);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: NOW });
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
  vi.useRealTimers();
});

describe('FunktionaereScreen', () => {
  it('lists the office holders with de-AT dates and shows the alerts', async () => {
    app.api({ ...signedIn(STAMMDATEN_EDIT), [LIST]: () => json(FUNKTIONAERE), [ALERTS]: () => json(ALERT_LIST) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(rowTexts(container).map((cells) => cells.slice(0, 5))).toEqual([
      ['Berger Franz', 'Kassier', '15.01.2024', '', ''],
      ['Huber Maria', 'Obmann', '01.04.2023', '31.03.2027', 'gewählt JHV 2023'],
    ]);
    await waitFor(() => expect(container.textContent).toContain('Maier Karl (Kassier) ist nicht mehr Mitglied'));
    expect(container.textContent).toContain('2 Funktionäre');
    await waitFor(() => expect(document.title).toBe('Funktionäre – KGV Sonnenhang'));
  });

  it('shows the current terms by default, the past ones with „Ehemalig“, and keeps the choice in the URL', async () => {
    app.api({ ...signedIn(STAMMDATEN_EDIT), [LIST]: () => json(TERMS), [ALERTS]: () => json([]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(3));
    expect(names()).toEqual(['Berger Franz', 'Huber Maria', 'Gruber Anna']);
    expect(container.textContent).toContain('3 von 4 Funktionären');

    await chooseStatus('Ehemalig');
    await waitFor(() => expect(names()).toEqual(['Maier Karl']));
    expect(window.location.search).toBe('?filter=ehemalig');
    expect(container.textContent).toContain('1 von 4 Funktionären');

    await chooseStatus('Alle');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(4));
    expect(window.location.search).toBe('?filter=alle');
    expect(container.textContent).toContain('4 Funktionäre');
  });

  it('takes the filter from the URL and says when it leaves no term', async () => {
    app.api({ ...signedIn(STAMMDATEN_EDIT), [LIST]: () => json(FUNKTIONAERE), [ALERTS]: () => json([]) });
    await app.renderAt(`${PATH}?filter=ehemalig`);
    await waitFor(() => expect(container.textContent).toContain('0 von 2 Funktionäre'));
    expect(rowTexts(container).filter((cells) => cells.length > 1)).toEqual([]);
    expect(container.textContent).toContain('Keine Funktionäre mit Status „Ehemalig“.');
  });

  it('creates an office holder from the function picker and the person box', async () => {
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      ...lookups(),
      [LIST]: () => json(FUNKTIONAERE),
      [ALERTS]: () => json([]),
      [`POST ${SAVE}`]: (init) => json({ id: 5, ...bodyOf(init) }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neuer Funktionär'));
    await waitFor(() => expect(dialog()?.querySelector('button[aria-haspopup="listbox"]')).not.toBeNull());
    const box = dialog()!;
    await click(box.querySelector('button[aria-haspopup="listbox"]')!);
    await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBeGreaterThan(0));
    const kassier = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'Kassier');
    await click(kassier!);
    await waitFor(() => expect(box.querySelector('button[aria-haspopup="listbox"]')?.textContent).toContain('Kassier'));

    const person = field(box, 'Person');
    await act(async () => person.focus());
    await typeInto(person, 'Grub');
    await waitFor(() =>
      expect([...document.querySelectorAll('[role="option"]')].some((o) => o.textContent === 'Gruber Anna')).toBe(true),
    );
    const anna = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'Gruber Anna');
    await click(anna!);
    await typeInto(field(box, 'von'), '01.05.2026');
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      funktionId: 1,
      adresseId: 13,
      von: '2026-05-01',
      bis: null,
      notiz: '',
    });
  });

  it('refuses a form the API would refuse, before sending, with messages at the fields', async () => {
    app.api({ ...signedIn(STAMMDATEN_EDIT), ...lookups(), [LIST]: () => json(FUNKTIONAERE), [ALERTS]: () => json([]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neuer Funktionär'));
    await waitFor(() => expect(dialog()?.querySelector('button[aria-haspopup="listbox"]')).not.toBeNull());
    const box = dialog()!;
    await typeInto(field(box, 'von'), '01.05.2026');
    await typeInto(field(box, 'bis'), '30.02.2026');
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(box.textContent).toContain('Bitte wählen Sie eine Funktion.'));
    expect(box.textContent).toContain('Bitte wählen Sie eine Person.');
    expect(box.textContent).toContain('Bitte geben Sie das Ende als TT.MM.JJJJ ein oder lassen Sie es leer.');

    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);
  });

  it('is read-only without the Edit right', async () => {
    app.api({ ...signedIn(STAMMDATEN_VIEW), [LIST]: () => json(FUNKTIONAERE), [ALERTS]: () => json([]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(hasButton(container, 'Neuer Funktionär')).toBe(false);
    expect(container.querySelector('button[aria-label^="Funktionär "]')).toBeNull();
  });

  it('shows the change history of an existing office holder', async () => {
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      ...lookups(),
      [LIST]: () => json(FUNKTIONAERE),
      [ALERTS]: () => json([]),
      'GET /api/Common/GetHistory?entityID=Funktionaer%3A2': () =>
        json([
          {
            id: 1,
            entityType: 'Funktionaer',
            entityId: '2',
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
    await waitFor(() =>
      expect(container.querySelector('button[aria-label^="Funktionär "][aria-label$=" bearbeiten"]')).not.toBeNull(),
    );
    await click(container.querySelector('button[aria-label^="Funktionär "][aria-label$=" bearbeiten"]')!);
    await waitFor(() => expect(dialog()).not.toBeNull());
    await click(button(dialog()!, 'Verlauf'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Kassier Karl'));
  });
});
