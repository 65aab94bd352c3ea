import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, hasButton, signedIn } from '../../../testing/testHelpers';
import { bodyOf } from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const EDIT = ['WebApp.Kassa.View', 'WebApp.Kassa.Edit'];
const SAVE = '/api/Kassa/UpdateBuchungskontenParzellenspezifischParzellen';
const PERIODEN = [
  { id: 2, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false },
  { id: 1, name: 'Kassa 2025', jahr: 2025, von: '2025-01-01', bis: '2025-12-31', geschlossen: true },
];
const KANAL = { buchungskontoId: 11, nummer: '120', name: 'Kanal', jahresbetragCent: 85_00, parzellenIds: [1, 3] };
const STROM = { buchungskontoId: 12, nummer: '130', name: 'Strom', jahresbetragCent: 20_00, parzellenIds: [] };
const PARZELLEN = [
  { id: 1, name: '1' },
  { id: 2, name: '2' },
  { id: 3, name: '3' },
  { id: 4, name: '12' },
];

function api(rights: string[], extra: Record<string, (init: RequestInit | undefined) => Response> = {}) {
  return {
    ...signedIn(rights),
    'GET /api/Common/Kassaabrechnungen': () => json(PERIODEN),
    'GET /api/Abrechnung/GetKassaabrechnungDatum': () => json({ id: 2, von: '2026-01-01', bis: '2026-12-31' }),
    'GET /api/Common/Parzellen': () => json(PARZELLEN),
    'GET /api/Kassa/GetBuchungsKontenParzellenspezifischWithParzellen?kassaabrechnungID=2': () => json([KANAL, STROM]),
    'GET /api/Kassa/GetBuchungsKontenParzellenspezifischWithParzellen?kassaabrechnungID=1': () => json([KANAL]),
    ...extra,
  };
}

/** The page's text with the amounts' non-breaking spaces as plain ones. */
const text = () => (container.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const checkbox = (label: string) =>
  [...container.querySelectorAll('label')]
    .find((l) => l.textContent === label)
    ?.querySelector('input[type="checkbox"]') as HTMLInputElement;

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.positive.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('ZuordnungScreen', () => {
  it('ticks the plots of the first plot-specific account and saves a change', async () => {
    app.api(api(EDIT, { [`POST ${SAVE}`]: (init) => json({ ...KANAL, ...bodyOf(init) }) }));
    await app.renderAt('/kassa/zuordnungparzellenspezifisch');
    await waitFor(() => expect(checkbox('Parzelle 1')).toBeTruthy());
    expect(['1', '2', '3', '12'].map((n) => checkbox(`Parzelle ${n}`).checked)).toEqual([true, false, true, false]);
    expect(text()).toContain('2 von 4 Parzellen zugeordnet · € 170,00 im Jahr');
    await click(checkbox('Parzelle 12'));
    await waitFor(() => expect(text()).toContain('3 von 4 Parzellen zugeordnet'));
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      buchungskontoId: 11,
      parzellenIds: [1, 3, 4],
    });
  });

  it('"Alle" and "Keine" tick and clear every plot', async () => {
    app.api(api(EDIT, { [`POST ${SAVE}`]: (init) => json({ ...KANAL, ...bodyOf(init) }) }));
    await app.renderAt('/kassa/zuordnungparzellenspezifisch');
    await waitFor(() => expect(checkbox('Parzelle 1')).toBeTruthy());
    await click(button(container, 'Alle'));
    await waitFor(() => expect(text()).toContain('4 von 4 Parzellen zugeordnet'));
    await click(button(container, 'Keine'));
    await waitFor(() => expect(text()).toContain('0 von 4 Parzellen zugeordnet'));
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({ buchungskontoId: 11, parzellenIds: [] });
  });

  it('the account in the URL is shown; a closed period cannot be changed', async () => {
    app.api(api(EDIT));
    await app.renderAt('/kassa/zuordnungparzellenspezifisch?konto=12');
    await waitFor(() => expect(text()).toContain('0 von 4 Parzellen zugeordnet · € 0,00'));
    await app.tearDown();
    await app.setUp();
    app.api(api(EDIT));
    await app.renderAt('/kassa/zuordnungparzellenspezifisch?kassaabrechnung=1');
    await waitFor(() => expect(checkbox('Parzelle 1')).toBeTruthy());
    expect(text()).toContain('Kassaabrechnung 2025 ist abgeschlossen – nur Ansicht');
    expect(checkbox('Parzelle 1').disabled).toBe(true);
    expect(hasButton(container, 'Speichern')).toBe(false);
  });
});
