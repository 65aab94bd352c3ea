import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseGermanDate } from '../../../../../src/platform/dates';
import { formatCubic, readingToWire } from '../../../lib/format';
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
const PATH = '/stammdatenverwalten/hauptwasserzaehler';
const LIST = 'GET /api/Stammdaten/HauptWasserzaehler';

const ZAEHLER = [
  {
    id: 1,
    nummer: 'HWZ-2',
    bezeichnung: 'Ost',
    standort: 'Schacht beim Tor',
    eichdatum: '2021-02-01',
    aktiv: true,
    notiz: '',
    eichungFaelligAm: '2026-02-01',
    eichungWarnung: true,
    letzteAblesung: { datum: '2025-10-01', stand: '123.529' },
    anzahlParzellen: 12,
  },
  {
    id: 2,
    nummer: 'HWZ-1',
    bezeichnung: 'West',
    standort: 'Vereinshaus',
    eichdatum: '2024-05-10',
    aktiv: true,
    notiz: '',
    eichungFaelligAm: '2029-05-10',
    eichungWarnung: false,
    letzteAblesung: null,
    anzahlParzellen: 0,
  },
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

describe('format', () => {
  it('shows water with comma decimals and reads typed readings', () => {
    expect(formatCubic('123.529').replace(/\u00a0/g, ' ')).toBe('123,529 m³');
    expect(formatCubic('12340.000')).toBe('12.340,000 m³');
    expect(readingToWire('12.340,5')).toBe('12340.5');
    expect(readingToWire('1,2345')).toBeUndefined();
    expect(parseGermanDate('1.3.2025')).toBe('2025-03-01');
    expect(parseGermanDate('31.02.2025')).toBeUndefined();
    expect(parseGermanDate('')).toBeNull();
  });
});

describe('HauptwasserzaehlerScreen', () => {
  it('lists the meters by number with reading, plot count and the calibration warning', async () => {
    app.api({ ...signedIn(STAMMDATEN_EDIT), [LIST]: () => json(ZAEHLER) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await waitFor(() => expect(document.title).toBe('Hauptwasserzähler – KGV Sonnenhang'));
    const rows = dataTexts();
    expect(rows[0]?.slice(0, 7)).toEqual(['HWZ-1', 'West', 'Vereinshaus', '10.05.2024', '10.05.2029', '', '0']);
    expect(rows[1]?.slice(0, 7)).toEqual([
      'HWZ-2',
      'Ost',
      'Schacht beim Tor',
      '01.02.2021',
      '01.02.2026Eichung fällig',
      '123,529 m³',
      '12',
    ]);
    expect(container.textContent).toContain('2 Hauptwasserzähler');
    expect(hasButton(container, 'Neuer Hauptwasserzähler')).toBe(true);
  });

  it('filters by the search', async () => {
    app.api({ ...signedIn(STAMMDATEN_EDIT), [LIST]: () => json(ZAEHLER) });
    await app.renderAt(`${PATH}?q=tor`);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    expect(container.textContent).toContain('1 von 2 Hauptwasserzähler');
  });

  it('creates a meter with the calibration date sent as ISO', async () => {
    const SAVE = '/api/Stammdaten/UpdateHWZ';
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(ZAEHLER),
      [`POST ${SAVE}`]: (init) => json({ id: 3, ...bodyOf(init) }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neuer Hauptwasserzähler'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    const box = dialog()!;
    await typeInto(field(box, 'Nummer'), 'HWZ-3');
    await typeInto(field(box, 'Standort'), 'Nordtor');
    await typeInto(field(box, 'Eichdatum'), '15.03.2025');
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      nummer: 'HWZ-3',
      bezeichnung: '',
      standort: 'Nordtor',
      eichdatum: '2025-03-15',
      aktiv: true,
      notiz: '',
    });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('shows the 422 errors under the fields', async () => {
    const SAVE = '/api/Stammdaten/UpdateHWZ';
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(ZAEHLER),
      [`POST ${SAVE}`]: () =>
        json(
          {
            title: 'Die Eingaben sind ungültig.',
            status: 422,
            errors: { nummer: ['Die Nummer HWZ-1 gibt es schon.'] },
          },
          422,
        ),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neuer Hauptwasserzähler'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeInto(field(dialog()!, 'Nummer'), 'HWZ-1');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Die Nummer HWZ-1 gibt es schon.'));
  });

  it('Zählerwechsel sends the readings with a dot', async () => {
    const WECHSEL = '/api/Stammdaten/WechselHWZ';
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(ZAEHLER),
      [`POST ${WECHSEL}`]: () => json(ZAEHLER[0]),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Zählerwechsel HWZ-2'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Zählerwechsel HWZ-2'));
    const box = dialog()!;
    expect(box.textContent).toContain('123,529 m³');
    await typeInto(field(box, 'Datum'), '01.04.2026');
    await typeInto(field(box, 'Endstand alter Zähler'), '130,25');
    await typeInto(field(box, 'Nummer neuer Zähler'), 'HWZ-9');
    await typeInto(field(box, 'Anfangsstand neuer Zähler'), '0,5');
    await typeInto(field(box, 'Eichdatum neuer Zähler'), '20.03.2026');
    await click(button(box, 'Zähler wechseln'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', WECHSEL)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', WECHSEL)[0]![1])).toEqual({
      id: 1,
      datum: '2026-04-01',
      endstand: '130.25',
      neueNummer: 'HWZ-9',
      anfangsstand: '0.5',
      eichdatum: '2026-03-20',
    });
    await waitFor(() => expect(toasts.positive).toHaveBeenCalledWith('Zähler HWZ-2 gewechselt.', { timeout: 5000 }));
  });

  it('asks before deleting and shows the 409 sentence as error toast', async () => {
    const url = '/api/Stammdaten/DeleteHauptwasserzaehler?id=1';
    const sentence = 'Am Hauptwasserzähler HWZ-2 hängen noch 12 Parzellen.';
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(ZAEHLER),
      [`DELETE ${url}`]: () => json({ title: sentence, status: 409, code: 'in_use' }, 409),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Hauptwasserzähler HWZ-2 löschen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Hauptwasserzähler HWZ-2 löschen?'));
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', url)).toHaveLength(1));
    await waitFor(() => expect(toasts.negative).toHaveBeenCalledWith(sentence));
  });

  it('is read-only without an Edit right', async () => {
    app.api({ ...signedIn(['WebApp.Wasser.View']), [LIST]: () => json(ZAEHLER) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(hasButton(container, 'Neuer Hauptwasserzähler')).toBe(false);
    expect(container.querySelector('button[aria-label^="Zählerwechsel"]')).toBeNull();
    expect(container.querySelector('button[aria-label$="löschen"]')).toBeNull();
  });

  it('offers the Wasser.Edit right the actions too', async () => {
    app.api({ ...signedIn(['WebApp.Wasser.View', 'WebApp.Wasser.Edit']), [LIST]: () => json(ZAEHLER) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(hasButton(container, 'Neuer Hauptwasserzähler')).toBe(true);
  });

  it('explains an empty list', async () => {
    app.api({ ...signedIn(STAMMDATEN_VIEW), [LIST]: () => json([]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Noch keine Hauptwasserzähler'));
  });

  it('shows the change history of an existing meter', async () => {
    app.api({
      ...signedIn(STAMMDATEN_EDIT),
      [LIST]: () => json(ZAEHLER),
      'GET /api/Common/GetHistory?entityID=Hauptwasserzaehler%3A1': () =>
        json([
          {
            id: 1,
            entityType: 'Hauptwasserzaehler',
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
    await waitFor(() => expect(() => button(container, 'Hauptwasserzähler HWZ-2 bearbeiten')).not.toThrow());
    await click(button(container, 'Hauptwasserzähler HWZ-2 bearbeiten'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await click(button(dialog()!, 'Verlauf'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Kassier Karl'));
  });
});

describe('HauptwasserzaehlerScreen: balance, readings and calibration (Wasserbuch)', () => {
  const WASSER = ['WebApp.Wasser.View', 'WebApp.Wasser.Edit'];
  const punkt = (over: Record<string, unknown>) => ({
    datum: '2025-04-01',
    stand: '100.000',
    verbrauch: null,
    summeParzellen: null,
    anzahlParzellen: 12,
    anzahlGelesen: 12,
    schwund: null,
    schwundProzent: null,
    warnung: false,
    hinweis: null,
    ...over,
  });
  const BILANZ = {
    id: 1,
    nummer: 'HWZ-2',
    warnProzent: '30',
    punkte: [
      punkt({}),
      punkt({
        datum: '2026-04-01',
        stand: '220.000',
        verbrauch: '120.000',
        summeParzellen: '78.000',
        schwund: '42.000',
        schwundProzent: '35.00',
        warnung: true,
        hinweis: '1 Parzelle ohne Ablesung',
        anzahlGelesen: 11,
      }),
    ],
  };
  const waterApi = () => ({
    ...signedIn(WASSER),
    [LIST]: () => json(ZAEHLER),
    'GET /api/Wasserbuch/GetHauptwasserzaehlerBilanz?id=1': () => json(BILANZ),
    'GET /api/Wasserbuch/GetHauptwasserzaehlerBilanz?id=2': () =>
      json({ ...BILANZ, id: 2, nummer: 'HWZ-1', punkte: [] }),
    'GET /api/Wasserbuch/GetWasserablesungen?hauptwasserzaehlerId=1': () =>
      json([
        {
          id: 9,
          version: 1,
          datum: '2026-04-01',
          parzelleId: null,
          parzelleNummer: null,
          hauptwasserzaehlerId: 1,
          hauptwasserzaehlerNummer: 'HWZ-2',
          zaehlernummer: 'HWZ-2',
          stand: '220.000',
          isZaehlerwechsel: false,
          quelle: 'manuell',
          notiz: 'Schacht nass',
        },
      ]),
    'GET /api/Wasserbuch/GetZaehlerEichung?tage=90': () =>
      json([
        {
          art: 'parzelle',
          parzelleId: 4,
          parzelleNummer: '17',
          adresseName: 'Huber Maria',
          hauptwasserzaehlerId: null,
          zaehlernummer: 'WZ-17',
          eingebautAm: '2020-01-10',
          eichungFaelligAm: '2025-01-10',
          faellig: true,
        },
      ]),
  });
  const tables = () => [...container.querySelectorAll('[role="grid"]')];
  const gridRows = (label: string) => {
    const grid = tables().find((t) => t.getAttribute('aria-label') === label);
    return grid ? rowTexts(grid) : [];
  };

  it('deep link ?id= shows that meter’s balance as a table and chart with the warning, and the calibration list', async () => {
    app.api(waterApi());
    await app.renderAt(`${PATH}?id=1`);
    await waitFor(() => expect(gridRows('Bilanz HWZ-2')).toHaveLength(2));
    const [, second] = gridRows('Bilanz HWZ-2');
    expect(second).toEqual([
      '01.04.2026',
      '220,000 m³',
      '120,000 m³',
      '78,000 m³',
      '42,000 m³',
      '35 %',
      'über der Warnschwelle1 Parzelle ohne Ablesung',
    ]);
    expect(container.textContent).toContain('Ein Zeitraum liegt darüber');
    const chart = container.querySelector('svg[role="img"][aria-label^="Bilanz"]');
    expect(chart?.getAttribute('aria-label')).toContain('Über der Warnschwelle: 01.04.2026 (35,0');
    await waitFor(() => expect(gridRows('Eichung fällig')).toHaveLength(1));
    expect(gridRows('Eichung fällig')[0]?.slice(0, 4)).toEqual([
      '10.01.2025überfällig',
      'WZ-17',
      'Parzelle 17',
      'Huber Maria',
    ]);
  });

  it('lists the chosen meter’s readings in its tab', async () => {
    app.api(waterApi());
    await app.renderAt(`${PATH}?id=1`);
    await waitFor(() => expect(gridRows('Bilanz HWZ-2')).toHaveLength(2));
    const tab = [...container.querySelectorAll<HTMLElement>('[role="tab"]')].find(
      (t) => t.textContent === 'Ablesungen',
    );
    await click(tab!);
    await waitFor(() => expect(gridRows('Ablesungen HWZ-2')).toHaveLength(1));
    expect(gridRows('Ablesungen HWZ-2')[0]).toEqual([
      '01.04.2026',
      'HWZ-2',
      '220,000 m³',
      'Ablesung',
      'von Hand',
      'Schacht nass',
    ]);
  });

  it('chooses the first meter by number without ?id=', async () => {
    app.api(waterApi());
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Noch keine Ablesung dieses Hauptwasserzählers.'));
    expect(callsTo(app.fetchMock, 'GET', '/api/Wasserbuch/GetHauptwasserzaehlerBilanz?id=2')).toHaveLength(1);
  });

  it('shows balance and calibration but not the readings without a Wasser right', async () => {
    app.api({ ...waterApi(), ...signedIn(STAMMDATEN_EDIT) });
    await app.renderAt(`${PATH}?id=1`);
    await waitFor(() => expect(gridRows('Bilanz HWZ-2')).toHaveLength(2));
    expect([...container.querySelectorAll('[role="tab"]')]).toHaveLength(0);
    expect(callsTo(app.fetchMock, 'GET', '/api/Wasserbuch/GetWasserablesungen?hauptwasserzaehlerId=1')).toHaveLength(0);
  });
});
