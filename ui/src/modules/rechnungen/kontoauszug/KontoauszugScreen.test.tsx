import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, signedIn } from '../../../testing/testHelpers';
import { fakeLayout } from '../../../testing/testKit';

const app = createAppHarness();
const { container } = app;
const RIGHTS = ['WebApp.Rechnungspruefung.View'];
const K = '/api/Rechnungspruefung/Kontoauszug';
const AUSZUG = {
  adresse: { id: 11, name: 'Huber Maria' },
  von: '2026-01-01',
  bis: '2026-11-24',
  anfangsSaldoCent: 0,
  zeilen: [
    {
      datum: '2026-03-01',
      art: 'rechnung',
      text: 'Zahlungsvorschreibung 2026',
      rechnungId: 1,
      nummer: '2026-00017',
      sollCent: 139_779,
      habenCent: 0,
      saldoCent: 139_779,
    },
    {
      datum: '2026-04-02',
      art: 'zahlung',
      text: 'Zahlung Beleg 12',
      rechnungId: 1,
      nummer: '2026-00017',
      sollCent: 0,
      habenCent: 100_000,
      saldoCent: 39_779,
    },
    {
      datum: '2026-06-01',
      art: 'mahnung',
      text: 'Mahngebühr',
      rechnungId: 1,
      nummer: '2026-00017',
      sollCent: 500,
      habenCent: 0,
      saldoCent: 40_279,
    },
  ],
  summen: { sollCent: 140_279, habenCent: 100_000 },
  endSaldoCent: 40_279,
  offenCent: 40_279,
  guthabenCent: 0,
};

function api(extra: Record<string, (init: RequestInit | undefined) => Response> = {}) {
  return {
    ...signedIn(RIGHTS),
    'GET /api/Common/Addressen': () => json([{ id: 11, name: 'Huber Maria' }]),
    [`GET ${K}?adresseId=11`]: () => json(AUSZUG),
    ...extra,
  };
}

const text = (root: Element | null) => (root?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const zeilen = () =>
  [...container.querySelectorAll('table[aria-label="Kontoauszug"] tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => text(td)),
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

describe('KontoauszugScreen', () => {
  it('asks for the member first', async () => {
    app.api(api());
    await app.renderAt('/rechnungen/kontoauszug');
    await waitFor(() => expect(text(container)).toContain('Mitglied wählen'));
    expect(callsTo(app.fetchMock, 'GET', `${K}?adresseId=11`)).toHaveLength(0);
  });

  it('shows the member’s running account with sums, closing balance and the PDF', async () => {
    app.api(api());
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await app.renderAt('/rechnungen/kontoauszug?adresseId=11');
    await waitFor(() => expect(zeilen()).toHaveLength(5));
    expect(zeilen()).toEqual([
      ['01.01.2026', 'Anfangssaldo', '€ 0,00'],
      ['01.03.2026', 'Rechnung', '2026-00017', 'Zahlungsvorschreibung 2026', '€ 1.397,79', '', '€ 1.397,79'],
      ['02.04.2026', 'Zahlung', '2026-00017', 'Zahlung Beleg 12', '', '€ 1.000,00', '€ 397,79'],
      ['01.06.2026', 'Mahnung', '2026-00017', 'Mahngebühr', '€ 5,00', '', '€ 402,79'],
      ['24.11.2026', 'Summen und Endsaldo', '€ 1.402,79', '€ 1.000,00', '€ 402,79'],
    ]);
    expect(text(container)).toContain(
      'Huber Maria: € 402,79 sind zu bezahlen. Offene Rechnungen € 402,79, Guthaben € 0,00.',
    );
    await waitFor(() => expect(field(container, 'Mitglied').value).toBe('Huber Maria'));
    await click(button(container, 'Kontoauszug als PDF'));
    expect(open).toHaveBeenCalledWith(`${K}?adresseId=11&format=pdf`, '_blank', 'noopener');
  });

  it('asks for the typed period', async () => {
    const zeitraum = `${K}?adresseId=11&von=2026-04-01&bis=2026-05-31`;
    app.api(api({ [`GET ${zeitraum}`]: () => json({ ...AUSZUG, zeilen: [], guthabenCent: 0 }) }));
    await app.renderAt('/rechnungen/kontoauszug?adresseId=11');
    await waitFor(() => expect(zeilen()).toHaveLength(5));
    await typeInto(field(container, 'Von'), '01.04.2026');
    await typeInto(field(container, 'Bis'), '31.05.2026');
    await waitFor(() => expect(callsTo(app.fetchMock, 'GET', zeitraum)).toHaveLength(1));
    await waitFor(() => expect(text(container)).toContain('In diesem Zeitraum gibt es keine Buchungen.'));
  });
});
