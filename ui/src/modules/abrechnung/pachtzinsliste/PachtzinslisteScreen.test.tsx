import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pachtzinsliste } from '../../../api/abrechnung';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click } from '../../../testing/testHelpers';
import { fakeLayout, rowTexts, signedIn } from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const text = (el: Element | null) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const zeile = (parzelleId: number, nummer: string, name: string, pachtzinsCent: number) => ({
  parzelleId,
  nummer,
  flaeche: '400.00',
  anteil: '100.00',
  nutzungsberechtigter: name,
  pachtzinsCent,
  gemeinschaftsflaecheCent: 13100,
  grundsteuerCent: 7000,
  zuschlaegeCent: 10513,
  summeCent: pachtzinsCent + 13100 + 7000 + 10513,
});

// DOMAIN.md's plot 17 (lease 830,13 €) and a free plot 2.
const LISTE: Pachtzinsliste = {
  jahr: 2026,
  datum: '2026-11-24',
  zeilen: [zeile(17, '17', 'Huber Maria', 52400), zeile(2, '2', '', 52400)],
  summen: {
    flaeche: '800.00',
    anteil: '200.00',
    pachtzinsCent: 104800,
    gemeinschaftsflaecheCent: 26200,
    grundsteuerCent: 14000,
    zuschlaegeCent: 21026,
    summeCent: 166026,
  },
};

const base = {
  ...signedIn(['WebApp.Abrechnung.View']),
  'GET /api/Common/Pachtabrechnungen': () => json([{ id: 3, jahr: 2026, bezeichnung: 'Abrechnung 2026' }]),
  'GET /api/Common/Addressen': () => json([{ id: 7, name: 'Huber Maria' }]),
};

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('Pachtzinsliste', () => {
  it('shows the lease per plot in plot order with the sums, for the year, Stichtag and address of the URL', async () => {
    const url = '/api/Abrechnung/Pachtzinsliste?pachtabrechnungID=3&date=2026-11-24&adress=7&format=json';
    app.api({ ...base, [`GET ${url}`]: () => json(LISTE) });
    await app.renderAt('/jahresabrechnung/pachtzinsliste?jahr=3&datum=2026-11-24&adresse=7');
    await waitFor(() => expect(document.title).toBe('Pachtzinsliste – KGV Sonnenhang'));
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(text(container.querySelector('h1'))).toBe('Pachtzinsliste 2026');
    expect(rowTexts(container)).toEqual([
      ['2', '– frei –', '400,00 m²', '100,00 m²', '€ 524,00', '€ 131,00', '€ 70,00', '€ 105,13', '€ 830,13'],
      ['17', 'Huber Maria', '400,00 m²', '100,00 m²', '€ 524,00', '€ 131,00', '€ 70,00', '€ 105,13', '€ 830,13'],
    ]);
    const summen = [...container.querySelectorAll('table[aria-label="Summen der Pachtzinsliste"] td')].map(text);
    expect(summen).toEqual([
      '2',
      '800,00 m²',
      '200,00 m²',
      '€ 1.048,00',
      '€ 262,00',
      '€ 140,00',
      '€ 210,26',
      '€ 1.660,26',
    ]);
    expect(text(container)).toContain('Nutzungsberechtigte am 24.11.2026');
  });

  it('saves the server’s PDF with the same parameters', async () => {
    app.api({
      ...base,
      'GET /api/Abrechnung/Pachtzinsliste?format=json': () => json(LISTE),
      'GET /api/Abrechnung/Pachtzinsliste?format=pdf': () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 }),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await app.renderAt('/jahresabrechnung/pachtzinsliste');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Export'));
    await waitFor(() => expect(document.querySelectorAll('[role="menuitem"]').length).toBe(2));
    const pdf = [...document.querySelectorAll('[role="menuitem"]')].find((item) => item.textContent === 'PDF')!;
    await act(async () => {
      pdf.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', button: 0 }));
      pdf.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', button: 0 }));
      (pdf as HTMLElement).click();
    });
    await waitFor(() => expect(saved).toEqual(['Pachtzinsliste 2026 2026-11-24.pdf']));
    expect(callsTo(app.fetchMock, 'GET', '/api/Abrechnung/Pachtzinsliste?format=pdf')).toHaveLength(1);
  });
});
