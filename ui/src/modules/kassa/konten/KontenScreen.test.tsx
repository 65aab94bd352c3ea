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
const SAVE = '/api/Kassa/UpdateKonto';
const PERIODEN = [
  { id: 2, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false },
  { id: 1, name: 'Kassa 2025', jahr: 2025, von: '2025-01-01', bis: '2025-12-31', geschlossen: true },
];
const BANK = {
  id: 1,
  name: 'Girokonto Erste',
  art: 'bank',
  iban: 'AT611904300234573201',
  bic: 'GIBAATWWXXX',
  aktiv: true,
  anfangsbestandCent: 1_234_56,
  saldoCent: -5_00,
  bankMappingId: null,
  anzahlBuchungen: 12,
  version: 3,
};
const KASSA = {
  ...BANK,
  id: 2,
  name: 'Handkassa',
  art: 'kassa',
  iban: null,
  bic: null,
  anzahlBuchungen: 0,
  saldoCent: 0,
};

function periodApi(rights: string[], extra: Record<string, (init: RequestInit | undefined) => Response> = {}) {
  return {
    ...signedIn(rights),
    'GET /api/Common/Kassaabrechnungen': () => json(PERIODEN),
    'GET /api/Abrechnung/GetKassaabrechnungDatum': () => json({ id: 2, von: '2026-01-01', bis: '2026-12-31' }),
    'GET /api/Kassa/GetKonten?kassaabrechnungID=2': () => json([BANK, KASSA]),
    'GET /api/Kassa/GetKonten?kassaabrechnungID=1': () =>
      json([{ ...BANK, anfangsbestandCent: 0, saldoCent: 1_234_56 }]),
    ...extra,
  };
}

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('KontenScreen', () => {
  it('lists the accounts of the default period with balances and the IBAN in groups of four', async () => {
    app.api(periodApi(EDIT));
    await app.renderAt('/kassa/konten');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    // The row actions' cell (no text) is left out.
    expect(rowTexts(container).map((cells) => cells.filter((cell) => cell !== ''))).toEqual([
      ['Girokonto Erste', 'Bankkonto', 'AT61 1904 3002 3457 3201', '€ 1.234,56', '-€ 5,00', '12', 'Ja'],
      ['Handkassa', 'Handkassa', '–', '€ 1.234,56', '€ 0,00', '0', 'Ja'],
    ]);
    // Only the unused account offers delete.
    expect(container.querySelector('button[aria-label="Konto „Handkassa“ löschen"]')).not.toBeNull();
    expect(container.querySelector('button[aria-label="Konto „Girokonto Erste“ löschen"]')).toBeNull();
  });

  it('creates an account with IBAN and the opening balance of the open period', async () => {
    app.api(periodApi(EDIT, { [`POST ${SAVE}`]: (init) => json({ ...KASSA, ...bodyOf(init), id: 3, version: 1 }) }));
    await app.renderAt('/kassa/konten');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neues Konto'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeInto(field(dialog()!, 'Name'), 'Sparkonto');
    await typeInto(field(dialog()!, 'IBAN'), 'at48 3200 0000 1234 5864');
    await typeInto(field(dialog()!, 'Anfangsbestand 2026'), '250,5');
    await blur(field(dialog()!, 'Anfangsbestand 2026'));
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      name: 'Sparkonto',
      art: 'bank',
      iban: 'AT483200000012345864',
      bic: '',
      aktiv: true,
      kassaabrechnungId: 2,
      anfangsbestandCent: 25050,
    });
  });

  it('shows the server’s IBAN check at the field', async () => {
    const sentence = 'Die IBAN ist ungültig (Prüfziffer stimmt nicht).';
    app.api(
      periodApi(EDIT, {
        [`POST ${SAVE}`]: () => json({ title: 'Ungültige Eingabe', status: 422, errors: { iban: [sentence] } }, 422),
      }),
    );
    await app.renderAt('/kassa/konten');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    const cell = [...container.querySelectorAll('[role="rowheader"]')].find((c) => c.textContent === 'Girokonto Erste');
    await click(cell!);
    await waitFor(() => expect(dialog()?.textContent).toContain('Konto bearbeiten'));
    expect(field(dialog()!, 'IBAN').value).toBe('AT61 1904 3002 3457 3201');
    await typeInto(field(dialog()!, 'IBAN'), 'AT61 1904 3002 3457 3202');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(dialog()?.textContent).toContain(sentence));
    expect(field(dialog()!, 'IBAN').getAttribute('aria-invalid')).toBe('true');
  });

  it('a closed period: banner, and the opening balance is neither editable nor sent', async () => {
    app.api(periodApi(EDIT, { [`POST ${SAVE}`]: (init) => json({ ...BANK, ...bodyOf(init) }) }));
    await app.renderAt('/kassa/konten?kassaabrechnung=1');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    expect(container.textContent).toContain('Kassaabrechnung 2025 ist abgeschlossen – nur Ansicht');
    await click([...container.querySelectorAll('[role="rowheader"]')][0]!);
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(field(dialog()!, 'Anfangsbestand 2025').disabled).toBe(true);
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    const body = bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1]);
    expect(body).not.toHaveProperty('anfangsbestandCent');
    expect(body).toMatchObject({ id: 1, version: 3 });
  });

  it('a new club without a Kassajahr still lists its accounts and says where to create the year', async () => {
    app.api({
      ...periodApi(EDIT),
      'GET /api/Common/Kassaabrechnungen': () => json([]),
      'GET /api/Abrechnung/GetKassaabrechnungDatum': () =>
        json({ title: 'Es gibt noch keine Kassaabrechnung.', status: 404 }, 404),
      'GET /api/Kassa/GetKonten': () => json([{ ...KASSA, anfangsbestandCent: 0 }]),
    });
    await app.renderAt('/kassa/konten');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    expect(container.textContent).toContain('Noch kein Kassajahr');
    expect(hasButton(container, 'Neues Konto')).toBe(true);
    expect(toasts.negative).not.toHaveBeenCalled();
  });

  it('is read-only without the Edit right', async () => {
    app.api(periodApi(VIEW));
    await app.renderAt('/kassa/konten');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(hasButton(container, 'Neues Konto')).toBe(false);
  });
});
