import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { blur, button, callsTo, click, field, hasButton, signedIn } from '../../../testing/testHelpers';
import { alertDialog, bodyOf, dialog, fakeLayout, rowTexts } from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const EDIT = ['WebApp.Kassa.View', 'WebApp.Kassa.Edit'];
const LIST = '/api/Kassa/GetBuchungsKonten?kassaabrechnungID=2';
const SAVE = '/api/Kassa/UpdateBuchungsKonto?kassaabrechnungID=2';
const PERIODEN = [
  { id: 2, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false },
  { id: 1, name: 'Kassa 2025', jahr: 2025, von: '2025-01-01', bis: '2025-12-31', geschlossen: true },
];
const STROM = {
  id: 10,
  kassaabrechnungId: 2,
  nummer: '400',
  name: 'Strom',
  art: 'ausgabe',
  steuersatz: 20,
  parzellenspezifisch: false,
  jahresbetragCent: 0,
  geloescht: false,
  klaerung: false,
  anzahlBuchungen: 4,
  anzahlParzellen: 0,
  version: 1,
};
const KANAL = {
  ...STROM,
  id: 11,
  nummer: '120',
  name: 'Kanalgebühr',
  art: 'einnahme',
  steuersatz: 10,
  parzellenspezifisch: true,
  jahresbetragCent: 85_00,
  anzahlBuchungen: 0,
  anzahlParzellen: 12,
};
const ALT = { ...STROM, id: 12, nummer: '410', name: 'Gas (alt)', geloescht: true };

function api(
  rights: string[],
  steuer: boolean,
  extra: Record<string, (init: RequestInit | undefined) => Response> = {},
) {
  return {
    ...signedIn(rights),
    'GET /api/Common/Kassaabrechnungen': () => json(PERIODEN),
    'GET /api/Abrechnung/GetKassaabrechnungDatum': () => json({ id: 2, von: '2026-01-01', bis: '2026-12-31' }),
    'GET /api/Kassa/GetSteuersatzFlag': () => json(steuer),
    [`GET ${LIST}`]: () => json([KANAL, STROM]),
    [`GET ${LIST}&showDeleted=true`]: () => json([KANAL, STROM, ALT]),
    'GET /api/Kassa/GetBuchungsKonten?kassaabrechnungID=1': () => json([{ ...STROM, kassaabrechnungId: 1 }]),
    ...extra,
  };
}

const cells = () => rowTexts(container).map((row) => row.filter((cell) => cell !== ''));

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

describe('BuchungskontenScreen', () => {
  it('lists the period’s booking accounts by number, with the tax rate when the club books with tax', async () => {
    app.api(api(EDIT, true));
    await app.renderAt('/kassa/buchungskonten');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await waitFor(() => expect(container.textContent).toContain('Steuersatz'));
    expect(cells()).toEqual([
      ['120', 'Kanalgebühr', 'Einnahme', '10 %', 'Ja (12)', '€ 85,00', '0'],
      ['400', 'Strom', 'Ausgabe', '20 %', 'Nein', '4'],
    ]);
  });

  it('hides the tax rate without the tax flag and shows deleted accounts on request', async () => {
    app.api(api(EDIT, false));
    await app.renderAt('/kassa/buchungskonten');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(container.textContent).not.toContain('Steuersatz');
    await click(container.querySelector('input[type="checkbox"]')!);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(3));
    expect(window.location.search).toContain('geloeschte=1');
    expect(cells()[2]).toEqual(['410', 'Gas (alt)', 'Ausgabe', 'Nein', '4', 'gelöscht']);
  });

  it('creates a plot-specific account with its yearly amount', async () => {
    app.api(api(EDIT, false, { [`POST ${SAVE}`]: (init) => json({ ...KANAL, ...bodyOf(init), id: 13 }) }));
    await app.renderAt('/kassa/buchungskonten');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neues Buchungskonto'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeInto(field(dialog()!, 'Nummer'), '130');
    await typeInto(field(dialog()!, 'Name'), 'Strom je Parzelle');
    await click(dialog()!.querySelector('input[type="checkbox"]')!);
    await waitFor(() => expect(() => field(dialog()!, 'Jahresbetrag je Parzelle')).not.toThrow());
    await typeInto(field(dialog()!, 'Jahresbetrag je Parzelle'), '42,5');
    await blur(field(dialog()!, 'Jahresbetrag je Parzelle'));
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      nummer: '130',
      name: 'Strom je Parzelle',
      art: 'ausgabe',
      steuersatz: 0,
      parzellenspezifisch: true,
      jahresbetragCent: 4250,
    });
  });

  it('says when a used account was only marked deleted', async () => {
    const url = '/api/Kassa/DeleteBuchungsKonto?id=10&kassaabrechnungID=2';
    app.api(api(EDIT, false, { [`DELETE ${url}`]: () => json({ entfernt: false }) }));
    await app.renderAt('/kassa/buchungskonten');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Buchungskonto 400 „Strom“ löschen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('nur als gelöscht markiert'));
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() =>
      expect(toasts.positive).toHaveBeenCalledWith(
        'Buchungskonto 400 „Strom“ wurde nur als gelöscht markiert, weil es verwendet wird.',
        expect.anything(),
      ),
    );
  });

  it('without any Kassajahr: the hint instead of an endless loading, nothing to create', async () => {
    app.api({
      ...api(EDIT, false),
      'GET /api/Common/Kassaabrechnungen': () => json([]),
      'GET /api/Abrechnung/GetKassaabrechnungDatum': () =>
        json({ title: 'Es gibt noch keine Kassaabrechnung.', status: 404 }, 404),
    });
    await app.renderAt('/kassa/buchungskonten');
    await waitFor(() => expect(container.textContent).toContain('Noch kein Kassajahr'));
    expect(container.textContent).toContain('Für dieses Kassajahr gibt es keine Buchungskonten.');
    expect(hasButton(container, 'Neues Buchungskonto')).toBe(false);
  });

  it('a closed period is view-only', async () => {
    app.api(api(EDIT, false));
    await app.renderAt('/kassa/buchungskonten?kassaabrechnung=1');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    expect(container.textContent).toContain('Kassaabrechnung 2025 ist abgeschlossen – nur Ansicht');
    expect(hasButton(container, 'Neues Buchungskonto')).toBe(false);
    expect(container.querySelector('button[aria-label$="löschen"]')).toBeNull();
  });
});
