import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { blur, button, callsTo, click, field, hasButton, signedIn } from '../../../testing/testHelpers';
import { bodyOf, dialog, fakeLayout, rowTexts } from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const EDIT = ['WebApp.Kassa.View', 'WebApp.Kassa.Edit'];
const VIEW = ['WebApp.Kassa.View'];
const SAVE = '/api/Kassa/UpdateAnlageverzeichnis';
const JAHR = new Date().getFullYear();
const MAEHER = {
  id: 1,
  bezeichnung: 'Rasenmäher',
  kategorie: 'Maschinen',
  anschaffungsdatum: '2024-03-15',
  anschaffungskostenCent: 1_200_00,
  nutzungsdauerJahre: 4,
  abgangsdatum: null,
  abgangserloesCent: null,
  kassabuchId: 77,
  kassabuchBelegnummer: 17,
  notiz: '',
  buchwertCent: 300_00,
  geringwertig: false,
  version: 2,
};
const PLAN = [
  { jahr: 2024, buchwertAnfangCent: 0, zugangCent: 1_200_00, afaCent: 300_00, abgangCent: 0, buchwertEndeCent: 900_00 },
  { jahr: 2025, buchwertAnfangCent: 900_00, zugangCent: 0, afaCent: 300_00, abgangCent: 0, buchwertEndeCent: 600_00 },
];
const PERIODEN = [{ id: 2, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false }];

function api(rights: string[], extra: Record<string, (init: RequestInit | undefined) => Response> = {}) {
  return {
    ...signedIn(rights),
    [`GET /api/Kassa/GetAnlageverzeichnis?jahr=${JAHR}`]: () => json([MAEHER]),
    'GET /api/Kassa/GetAnlageverzeichnis?jahr=2025': () => json([{ ...MAEHER, buchwertCent: 600_00 }]),
    'GET /api/Kassa/GetAnlageKategorien': () => json(['Maschinen']),
    'GET /api/Common/Kassaabrechnungen': () => json(PERIODEN),
    'GET /api/Kassa/GetKassabuch?entryID=77': () => json({ eintraege: [{ id: 77, kassaabrechnungId: 5 }], summe: {} }),
    [`GET /api/Kassa/GetAnlageverzeichnisData?id=1&jahr=${JAHR}`]: () =>
      json({ ...MAEHER, plan: PLAN, halbjahr: false, jahresAfaCent: 300_00, abgang: null }),
    ...extra,
  };
}

const text = (root: Element | null) => (root?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

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

describe('AnlageverzeichnisScreen', () => {
  it('lists the assets with the book value at the end of the chosen year', async () => {
    app.api(api(EDIT));
    await app.renderAt('/kassa/anlageverzeichnis?jahr=2025');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    expect(text(container)).toContain('Buchwert 31.12.2025');
    expect(rowTexts(container)[0]!.filter((c) => c !== '')).toEqual([
      'Rasenmäher',
      'Maschinen',
      '15.03.2024',
      '€ 1.200,00',
      '4 Jahre',
      '€ 600,00',
      '–',
      '17',
    ]);
  });

  it('shows an asset’s depreciation plan and the link to its Kassabuch entry', async () => {
    app.api(api(EDIT));
    await app.renderAt('/kassa/anlageverzeichnis');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    await click([...container.querySelectorAll('[role="rowheader"]')][0]!);
    await waitFor(() => expect(dialog()?.querySelector('table[aria-label="Abschreibungsplan"]')).not.toBeNull());
    const rows = [...dialog()!.querySelectorAll('table[aria-label="Abschreibungsplan"] tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => text(td)),
    );
    expect(rows).toEqual([
      ['2024', '€ 0,00', '€ 1.200,00', '€ 300,00', '€ 0,00', '€ 900,00'],
      ['2025', '€ 900,00', '€ 0,00', '€ 300,00', '€ 0,00', '€ 600,00'],
    ]);
    const link = [...dialog()!.querySelectorAll('a')].find((a) => a.textContent?.includes('Beleg Nr. 17'));
    // The Kassabuch shows one period: the link names the entry's.
    await waitFor(() =>
      expect(
        [...dialog()!.querySelectorAll('a')].find((a) => a.textContent?.includes('Beleg Nr. 17'))?.getAttribute('href'),
      ).toBe('/kassa/kassabuch?kassaabrechnung=5&entryID=77'),
    );
    expect(link).toBeDefined();
  });

  it('creates an asset linked to its entry by the Belegnummer', async () => {
    const suche = '/api/Kassa/GetKassabuch?kassaabrechnungID=2&BelegnummerFilterVon=23&BelegnummerFilterBis=23';
    app.api(
      api(EDIT, {
        [`GET ${suche}`]: () => json({ eintraege: [{ id: 99, belegnummer: 23 }], summe: {} }),
        [`POST ${SAVE}`]: (init) => json({ ...MAEHER, ...bodyOf(init), id: 2 }),
      }),
    );
    await app.renderAt('/kassa/anlageverzeichnis');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    await click(button(container, 'Neue Anlage'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeInto(field(dialog()!, 'Bezeichnung'), 'Gartenhäcksler');
    await typeInto(field(dialog()!, 'Anschaffungsdatum'), '10.08.2026');
    for (const [label, value] of [
      ['Anschaffungskosten', '480'],
      ['Nutzungsdauer (Jahre)', '5'],
      ['Beleg-Nr.', '23'],
    ] as const) {
      await typeInto(field(dialog()!, label), value);
      await blur(field(dialog()!, label));
    }
    // The period of the receipt: the picker's hidden select.
    const select = dialog()!.querySelector('select') as HTMLSelectElement;
    await act(async () => {
      select.value = '2';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      bezeichnung: 'Gartenhäcksler',
      kategorie: '',
      anschaffungsdatum: '2026-08-10',
      anschaffungskostenCent: 48000,
      nutzungsdauerJahre: 5,
      abgangsdatum: null,
      abgangserloesCent: null,
      kassabuchId: 99,
      notiz: '',
    });
  });

  it('is read-only without the Edit right', async () => {
    app.api(api(VIEW));
    await app.renderAt('/kassa/anlageverzeichnis');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    expect(hasButton(container, 'Neue Anlage')).toBe(false);
  });
});
