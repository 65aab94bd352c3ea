import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Eintrag } from '../../../../../src/modules/kassa/schema/kassabuch';
import { createAppHarness, json, submit, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { field, signedIn } from '../../../testing/testHelpers';

vi.mock('@adobe/react-spectrum/Toast', () => ({
  ToastQueue: { neutral: vi.fn(() => () => undefined), positive: vi.fn(), negative: vi.fn() },
  ToastContainer: () => null,
}));

const app = createAppHarness();
const { container } = app;

const treffer = (over: Partial<Eintrag>): Eintrag => ({
  id: 5,
  kassaabrechnungId: 2,
  belegnummer: 17,
  datum: '2025-06-01',
  betragCent: -4990,
  kontoId: 10,
  kontoName: 'Handkassa',
  buchungskontoId: 200,
  buchungskontoNummer: '7000',
  buchungskontoName: 'Material',
  kostenstelleId: null,
  kostenstelleName: null,
  steuersatz: 20,
  steuerCent: -832,
  nettoCent: -4158,
  text: 'Rasenmäher Service',
  kommentar: null,
  rechnungsdatum: null,
  parzelleId: null,
  parzelleNummer: null,
  adresseId: null,
  adresseName: null,
  stornoVonId: null,
  storniertDurchId: null,
  quelle: 'manuell',
  geprueft: false,
  geprueftAm: null,
  kontoSaldoCent: 0,
  belege: [],
  bank: null,
  zuordnungen: [],
  zugeordnetCent: 0,
  version: 1,
  ...over,
});

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

const api = () => ({
  ...signedIn(['WebApp.Kassa.View', 'WebApp.Kassa.Edit']),
  'GET /api/Common/Kassaabrechnungen': () =>
    json([
      { id: 3, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false },
      { id: 2, name: 'Kassa 2025', jahr: 2025, von: '2025-01-01', bis: '2025-12-31', geschlossen: true },
    ]),
  'GET /api/Kassa/GetKassabuch?Bezeichnung=rasen&BetragFilterVon=4990&BetragFilterBis=4990': () =>
    json({
      eintraege: [
        treffer({}),
        treffer({
          id: 6,
          belegnummer: 3,
          kassaabrechnungId: 3,
          belege: [{ id: 9, name: 'service.pdf', mime: 'application/pdf', size: 1000 }],
        }),
      ],
      summe: { anzahl: 2, einnahmenCent: 0, ausgabenCent: 9980, saldoCent: -9980 },
    }),
});

describe('BelegsucheScreen', () => {
  it('searches all periods and links to the entry in its Kassabuch', async () => {
    app.api(api());
    await app.renderAt('/kassa/belegsuchen');
    await waitFor(() => expect(() => field(container, 'Text enthält')).not.toThrow());
    expect(container.querySelector('table')).toBeNull();
    await typeInto(field(container, 'Text enthält'), 'rasen');
    await typeInto(field(container, 'Betrag'), '49,90');
    await submit(container.querySelector('form[aria-label="Beleg suchen"]') as HTMLFormElement);
    await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(2));
    expect(window.location.search).toBe('?text=rasen&betrag=4990');
    const erste = (container.querySelector('tbody tr')?.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(erste).toContain('Kassa 2025');
    expect(erste).toContain('-€ 49,90');
    const link = container.querySelector('tbody tr a[href^="/kassa/kassabuch"]');
    expect(link?.getAttribute('href')).toBe('/kassa/kassabuch?kassaabrechnung=2&entryID=5');
    expect(container.textContent).toContain('2 Belege gefunden');
  });

  it('says at the field what it cannot read and searches nothing', async () => {
    app.api(api());
    await app.renderAt('/kassa/belegsuchen');
    await waitFor(() => expect(() => field(container, 'Beleg-Nr.')).not.toThrow());
    await typeInto(field(container, 'Beleg-Nr.'), '12a');
    await typeInto(field(container, 'Datum von'), '1.13.2025');
    await submit(container.querySelector('form[aria-label="Beleg suchen"]') as HTMLFormElement);
    await waitFor(() => expect(field(container, 'Beleg-Nr.').getAttribute('aria-invalid')).toBe('true'));
    expect(field(container, 'Datum von').getAttribute('aria-invalid')).toBe('true');
    expect(container.textContent).toContain('Eine ganze Zahl');
    expect(container.textContent).toContain('TT.MM.JJJJ');
    expect(window.location.search).toBe('');
    expect(app.fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/Kassa/GetKassabuch'))).toBe(false);
  });

  it('fills the fields from a bookmarked search', async () => {
    app.api(api());
    await app.renderAt('/kassa/belegsuchen?betrag=4990&von=2025-06-01');
    await waitFor(() => expect(field(container, 'Betrag').value).toBe('49,90'));
    expect(field(container, 'Datum von').value).toBe('01.06.2025');
  });

  it('keeps only the entries with a receipt when asked', async () => {
    app.api(api());
    await app.renderAt('/kassa/belegsuchen?text=rasen&betrag=4990&beleg=mit');
    await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(container.textContent).toContain('1 Beleg gefunden');
    expect(container.querySelector('button[aria-label="Belege zu Beleg-Nr. 3 (1)"]')).not.toBeNull();
  });
});
