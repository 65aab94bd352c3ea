import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton } from '../../../testing/testHelpers';
import { bodyOf, dialog, fakeLayout, rowTexts, signedIn } from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/wasserbuch/zaehlerwechsel';
const LIST = 'GET /api/Wasserbuch/GetZaehlerwechsel';
const SAVE = '/api/Stammdaten/UpdateZaehlerwechsel';
const WASSER_EDIT = ['WebApp.Wasser.View', 'WebApp.Wasser.Edit'];

const WECHSEL = [
  {
    parzelleId: 1,
    parzelleNummer: '7',
    adresseName: 'Huber Maria',
    datum: '2026-04-01',
    alteNummer: 'WZ-7',
    endstand: '150.250',
    neueNummer: 'WZ-70',
    anfangsstand: '0.000',
    plombe: 'P-12',
    endablesungId: 11,
    anfangsablesungId: 12,
  },
  {
    parzelleId: 2,
    parzelleNummer: '12',
    adresseName: null,
    datum: '2025-09-15',
    alteNummer: 'WZ-12',
    endstand: '88.000',
    neueNummer: 'WZ-120',
    anfangsstand: '0.500',
    plombe: '',
    endablesungId: 21,
    anfangsablesungId: null,
  },
];

const reading = (over: Record<string, unknown>) => ({
  id: 1,
  version: 1,
  datum: '2026-04-01',
  parzelleId: 3,
  parzelleNummer: '17',
  hauptwasserzaehlerId: null,
  hauptwasserzaehlerNummer: null,
  zaehlernummer: 'WZ-17',
  stand: '120.500',
  isZaehlerwechsel: false,
  quelle: 'manuell',
  notiz: '',
  ...over,
});

const meter = (over: Record<string, unknown>) => ({
  art: 'parzelle',
  parzelleId: 1,
  parzelleNummer: '7',
  adresseName: null,
  hauptwasserzaehlerId: 1,
  zaehlernummer: 'WZ-7',
  eingebautAm: '2024-05-01',
  eichungFaelligAm: '2029-05-01',
  faellig: false,
  ...over,
});

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

function api(extra: Record<string, Parameters<typeof app.api>[0][string]> = {}) {
  app.api({
    ...signedIn(WASSER_EDIT),
    [LIST]: () => json(WECHSEL),
    // Every plot, also 12 (given up since, so without a meter in GetZaehlerEichung).
    'GET /api/Common/Parzellen': () =>
      json([
        { id: 1, name: '7' },
        { id: 2, name: '12' },
        { id: 3, name: '17' },
      ]),
    'GET /api/Wasserbuch/GetZaehlerEichung': () =>
      json([
        meter({ parzelleId: 3, parzelleNummer: '17', adresseName: 'Gruber Franz', zaehlernummer: 'WZ-17' }),
        meter({ parzelleId: 1, parzelleNummer: '7', adresseName: 'Huber Maria', zaehlernummer: 'WZ-70' }),
        meter({ art: 'hauptwasserzaehler', parzelleId: null, parzelleNummer: null, zaehlernummer: 'HWZ-1' }),
      ]),
    'GET /api/Stammdaten/GetLastAblesungenParzelle?parzelleId=3': () =>
      json([
        reading({ id: 5, datum: '2026-03-01', zaehlernummer: 'WZ-17', stand: '120.500' }),
        reading({ id: 4, datum: '2024-05-01', zaehlernummer: 'WZ-16', stand: '99.000', isZaehlerwechsel: true }),
      ]),
    ...extra,
  });
}

/** The rows' data cells, without the row-actions cell (beside the first column when the table is narrow). */
const dataTexts = () =>
  [...container.querySelectorAll('[role="grid"] [role="row"]')]
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')]
        .filter((cell) => !cell.querySelector('button'))
        .map((cell) => (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
    );

async function choosePlot(typed: string, label: string) {
  const combo = field(dialog()!, 'Parzelle');
  await act(async () => combo.focus());
  await typeInto(combo, typed);
  let option: HTMLElement | undefined;
  await waitFor(() => {
    option = [...document.body.querySelectorAll<HTMLElement>('[role="option"]')].find(
      (o) => o.textContent?.trim() === label,
    );
    expect(option).toBeDefined();
  });
  await click(option!);
}

describe('ZaehlerwechselScreen', () => {
  it('lists the changes newest first with German readings', async () => {
    api();
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await waitFor(() => expect(document.title).toBe('Zählerwechsel – KGV Sonnenhang'));
    const [first, second] = dataTexts();
    expect(first?.slice(0, 8)).toEqual([
      '01.04.2026',
      '7',
      'Huber Maria',
      'WZ-7',
      '150,250 m³',
      'WZ-70',
      '0,000 m³',
      'P-12',
    ]);
    expect(second?.[0]).toBe('15.09.2025');
    expect(second?.[2]).toBe('–');
    expect(container.textContent).toContain('2 Zählerwechsel');
    for (const label of ['Neuer Zählerwechsel', 'Protokoll drucken', 'Exportieren', 'Importieren']) {
      expect(hasButton(container, label)).toBe(true);
    }
  });

  it('asks the server for the period and plot of the URL', async () => {
    api({ [`${LIST}?von=2026-01-01&bis=2026-12-31&parzelleId=1`]: () => json([WECHSEL[0]]) });
    await app.renderAt(`${PATH}?von=2026-01-01&bis=2026-12-31&parzelle=1`);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    expect(field(container, 'Von').value).toBe('01.01.2026');
    expect(field(container, 'Bis').value).toBe('31.12.2026');
  });

  it('filters by any plot, also one given up since (no meter now)', async () => {
    api({ [`${LIST}?parzelleId=2`]: () => json([WECHSEL[1]]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    const combo = field(container, 'Parzelle');
    await act(async () => combo.focus());
    await typeInto(combo, '12');
    let option: HTMLElement | undefined;
    await waitFor(() => {
      option = [...document.body.querySelectorAll<HTMLElement>('[role="option"]')].find(
        (o) => o.textContent?.trim() === '12',
      );
      expect(option).toBeDefined();
    });
    await click(option!);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    expect(callsTo(app.fetchMock, 'GET', '/api/Wasserbuch/GetZaehlerwechsel?parzelleId=2')).toHaveLength(1);
  });

  it('records a change: shows the last readings, flags a too low final reading as typed, sends dots', async () => {
    api({
      [`POST ${SAVE}`]: () =>
        json({
          parzelleId: 3,
          wasserzaehlerNummer: 'WZ-18',
          version: 2,
          endablesung: reading({ id: 6 }),
          anfangsablesung: reading({ id: 7 }),
        }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neuer Zählerwechsel'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Neuer Zählerwechsel'));
    await choosePlot('17', '17 – Gruber Franz (WZ-17)');
    await waitFor(() =>
      expect(dialog()?.textContent).toContain('Aktueller Zähler: WZ-17, letzte Ablesung 120,500 m³ am 01.03.2026.'),
    );
    expect(dialog()?.textContent).toContain('Früherer Zähler WZ-16: 99,000 m³ am 01.05.2024 (Endstand)');
    expect(field(dialog()!, 'Anfangsstand neuer Zähler').value).toBe('0,000');

    await typeInto(field(dialog()!, 'Datum'), '02.04.2026');
    await typeInto(field(dialog()!, 'Endstand alter Zähler'), '110,5');
    // Flagged while typing, before any save.
    await waitFor(() =>
      expect(dialog()?.textContent).toContain(
        'Der Endstand ist kleiner als die letzte Ablesung (120,500 m³ am 01.03.2026).',
      ),
    );
    await typeInto(field(dialog()!, 'Nummer neuer Zähler'), 'WZ-18');
    await click(button(dialog()!, 'Zähler wechseln'));
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);

    await typeInto(field(dialog()!, 'Endstand alter Zähler'), '130,25');
    await waitFor(() => expect(dialog()?.textContent).not.toContain('kleiner als die letzte Ablesung'));
    await typeInto(field(dialog()!, 'Plombe'), 'P-99');
    await click(button(dialog()!, 'Zähler wechseln'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      parzelleId: 3,
      datum: '2026-04-02',
      endstand: '130.25',
      neueNummer: 'WZ-18',
      anfangsstand: '0.000',
      plombe: 'P-99',
    });
    await waitFor(() =>
      expect(toasts.positive).toHaveBeenCalledWith('Zähler der Parzelle 17 gewechselt: neuer Zähler WZ-18.', {
        timeout: 5000,
      }),
    );
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('requires a plot and a reading and shows the server refusal under the field', async () => {
    api({
      [`POST ${SAVE}`]: () =>
        json(
          {
            title: 'Die Eingaben sind ungültig.',
            status: 422,
            errors: { neueNummer: ['Der neue Zähler hat am 02.04.2026 bereits eine Ablesung.'] },
          },
          422,
        ),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neuer Zählerwechsel'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await click(button(dialog()!, 'Zähler wechseln'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Bitte wählen Sie eine Parzelle.'));
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);

    await choosePlot('gru', '17 – Gruber Franz (WZ-17)');
    await typeInto(field(dialog()!, 'Endstand alter Zähler'), '1,2345');
    await click(button(dialog()!, 'Zähler wechseln'));
    await waitFor(() => expect(dialog()?.textContent).toContain('höchstens 3 Nachkommastellen'));
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);

    await typeInto(field(dialog()!, 'Endstand alter Zähler'), '121');
    await typeInto(field(dialog()!, 'Nummer neuer Zähler'), 'WZ-18');
    await click(button(dialog()!, 'Zähler wechseln'));
    await waitFor(() =>
      expect(dialog()?.textContent).toContain('Der neue Zähler hat am 02.04.2026 bereits eine Ablesung.'),
    );
  });

  it('lists the rows an import refused', async () => {
    api({
      'POST /api/Wasserbuch/ImportZaehlerwechselData': () =>
        json(
          {
            title: 'Die Datei enthält fehlerhafte Zeilen; es wurde nichts gespeichert.',
            status: 422,
            errors: { 'zeile 3': ['Die Parzelle 99 gibt es nicht.'] },
          },
          422,
        ),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Importieren'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Zählerwechsel importieren'));
    const input = dialog()!.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(['x'], 'wechsel.xlsx');
    await act(async () => {
      Object.defineProperty(input, 'files', { value: [file] });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(button(dialog()!, 'Importieren'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Zeile 3: Die Parzelle 99 gibt es nicht.'));
    expect(dialog()?.textContent).toContain('Die Datei enthält fehlerhafte Zeilen; es wurde nichts gespeichert.');
  });

  it('is read-only with the View right', async () => {
    app.api({ ...signedIn(['WebApp.Wasser.View']), [LIST]: () => json(WECHSEL) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(hasButton(container, 'Neuer Zählerwechsel')).toBe(false);
    expect(hasButton(container, 'Importieren')).toBe(false);
    expect(hasButton(container, 'Protokoll drucken')).toBe(true);
  });
});
