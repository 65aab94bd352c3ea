import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click } from '../../../testing/testHelpers';
import { dialog, signedIn } from '../../../testing/testKit';
import type { FunkImportResult } from './funkImportApi';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const IMPORT = '/api/Wasserbuch/ImportFunkwasserablesungData';
const PRUEFEN = `${IMPORT}?overwrite=false&dryRun=true&mapping=Standard`;
const EINLESEN = `${IMPORT}?overwrite=false&dryRun=false&mapping=Standard`;

const ZEILE = {
  zeile: 2,
  seriennummer: 'FW-1001',
  stand: '123.456',
  datum: '2026-04-01',
  parzelleId: 1,
  parzelleNummer: '1',
  hauptwasserzaehlerId: null,
  status: 'neu' as const,
  vorherStand: null,
};
const GUT: FunkImportResult = {
  dryRun: true,
  mapping: 'Standard',
  zeilen: [ZEILE],
  fehler: [],
  warnungen: [{ zeile: 2, text: 'Der Stand 123,456 liegt unter der letzten Ablesung (130,000 am 01.10.2025).' }],
  geschrieben: 0,
};
const FEHLER: FunkImportResult = {
  ...GUT,
  fehler: [{ zeile: 4, text: 'Zähler „FW-9999“ gehört zu keiner Parzelle und keinem Hauptwasserzähler.' }],
};

function api(preview: FunkImportResult) {
  app.api({
    ...signedIn(['WebApp.Wasser.View', 'WebApp.Wasser.Edit']),
    'GET /api/Wasserbuch/GetWasserablesungLookup': () => json([]),
    'GET /api/Wasserbuch/GetFunkImportMappings': () =>
      json([
        {
          name: 'Standard',
          spalteSeriennummer: 'Seriennummer',
          spalteStand: 'Zählerstand',
          spalteZeitstempel: 'Zeitstempel',
          trennzeichen: 'auto',
          dezimalzeichen: 'auto',
          zeichensatz: 'auto',
        },
      ]),
    [`POST ${PRUEFEN}`]: () => json(preview),
    [`POST ${EINLESEN}`]: () => json({ ...preview, dryRun: false, geschrieben: 1 }),
    'GET /api/Wasserbuch/GetAblesungsrunde?datum=2026-04-01': () => json({ datum: '2026-04-01', zeilen: [] }),
  });
}

async function chooseFile() {
  const input = dialog()?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  const file = new File(['Seriennummer;Zählerstand;Zeitstempel\n'], 'funk.csv', { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function openDialog() {
  await app.renderAt('/wasserbuch/wasserablesung');
  await waitFor(() => expect(button(container, 'Funkzähler einlesen')).toBeTruthy());
  await click(button(container, 'Funkzähler einlesen'));
  await waitFor(() => expect(dialog()?.textContent).toContain('Zuordnung der Spalten'));
}

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('FunkImportDialog', () => {
  it('checks first (dry run), lists errors and keeps Einlesen off while there are any', async () => {
    api(FEHLER);
    await openDialog();
    const root = dialog() as Element;
    expect(button(root, 'Prüfen').disabled).toBe(true);
    await chooseFile();
    await click(button(root, 'Prüfen'));
    await waitFor(() => expect(root.textContent).toContain('Zeile 4: Zähler „FW-9999“'));
    expect(root.textContent).toContain('1 Fehler');
    expect(button(root, 'Einlesen').disabled).toBe(true);
    expect(callsTo(app.fetchMock, 'POST', EINLESEN)).toHaveLength(0);
  });

  it('shows the preview with warnings, imports after the check and opens the round of the file date', async () => {
    api(GUT);
    await openDialog();
    const root = dialog() as Element;
    await chooseFile();
    expect(button(root, 'Einlesen').disabled).toBe(true);
    await click(button(root, 'Prüfen'));
    await waitFor(() => expect(root.textContent).toContain('1 neu'));
    expect(root.textContent).toContain('Bitte prüfen (wird trotzdem eingelesen)');
    expect(root.textContent).toContain('123,456 m³');
    const [call] = callsTo(app.fetchMock, 'POST', PRUEFEN);
    expect(call).toBeDefined();
    expect((call?.[1]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    await click(button(root, 'Einlesen'));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('datum')).toBe('2026-04-01'));
    expect(callsTo(app.fetchMock, 'POST', EINLESEN)).toHaveLength(1);
    expect(toasts.positive).toHaveBeenCalledWith('1 Ablesung eingelesen.', expect.anything());
  });
});
