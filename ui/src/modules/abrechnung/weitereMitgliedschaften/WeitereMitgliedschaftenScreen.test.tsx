import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field } from '../../../testing/testHelpers';
import { fakeLayout, signedIn } from '../../../testing/testKit';
import { brief, JAHRE, vorschau } from '../gruppenrechnungen/laufTestdaten.testdata';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const ABRECHNUNG = ['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit'];
const A = '/api/Abrechnung';
const VORSCHAU = `${A}/LaufVorschau?art=WeitereMitgliedschaft&date=2026-11-24`;

// Members without a plot: their club positions under no plot number.
const SEIDL = brief(31, 'Seidl Anna', [
  {
    nummer: '',
    parzelleId: null,
    positionen: [
      { art: 'verein', text: 'Mitgliedsbeitrag', betragCent: 5000 },
      { art: 'abstellplatz', text: 'Abstellplatz 12 (PKW)', betragCent: 3600 },
    ],
  },
]);
const WOLF = brief(32, 'Wolf Karl', [
  { nummer: '', parzelleId: null, positionen: [{ art: 'verein', text: 'Mitgliedsbeitrag', betragCent: 5000 }] },
]);

const text = () => (container.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const vorschauAufrufe = () =>
  app.fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('LaufVorschau'));

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('Weitere Mitgliedschaften', () => {
  it('narrows preview and Excel list to one address and back to all', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const download = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    app.api({
      ...signedIn(ABRECHNUNG),
      'GET /api/Common/Pachtabrechnungen': () => json(JAHRE),
      'GET /api/Common/Addressen': () =>
        json([
          { id: 31, name: 'Seidl Anna' },
          { id: 32, name: 'Wolf Karl' },
        ]),
      [`GET ${VORSCHAU}&adressen=31`]: () =>
        json(vorschau('WeitereMitgliedschaft', 'Weitere Mitgliedschaften 2026', [SEIDL])),
      [`GET ${VORSCHAU}`]: () =>
        json(vorschau('WeitereMitgliedschaft', 'Weitere Mitgliedschaften 2026', [SEIDL, WOLF])),
      [`GET ${A}/WeitereMitgliedschaften?date=2026-11-24&adress=31&format=xlsx`]: () =>
        new Response(new Blob(['xlsx']), { status: 200, headers: { 'Content-Type': 'application/vnd.ms-excel' } }),
    });
    await app.renderAt('/jahresabrechnung/weiteremitgliedschaften?datum=2026-11-24&schritt=3&adresse=31');
    await waitFor(() => expect(text()).toContain('1 Brief über € 86,00'));
    expect(container.querySelector('h1')?.textContent).toBe('Weitere Mitgliedschaften 2026');
    expect(vorschauAufrufe()).toEqual([`${VORSCHAU}&adressen=31`]);

    await click(button(container, 'Liste (Excel)'));
    await waitFor(() =>
      expect(
        callsTo(app.fetchMock, 'GET', `${A}/WeitereMitgliedschaften?date=2026-11-24&adress=31&format=xlsx`).length,
      ).toBe(1),
    );
    await waitFor(() => expect(download).toHaveBeenCalled());

    // Booking books every letter: while the preview shows one address it waits for the filter to go.
    await click(button(container, '4 Buchen'));
    await waitFor(() => expect(text()).toContain('Nur eine Adresse gewählt'));
    expect(button(container, 'Einbuchen …').disabled).toBe(true);

    // The filter sits in step 1 beside year and date.
    await click(button(container, '1 Jahr und Datum'));
    await waitFor(() => expect(field(container, 'Nur für Adresse').value).toBe('Seidl Anna'));
    await click(button(container, 'Alle Adressen'));
    await waitFor(() => expect(vorschauAufrufe()).toContain(VORSCHAU));
    await click(button(container, '3 Vorschau'));
    await waitFor(() => expect(text()).toContain('2 Briefe über € 136,00'));
    await click(button(container, '4 Buchen'));
    await waitFor(() => expect(button(container, 'Einbuchen …').disabled).toBe(false));
    expect(new URLSearchParams(window.location.search).get('adresse')).toBeNull();
  });
});
