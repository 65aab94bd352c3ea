import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field } from '../../../testing/testHelpers';
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

// The assignment list with its edit and remove actions, in the Abstellplatz dialog and in the
// address's "Abstellplätze" tab (one component, both places).

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const LIST = '/api/Stammdaten/GetAbstellplaetze';
const DETAIL = '/api/Stammdaten/GetAbstellplatz?id=1';
const SAVE = '/api/Stammdaten/UpdateAbstellplatzAdresse';
const OVERLAP = 'Der Zeitraum überschneidet sich mit der Zuordnung an Huber Maria (01.03.2024 bis offen).';

const HUBER = { id: 7, adresseId: 11, adresseName: 'Huber Maria', von: '2024-03-01', bis: null };
const GRUBER = { id: 6, adresseId: 12, adresseName: 'Gruber Anna', von: '2020-01-01', bis: '2024-02-29' };
const PLATZ = {
  id: 1,
  nummer: 'P2',
  kategorieId: 1,
  kategorieName: 'PKW-Stellplatz',
  jahresgebuehrCent: 6000,
  aktiv: true,
  notiz: '',
  zuordnung: HUBER,
};

/** The error text a field is described by. */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const tableRows = (label: string) =>
  [...document.querySelectorAll(`table[aria-label="${label}"] tbody tr`)].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
  );
const hasLabel = (root: ParentNode, prefix: string) => root.querySelector(`button[aria-label^="${prefix}"]`) !== null;

function spaceApi(rights: readonly string[], extra: Parameters<typeof app.api>[0] = {}) {
  app.api({
    ...signedIn(rights),
    [`GET ${LIST}`]: () => json([PLATZ]),
    [`GET ${DETAIL}`]: () => json({ ...PLATZ, zuordnungen: [HUBER, GRUBER] }),
    'GET /api/Vereinseinstellungen/AbstellplatzKategorien': () =>
      json([{ id: 1, name: 'PKW-Stellplatz', jahresgebuehrCent: 6000, aktiv: true }]),
    ...extra,
  });
}

async function openSpace() {
  await app.renderAt('/stammdatenverwalten/abstellplaetze');
  await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
  await click(button(container, 'Abstellplatz P2 bearbeiten'));
  await waitFor(() => expect(tableRows('Zuordnungen')).toHaveLength(2));
  return dialog()!;
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

describe('Zuordnungen in the Abstellplatz dialog', () => {
  it('lists every assignment newest first, marks the current one, and changes an older one’s dates', async () => {
    spaceApi(STAMMDATEN_EDIT, { [`POST ${SAVE}`]: (init) => json({ ...GRUBER, ...bodyOf(init) }) });
    const box = await openSpace();
    expect(tableRows('Zuordnungen').map((cells) => cells.slice(0, 4))).toEqual([
      ['Huber Maria', '01.03.2024', 'offen', 'aktuell'],
      ['Gruber Anna', '01.01.2020', '29.02.2024', 'beendet'],
    ]);
    const listCalls = callsTo(app.fetchMock, 'GET', LIST).length;
    const detailCalls = callsTo(app.fetchMock, 'GET', DETAIL).length;

    await click(button(box, 'Bearbeiten: Gruber Anna ab 01.01.2020'));
    await waitFor(() => expect(field(box, 'bis').value).toBe('29.02.2024'));
    expect(field(box, 'von').value).toBe('01.01.2020');
    await typeInto(field(box, 'bis'), '31.12.2023');
    await click(button(box, 'Zeitraum speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      id: 6,
      von: '2020-01-01',
      bis: '2023-12-31',
    });
    await waitFor(() => expect(toasts.positive).toHaveBeenCalledWith('Zuordnung geändert.', { timeout: 5000 }));
    // The form closes; the dialog's list and the table behind it load again.
    await waitFor(() => expect(() => field(box, 'bis')).toThrow());
    await waitFor(() => expect(callsTo(app.fetchMock, 'GET', DETAIL).length).toBeGreaterThan(detailCalls));
    expect(callsTo(app.fetchMock, 'GET', LIST).length).toBeGreaterThan(listCalls);
    expect(dialog()).not.toBeNull();
  });

  it('shows the server’s 422 at the field and checks the order of the dates first', async () => {
    spaceApi(STAMMDATEN_EDIT, {
      [`POST ${SAVE}`]: () =>
        json(
          { title: 'Die Eingaben sind ungültig.', status: 422, code: 'validation', errors: { von: [OVERLAP] } },
          422,
        ),
    });
    const box = await openSpace();
    await click(button(box, 'Bearbeiten: Gruber Anna ab 01.01.2020'));
    await waitFor(() => expect(field(box, 'bis').value).toBe('29.02.2024'));

    await typeInto(field(box, 'bis'), '31.12.2019');
    await click(button(box, 'Zeitraum speichern'));
    await waitFor(() => expect(errorOf(field(box, 'bis'))).toContain('Das Ende darf nicht vor dem Beginn liegen.'));
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);

    await typeInto(field(box, 'bis'), '');
    await click(button(box, 'Zeitraum speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({ id: 6, von: '2020-01-01', bis: null });
    await waitFor(() => expect(errorOf(field(box, 'von'))).toContain(OVERLAP));
    expect(field(box, 'von').getAttribute('aria-invalid')).toBe('true');
    // The form stays open with the typed values.
    expect(field(box, 'bis').value).toBe('');
  });

  it('removes an assignment after a question that explains the difference to ending it', async () => {
    const url = '/api/Stammdaten/DeleteAbstellplatzAdresse?id=6';
    spaceApi(STAMMDATEN_EDIT, { [`DELETE ${url}`]: () => new Response(null, { status: 204 }) });
    const box = await openSpace();
    const detailCalls = callsTo(app.fetchMock, 'GET', DETAIL).length;
    await click(button(box, 'Entfernen: Gruber Anna ab 01.01.2020'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Zuordnung „Gruber Anna“ entfernen?'));
    const question = alertDialog()!.textContent ?? '';
    expect(question).toContain('01.01.2020 bis 29.02.2024');
    expect(question).toContain('als hätte es sie nie gegeben');
    expect(question).toContain('„bis“');
    await click(button(alertDialog()!, 'Entfernen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', url)).toHaveLength(1));
    await waitFor(() => expect(toasts.positive).toHaveBeenCalledWith('Zuordnung entfernt.', { timeout: 5000 }));
    await waitFor(() => expect(callsTo(app.fetchMock, 'GET', DETAIL).length).toBeGreaterThan(detailCalls));
  });

  it('shows the list without actions to a reader', async () => {
    spaceApi(STAMMDATEN_VIEW);
    await app.renderAt('/stammdatenverwalten/abstellplaetze');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    const cell = container.querySelector('[role="rowheader"]') as HTMLElement;
    await act(async () => {
      cell.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', button: 0 }));
      cell.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', button: 0 }));
      cell.click();
    });
    await waitFor(() => expect(tableRows('Zuordnungen')).toHaveLength(2));
    expect(hasLabel(dialog()!, 'Bearbeiten:')).toBe(false);
    expect(hasLabel(dialog()!, 'Entfernen:')).toBe(false);
  });
});

describe('Abstellplätze tab of an address', () => {
  const PATH = '/stammdatenverwalten/nutzungsberechtigte';
  const BY_ADRESSE = '/api/Stammdaten/GetAbstellplaetzeByAdresse?adresseId=5';
  const ADRESSE = {
    id: 5,
    anrede: 'Frau',
    titel: '',
    vorname: 'Maria',
    nachname: 'Huber',
    name: 'Huber Maria',
    strasse: '',
    plz: '',
    ort: '',
    land: 'Österreich',
    telefon: '',
    mobil: '',
    email: '',
    geburtsdatum: null,
    eintrittsdatum: null,
    austrittsdatum: null,
    flags: 256,
    adresstyp: 1,
    iban: '',
    zeitungErlaubt: false,
    notiz: '',
    aktiv: true,
    parzellen: [],
    weiterePersonen: [],
    dateien: [],
  };
  const PLAETZE = [
    {
      ...HUBER,
      adresseId: 5,
      abstellplatzId: 1,
      abstellplatzNummer: 'P2',
      kategorieName: 'PKW-Stellplatz',
      jahresgebuehrCent: 6000,
    },
    {
      ...GRUBER,
      id: 3,
      adresseId: 5,
      adresseName: 'Huber Maria',
      abstellplatzId: 2,
      abstellplatzNummer: 'A1',
      kategorieName: 'Anhänger',
      jahresgebuehrCent: 2500,
    },
  ];

  it('keeps the tab in the URL, lists the spaces with fee and dates, and edits one', async () => {
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      'GET /api/Stammdaten/GetAdresse?id=5': () => json(ADRESSE),
      [`GET ${BY_ADRESSE}`]: () => json(PLAETZE),
      [`POST ${SAVE}`]: (init) => json({ ...PLAETZE[0], ...bodyOf(init) }),
    });
    await app.renderAt(`${PATH}?id=5`);
    await waitFor(() => expect(field(container, 'Nachname').value).toBe('Huber'));
    const tab = [...container.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Abstellplätze');
    expect(tab?.previousElementSibling?.textContent).toBe('Parzellen');
    expect(tab?.nextElementSibling?.textContent).toBe('Weitere Personen');
    await click(tab!);
    await waitFor(() => expect(window.location.search).toBe('?id=5&tab=abstellplaetze'));
    await waitFor(() => expect(tableRows('Abstellplätze der Adresse')).toHaveLength(2));
    expect(tableRows('Abstellplätze der Adresse').map((cells) => cells.slice(0, 6))).toEqual([
      ['P2', 'PKW-Stellplatz', '€ 60,00', '01.03.2024', 'offen', 'aktuell'],
      ['A1', 'Anhänger', '€ 25,00', '01.01.2020', '29.02.2024', 'beendet'],
    ]);

    await click(button(container, 'Bearbeiten: Abstellplatz P2 ab 01.03.2024'));
    await waitFor(() => expect(field(container, 'von').value).toBe('01.03.2024'));
    await typeInto(field(container, 'von'), '1.4.2024');
    await click(button(container, 'Zeitraum speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({ id: 7, von: '2024-04-01', bis: null });
    await waitFor(() => expect(callsTo(app.fetchMock, 'GET', BY_ADRESSE).length).toBeGreaterThan(1));
  });

  it('explains an empty list and offers no actions to a reader', async () => {
    app.api({
      ...signedIn(STAMMDATEN_VIEW),
      'GET /api/Stammdaten/GetAdresse?id=5': () => json(ADRESSE),
      [`GET ${BY_ADRESSE}`]: () => json(PLAETZE),
    });
    await app.renderAt(`${PATH}?id=5&tab=abstellplaetze`);
    await waitFor(() => expect(tableRows('Abstellplätze der Adresse')).toHaveLength(2));
    expect(hasLabel(container, 'Bearbeiten:')).toBe(false);
    expect(hasLabel(container, 'Entfernen:')).toBe(false);

    await app.tearDown();
    await app.setUp();
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      'GET /api/Stammdaten/GetAdresse?id=5': () => json(ADRESSE),
      [`GET ${BY_ADRESSE}`]: () => json([]),
    });
    await app.renderAt(`${PATH}?id=5&tab=abstellplaetze`);
    await waitFor(() => expect(container.textContent).toContain('Dieser Adresse ist kein Abstellplatz zugeordnet.'));
  });
});
