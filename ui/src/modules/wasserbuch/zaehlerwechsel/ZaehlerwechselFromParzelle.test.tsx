import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton, signedIn } from '../../../testing/testHelpers';
import { bodyOf, dialog, fakeLayout } from '../../../testing/testKit';

// The meter change offered from the plot's record (Stammdaten → Parzellen): the same dialog, the
// plot already chosen.

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const SAVE = '/api/Stammdaten/UpdateZaehlerwechsel';

const parzelle = (overrides: Record<string, unknown>) => ({
  id: 1,
  nummer: '17',
  flaeche: '400.00',
  gemeinschaftsflaeche: null,
  anzahlParkkarten: 0,
  flags: 0,
  wasserzaehlerNummer: 'W-17',
  hauptwasserzaehlerId: null,
  gruppeId: null,
  aktiv: true,
  notiz: '',
  pachtabrechnungId: 3,
  nutzungsberechtigter: null,
  gruppeName: null,
  hauptwasserzaehlerNummer: null,
  ...overrides,
});

function api(rights: string[]) {
  app.api({
    ...signedIn(rights),
    'GET /api/Common/Pachtabrechnungen': () => json([{ id: 3, jahr: 2026, bezeichnung: '2026' }]),
    'GET /api/Stammdaten/Parzellen': () =>
      json([parzelle({}), parzelle({ id: 2, nummer: '3', wasserzaehlerNummer: '' })]),
    'GET /api/Common/HWZ': () => json([]),
    'GET /api/Common/Gruppen': () => json([]),
    'GET /api/Stammdaten/GetGartenhistorie?parzelleId=1': () => json([]),
    'GET /api/Stammdaten/GetGartenhistorie?parzelleId=2': () => json([]),
    'GET /api/Common/GetHistory?entityID=Parzelle%3A1': () => json([]),
    'GET /api/Wasserbuch/GetZaehlerEichung': () => json([]),
    'GET /api/Stammdaten/GetLastAblesungenParzelle?parzelleId=1': () => json([]),
    [`POST ${SAVE}`]: () =>
      json({ parzelleId: 1, wasserzaehlerNummer: 'W-18', version: 2, endablesung: {}, anfangsablesung: {} }),
  });
}

async function openRow(nummer: string) {
  const cell = [...container.querySelectorAll('[role="rowheader"]')].find((c) => c.textContent === nummer);
  if (!cell) throw new Error(`no row ${nummer}`);
  await click(cell);
  await waitFor(() => expect(dialog()?.textContent).toContain(`Parzelle ${nummer}`));
}

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.positive.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('Zählerwechsel from the Parzelle dialog', () => {
  it('opens the meter change with the plot chosen and sends its id', async () => {
    api(['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit']);
    await app.renderAt('/stammdatenverwalten/parzellen');
    await waitFor(() => expect(container.querySelectorAll('[role="rowheader"]').length).toBeGreaterThan(1));
    await openRow('17');
    await click(button(dialog()!, 'Zählerwechsel'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Zählerwechsel Parzelle 17'));
    const box = dialog()!;
    // The meter list does not name the plot (GetZaehlerEichung answers []): its record does.
    expect(box.textContent).toContain('Aktueller Zähler: W-17, noch keine Ablesung.');
    expect(() => field(box, 'Parzelle')).toThrow();
    await typeInto(field(box, 'Datum'), '01.10.2026');
    await typeInto(field(box, 'Endstand alter Zähler'), '55,5');
    await typeInto(field(box, 'Nummer neuer Zähler'), 'W-18');
    await click(button(box, 'Zähler wechseln'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      parzelleId: 1,
      datum: '2026-10-01',
      endstand: '55.5',
      neueNummer: 'W-18',
      anfangsstand: '0.000',
    });
    await waitFor(() =>
      expect(toasts.positive).toHaveBeenCalledWith('Zähler der Parzelle 17 gewechselt: neuer Zähler W-18.', {
        timeout: 5000,
      }),
    );
  });

  it('offers it only for a plot with a meter', async () => {
    api(['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit']);
    await app.renderAt('/stammdatenverwalten/parzellen');
    await waitFor(() => expect(container.querySelectorAll('[role="rowheader"]').length).toBeGreaterThan(1));
    await openRow('3');
    expect(hasButton(dialog()!, 'Gartenwechsel')).toBe(true);
    expect(hasButton(dialog()!, 'Zählerwechsel')).toBe(false);
  });
});
