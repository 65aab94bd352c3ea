import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { blur, button, callsTo, click, field } from '../../../testing/testHelpers';
import { bodyOf, fakeLayout, signedIn } from '../../../testing/testKit';
import type { AkontoBerechnung } from './api';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/wasserbuch/wasserabrechnung/jahresabrechnung?teil=akonto';
const GET = 'GET /api/Wasserbuch/GetWasserAkontoBerechnung?stichtag=2027-01-01';
const SAVE = 'POST /api/Wasserbuch/UpdateWasserakontoberechnung';

const BERECHNUNG: AkontoBerechnung = {
  stichtag: '2027-01-01',
  gespeichert: false,
  abrechnungStichtag: '2026-10-31',
  zeilen: [
    {
      parzelleId: 1,
      parzelleNummer: '1',
      adresseName: 'Huber Eva',
      verbrauch: '175.610',
      vorschlagCent: 35200,
      akontoCent: 35200,
    },
    {
      parzelleId: 3,
      parzelleNummer: '3',
      adresseName: 'Wagner Eva',
      verbrauch: '128.780',
      vorschlagCent: 25800,
      akontoCent: 25800,
    },
  ],
};

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const footer = () => plain(container.querySelector('table[aria-label="Akonto zum 01.01.2027"] tfoot')?.textContent);

describe('AkontoTab', () => {
  it('computes the proposal for a typed date, lets the amounts be changed, totals them and saves all rows', async () => {
    app.api({
      ...signedIn(['WebApp.Wasser.View', 'WebApp.Wasser.Edit']),
      'GET /api/Wasserbuch/GetWasserakontoberechnungStichtage': () => json([]),
      [GET]: () => json(BERECHNUNG),
      [SAVE]: (init) =>
        json({
          ...BERECHNUNG,
          gespeichert: true,
          zeilen: BERECHNUNG.zeilen.map((z, i) => ({ ...z, akontoCent: bodyOf(init).zeilen[i].akontoCent })),
        }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(field(container, 'Neue Berechnung zum')).toBeTruthy());
    await typeInto(field(container, 'Neue Berechnung zum'), '1.1.2027');
    await click(button(container, 'Vorschlag berechnen'));
    await waitFor(() => expect(footer()).toBe('Summe2 Parzellen€ 610,00€ 610,00'));
    expect(window.location.search).toContain('akonto=2027-01-01');
    expect(container.textContent).toContain('Menge aus der Abrechnung zum 31.10.2026.');
    const rows = [...container.querySelectorAll('table[aria-label="Akonto zum 01.01.2027"] tbody tr')].map((r) =>
      plain(r.textContent),
    );
    expect(rows[0]).toContain('175,610 m³€ 352,00');

    const p3 = container.querySelector('input[aria-label="Akonto Parzelle 3"]') as HTMLInputElement;
    await typeInto(p3, '300');
    await blur(p3);
    await waitFor(() => expect(footer()).toBe('Summe2 Parzellen€ 610,00€ 652,00'));
    await click(button(container, 'Akonto speichern'));
    await waitFor(() =>
      expect(callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/UpdateWasserakontoberechnung')).toHaveLength(1),
    );
    const [, init] = callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/UpdateWasserakontoberechnung')[0]!;
    expect(bodyOf(init)).toEqual({
      stichtag: '2027-01-01',
      zeilen: [
        { parzelleId: 1, akontoCent: 35200 },
        { parzelleId: 3, akontoCent: 30000 },
      ],
    });
  });

  it('refuses to save an emptied amount and names the plot', async () => {
    app.api({
      ...signedIn(['WebApp.Wasser.View', 'WebApp.Wasser.Edit']),
      'GET /api/Wasserbuch/GetWasserakontoberechnungStichtage': () =>
        json([{ stichtag: '2027-01-01', anzahl: 2, summeCent: 61000 }]),
      [GET]: () => json(BERECHNUNG),
    });
    await app.renderAt(`${PATH}&akonto=2027-01-01`);
    await waitFor(() => expect(footer()).toContain('€ 610,00'));
    const p1 = container.querySelector('input[aria-label="Akonto Parzelle 1"]') as HTMLInputElement;
    await typeInto(p1, '');
    await blur(p1);
    await waitFor(() => expect(container.textContent).toContain('es fehlt oder ist negativ bei Parzelle 1'));
    expect(button(container, 'Akonto speichern').disabled).toBe(true);
  });
});
