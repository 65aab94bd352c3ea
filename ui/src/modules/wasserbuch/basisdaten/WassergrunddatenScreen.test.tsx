import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { blur, button, callsTo, click, field } from '../../../testing/testHelpers';
import { bodyOf, fakeLayout, signedIn } from '../../../testing/testKit';
import type { Wassergrunddaten } from './api';
import { numberToDecimal } from './grunddatenSchema';
import { formatPreis } from './preis';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/basisdatenabrechnung/wasserabrechnung/abrechnung';
const RIGHTS = ['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit', 'WebApp.Stammdaten.View'];
const JAHRE = [
  { id: 3, jahr: 2026, bezeichnung: '2026' },
  { id: 2, jahr: 2025, bezeichnung: '2025' },
];
const DATEN_2025: Wassergrunddaten = {
  id: 11,
  version: 4,
  pachtabrechnungId: 2,
  jahr: 2025,
  preisProM3: '2.00',
  grundgebuehrCent: 1000,
  schwundMethode: 'proportional',
  akontoMindestCent: 2000,
  verbrauchsfaktorWarnung: '3',
  schwundWarnungProzent: '30',
  gruppen: [{ id: 1, gruppeId: 4, gruppeName: 'Vereinshaus', preisProM3: '1.5', anzahlParzellen: 2 }],
};

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

const input = (label: string) => field(container, label);
/** The field's text with plain spaces (Intl writes "€ 2,00" with a no-break space). */
const shown = (label: string) => input(label).value.replace(/[\u00a0\u202f]/g, ' ');
/** Types into a Spectrum NumberField and leaves it, as a user does. */
async function typeNumber(label: string, text: string) {
  const el = input(label);
  const { typeInto } = await import('../../../testing/appHarness');
  await typeInto(el, text);
  await blur(el);
}

describe('price helpers', () => {
  it('writes prices with two to four decimals and sends them with a dot', () => {
    expect(formatPreis('2.1350').replace(/\u00a0/g, ' ')).toBe('€ 2,135');
    expect(formatPreis('2').replace(/\u00a0/g, ' ')).toBe('€ 2,00');
    expect(formatPreis('1.5').replace(/\u00a0/g, ' ')).toBe('€ 1,50');
    expect(numberToDecimal(2.1, 4)).toBe('2.1');
    expect(numberToDecimal(2.12345, 4)).toBe('2.1235');
    expect(numberToDecimal(Number.NaN, 4)).toBe('');
  });
});

describe('WassergrunddatenScreen', () => {
  it('offers "Jahr anlegen" for a year without basis data, copying the previous year', async () => {
    let list = [DATEN_2025];
    app.api({
      ...signedIn(RIGHTS),
      'GET /api/Common/Pachtabrechnungen': () => json(JAHRE),
      'GET /api/Abrechnung/GetWassergrunddaten': () => json(list),
      'POST /api/Abrechnung/GetNewWassergrunddaten?pachtabrechnungID=3': () => {
        const neu = { ...DATEN_2025, id: 12, version: 1, pachtabrechnungId: 3, jahr: 2026 };
        list = [neu, DATEN_2025];
        return json(neu);
      },
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Für 2026 sind keine Wassergrunddaten angelegt'));
    expect(container.textContent).toContain('von 2025');
    await click(button(container, 'Jahr anlegen'));
    await waitFor(() => expect(shown('Preis pro m³')).toBe('€ 2,00'));
    expect(callsTo(app.fetchMock, 'POST', '/api/Abrechnung/GetNewWassergrunddaten?pachtabrechnungID=3')).toHaveLength(
      1,
    );
    expect(container.textContent).toContain('Vereinshaus');
  });

  it('saves the year with the price as a decimal string and amounts in cents', async () => {
    app.api({
      ...signedIn(RIGHTS),
      'GET /api/Common/Pachtabrechnungen': () => json(JAHRE),
      'GET /api/Abrechnung/GetWassergrunddaten': () => json([DATEN_2025]),
      'POST /api/Abrechnung/UpdateWassergrunddaten': (init) => json({ ...DATEN_2025, ...bodyOf(init), version: 5 }),
    });
    await app.renderAt(`${PATH}?jahr=2`);
    await waitFor(() => expect(shown('Preis pro m³')).toBe('€ 2,00'));
    expect(shown('Grundgebühr pro Parzelle')).toBe('€ 10,00');
    await typeNumber('Preis pro m³', '2,135');
    await typeNumber('Grundgebühr pro Parzelle', '12,5');
    const gleich = container.querySelector('input[type="radio"][value="gleichverteilt"]') as HTMLInputElement;
    await click(gleich);
    await click(button(container, 'Speichern'));
    await waitFor(() =>
      expect(callsTo(app.fetchMock, 'POST', '/api/Abrechnung/UpdateWassergrunddaten')).toHaveLength(1),
    );
    const [, init] = callsTo(app.fetchMock, 'POST', '/api/Abrechnung/UpdateWassergrunddaten')[0]!;
    expect(bodyOf(init)).toEqual({
      id: 11,
      version: 4,
      pachtabrechnungId: 2,
      preisProM3: '2.135',
      grundgebuehrCent: 1250,
      schwundMethode: 'gleichverteilt',
      akontoMindestCent: 2000,
      verbrauchsfaktorWarnung: '3',
      schwundWarnungProzent: '30',
    });
  });

  it('refuses an empty price at the field without calling the server', async () => {
    app.api({
      ...signedIn(RIGHTS),
      'GET /api/Common/Pachtabrechnungen': () => json(JAHRE),
      'GET /api/Abrechnung/GetWassergrunddaten': () => json([DATEN_2025]),
    });
    await app.renderAt(`${PATH}?jahr=2`);
    await waitFor(() => expect(shown('Preis pro m³')).toBe('€ 2,00'));
    await typeNumber('Preis pro m³', '');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(container.textContent).toContain('Bitte geben Sie den Preis pro m³ an.'));
    expect(callsTo(app.fetchMock, 'POST', '/api/Abrechnung/UpdateWassergrunddaten')).toHaveLength(0);
  });
});
