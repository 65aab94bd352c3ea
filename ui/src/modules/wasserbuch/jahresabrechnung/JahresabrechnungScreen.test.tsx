import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click } from '../../../testing/testHelpers';
import { bodyOf, fakeLayout, rowTexts, signedIn } from '../../../testing/testKit';
import { differenzText } from './betrag';
import { BEISPIEL } from './domainBeispiel.testdata';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/wasserbuch/wasserabrechnung/jahresabrechnung';
const WASSER_EDIT = ['WebApp.Wasser.View', 'WebApp.Wasser.Edit'];
const PREVIEW = 'POST /api/Wasserbuch/ErstelleAbrechnung?stichtag=2026-10-31&dryRun=true';

const base = {
  ...signedIn(WASSER_EDIT),
  'GET /api/Wasserbuch/GetWasserablesungLookup': () =>
    json([
      { datum: '2026-10-31', anzahl: 4, fehlend: 0 },
      { datum: '2026-04-01', anzahl: 4, fehlend: 0 },
    ]),
  'GET /api/Abrechnung/GetNewWasserabrechnung': () =>
    json({ von: '2026-04-01', stichtag: '2026-10-31', akontoStichtag: null }),
  'GET /api/Wasserbuch/GetWasserakontoberechnungStichtage': () => json([]),
  'GET /api/Wasserbuch/GetWasserabrechnungStichtage': () => json([]),
  'GET /api/Wasserbuch/GetFehlersuche?stichtag=2026-10-31': () =>
    json({ stichtag: '2026-10-31', von: '2026-04-01', befunde: [] }),
  'GET /api/Abrechnung/GetWassergrunddata?id=5': () =>
    json({ id: 5, schwundWarnungProzent: '10', verbrauchsfaktorWarnung: '3' }),
};

const MISSING = {
  text: 'Parzelle 2: Für den Zähler „WZ-2“ fehlt die Ablesung am 31.10.2026.',
  parzelleId: 12,
  parzelleNummer: '2',
  hauptwasserzaehlerId: null,
  zaehlernummer: 'WZ-2',
  datum: '2026-10-31',
};
const SUNK = {
  text: 'Parzelle 3: Der Stand des Zählers „WZ-3“ ist von 150.000 m³ (01.04.2026) auf 140.000 m³ (31.10.2026) gesunken, ohne Zählerwechsel.',
  parzelleId: 13,
  parzelleNummer: '3',
  hauptwasserzaehlerId: null,
  zaehlernummer: 'WZ-3',
  datum: '2026-10-31',
};

/** A row's cells without the row-actions cell (empty in the totals row). */
const dataRows = () =>
  [...container.querySelectorAll('[role="grid"][aria-label^="Vorschau"] [role="row"]')]
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')]
        .filter((cell) => !cell.querySelector('button') && cell.textContent !== '')
        .map((cell) => (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
    );

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('differenzText', () => {
  it('says Nachzahlung, Guthaben or ausgeglichen instead of a sign', () => {
    expect(differenzText(6122).replace(/\u00a0/g, ' ')).toBe('Nachzahlung € 61,22');
    expect(differenzText(-3244).replace(/\u00a0/g, ' ')).toBe('Guthaben € 32,44');
    expect(differenzText(0)).toBe('ausgeglichen');
  });
});

describe('JahresabrechnungScreen, preview', () => {
  it('previews the proposed Stichtag: per plot with loss, akonto and difference, the totals row last', async () => {
    app.api({ ...base, [PREVIEW]: () => json(BEISPIEL) });
    await app.renderAt(PATH);
    await waitFor(() => expect(document.title).toBe('Wasser-Jahresabrechnung – KGV Sonnenhang'));
    await waitFor(() => expect(container.textContent).toContain('31.10.2026 (4 Ablesungen)'));
    await click(button(container, 'Vorschau berechnen'));
    await waitFor(() => expect(dataRows()).toHaveLength(4));

    const rows = dataRows();
    expect(rows[0]).toEqual([
      '1',
      'Huber Maria',
      '150,000 m³',
      '25,610 m³',
      '€ 300,00',
      '€ 51,22',
      '€ 10,00',
      '€ 361,22',
      '€ 300,00',
      'Nachzahlung € 61,22',
    ]);
    // Plot "10" after "2": the German order of numbers.
    expect(rows[2]?.[0]).toBe('10');
    expect(rows[2]?.[9]).toBe('Guthaben € 32,44');
    expect(rows[3]).toEqual([
      'Summe',
      '3 Parzellen',
      '410,000 m³',
      '70,000 m³',
      '€ 820,00',
      '€ 140,00',
      '€ 30,00',
      '€ 990,00',
      '€ 900,00',
      'Nachzahlung € 90,00',
    ]);
    // The main meter's loss, flagged above the year's 10 %.
    const haupt = rowTexts(container.querySelector('[aria-label="Hauptwasserzähler und Schwund"]') ?? container);
    expect(haupt[0]?.slice(0, 5)).toEqual(['HWZ-1', '480,000 m³', '410,000 m³', '70,000 m³', '14,58 %']);
    await waitFor(() => expect(container.textContent).toContain('Schwund über 10 % – Leck oder Zähler prüfen'));
    expect(container.textContent).toContain('Vorschau – noch nicht gespeichert');
  });

  it('opens the drill-down of a plot: both meters with their readings, the loss share and the bill', async () => {
    app.api({ ...base, [PREVIEW]: () => json(BEISPIEL) });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('31.10.2026 (4 Ablesungen)'));
    await click(button(container, 'Vorschau berechnen'));
    await waitFor(() => expect(dataRows()).toHaveLength(4));
    await click(button(container, 'Details Parzelle 2'));
    await waitFor(() => expect(document.querySelector('[role="dialog"] table')).not.toBeNull());
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    const meters = [...dialog.querySelectorAll('table[aria-label="Zähler der Parzelle 2"] tr')].map((tr) =>
      (tr.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '),
    );
    expect(meters).toEqual([
      'ZählerAnfangEndeVerbrauch',
      'WZ-2834,500 m³ am 01.04.2026901,300 m³ am 15.07.202666,800 m³',
      'WZ-2N0,000 m³ am 15.07.202683,200 m³ am 31.10.202683,200 m³',
      'Summemit Zählerwechsel150,000 m³',
    ]);
    const text = (dialog.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Proportional verteilt: Parzelle 2 hat 150,000 m³ von 410,000 m³ verbraucht (36,59 %)');
    expect(text).toContain(
      'Hauptwasserzähler HWZ-1: 12.340,000 m³ am 01.04.2026 bis 12.820,000 m³ am 31.10.2026 = 480,000 m³.',
    );
    expect(text).toContain('Verbrauch150,000 m³ × € 2,00€ 300,00');
    expect(text).toContain('DifferenzBetrag − AkontoNachzahlung € 61,22');
  });

  it('keeps the totals row at the bottom when sorted by the difference', async () => {
    app.api({ ...base, [PREVIEW]: () => json(BEISPIEL) });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('31.10.2026 (4 Ablesungen)'));
    await click(button(container, 'Vorschau berechnen'));
    await waitFor(() => expect(dataRows()).toHaveLength(4));
    const header = [...container.querySelectorAll('[role="columnheader"]')].find((h) =>
      h.textContent?.includes('Differenz'),
    );
    await click(header as Element);
    await waitFor(() => expect(dataRows()[0]?.[0]).toBe('10'));
    expect(dataRows()[3]?.[0]).toBe('Summe');
  });

  it('exports the preview to Excel: every plot in plot order and the totals row, amounts in cents', async () => {
    let exported: unknown;
    app.api({
      ...base,
      [PREVIEW]: () => json(BEISPIEL),
      'POST /api/Common/ListExport': (init) => {
        exported = bodyOf(init);
        return new Response(new Blob(['xlsx']), { status: 200 });
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('31.10.2026 (4 Ablesungen)'));
    await click(button(container, 'Vorschau berechnen'));
    await waitFor(() => expect(dataRows()).toHaveLength(4));
    await click(button(container, 'Export'));
    await waitFor(() => expect(document.querySelectorAll('[role="menuitem"]').length).toBe(2));
    const excel = [...document.querySelectorAll('[role="menuitem"]')].find((item) => item.textContent === 'Excel')!;
    await act(async () => {
      excel.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', button: 0 }));
      excel.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', button: 0 }));
      (excel as HTMLElement).click();
    });
    await waitFor(() => expect(exported).toBeDefined());
    const body = exported as { titel: string; spalten: { name: string }[]; zeilen: unknown[][] };
    expect(body.titel).toBe('Wasserabrechnung 31.10.2026 (Vorschau)');
    expect(body.spalten.map((c) => c.name).at(-1)).toBe('Differenz (+ Nachzahlung, − Guthaben)');
    expect(body.zeilen.map((z) => z[0])).toEqual(['1', '2', '10', 'Summe']);
    expect(body.zeilen[2]).toEqual(['10', 'Wagner Eva', 110, 18.78, 22000, 3756, 1000, 26756, 30000, -3244]);
  });

  it('lists what is missing when the server refuses (422), each with a link to the reading', async () => {
    app.api({
      ...base,
      [PREVIEW]: () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Die Wasserabrechnung kann so nicht erstellt werden.',
            status: 422,
            code: 'validation_failed',
            errors: { stichtag: [MISSING.text, SUNK.text] },
            befunde: [MISSING, SUNK],
          }),
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('31.10.2026 (4 Ablesungen)'));
    await click(button(container, 'Vorschau berechnen'));
    await waitFor(() => expect(container.querySelector('ul[aria-label="Was fehlt"]')).not.toBeNull());
    const items = [...container.querySelectorAll('ul[aria-label="Was fehlt"] li')];
    expect(items.map((li) => li.textContent)).toEqual([`${MISSING.text} Zur Ablesung`, `${SUNK.text} Zur Ablesung`]);
    expect(items.map((li) => li.querySelector('a')?.getAttribute('href'))).toEqual([
      '/wasserbuch/wasserablesung?datum=2026-10-31&parzelle=12',
      '/wasserbuch/wasserablesung?datum=2026-10-31&parzelle=13',
    ]);
    expect(container.textContent).toContain('Die Wasserabrechnung kann so nicht erstellt werden.');
    expect(container.textContent).not.toContain('Abrechnung erstellen');
  });

  it('creates the settlement after the question and opens it', async () => {
    const stored = { ...BEISPIEL, id: 9 };
    let created = false;
    app.api({
      ...base,
      [PREVIEW]: () => json(BEISPIEL),
      'POST /api/Wasserbuch/ErstelleAbrechnung?stichtag=2026-10-31': () => {
        created = true;
        return json(stored, 201);
      },
      'GET /api/Wasserbuch/GetWasserabrechnungStichtage': () =>
        json(
          created
            ? [
                {
                  id: 9,
                  stichtag: '2026-10-31',
                  von: '2026-04-01',
                  betragCent: 99000,
                  differenzCent: 9000,
                  gebucht: false,
                },
              ]
            : [],
        ),
      'GET /api/Wasserbuch/GetWasserabrechnungDetails?abrechnungStichtag=2026-10-31': () => json(stored),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('31.10.2026 (4 Ablesungen)'));
    await click(button(container, 'Vorschau berechnen'));
    await waitFor(() => expect(container.textContent).toContain('Abrechnung erstellen'));
    await click(button(container, 'Abrechnung erstellen'));
    const alert = () => document.body.querySelector('[role="alertdialog"]');
    await waitFor(() => expect(alert()?.textContent).toContain('Abrechnung zum 31.10.2026 erstellen?'));
    await click(button(alert() as Element, 'Abrechnung erstellen'));
    await waitFor(() => expect(created).toBe(true));
    await waitFor(() => expect(window.location.search).toBe('?stichtag=2026-10-31'));
    await waitFor(() => expect(container.textContent).toContain('gespeichert, noch nicht vorgeschrieben'));
    expect(callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/ErstelleAbrechnung?stichtag=2026-10-31')).toHaveLength(1);
    const pdf = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Verbrauchsdetails (PDF)');
    expect(pdf?.getAttribute('href')).toBe('/api/Wasserbuch/GetVerbrauchDetailsPDF?stichtag=2026-10-31');
  });
});
