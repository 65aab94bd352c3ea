import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, hasButton, signedIn } from '../../../testing/testHelpers';
import { alertDialog, dialog, fakeLayout, rowTexts } from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/basisdatenabrechnung/kassaabrechnung';
const EDIT = ['WebApp.Kassa.View', 'WebApp.Kassa.Edit'];
const VIEW = ['WebApp.Kassa.View'];
const LIST = '/api/Abrechnung/GetKassaabrechnungen';
const K2026 = {
  id: 2,
  jahr: 2026,
  bezeichnung: 'Kassa 2026',
  von: '2026-01-01',
  bis: '2026-12-31',
  geschlossen: false,
  geschlossenAm: null,
  kettenKopf: null,
  anzahlBuchungen: 0,
  version: 1,
};
const K2025 = {
  ...K2026,
  id: 1,
  jahr: 2025,
  bezeichnung: 'Kassa 2025',
  von: '2025-01-01',
  bis: '2025-12-31',
  geschlossen: true,
  geschlossenAm: '2026-02-10T09:00:00Z',
  anzahlBuchungen: 312,
};

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

describe('KassaabrechnungScreen', () => {
  it('lists the periods with their time span, entries and state', async () => {
    app.api({ ...signedIn(EDIT), [`GET ${LIST}`]: () => json([K2026, K2025]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(rowTexts(container).map((cells) => cells.slice(0, 5))).toEqual([
      ['2026', 'Kassa 2026', '01.01.2026 – 31.12.2026', '0', 'offen'],
      ['2025', 'Kassa 2025', '01.01.2025 – 31.12.2025', '312', 'abgeschlossen am 10.02.2026'],
    ]);
    // An open, empty year can be closed or deleted; the closed one only reopened.
    button(container, 'Kassa 2026 abschließen');
    button(container, 'Kassa 2026 löschen');
    button(container, 'Kassa 2025 wieder öffnen');
    expect(container.querySelector('button[aria-label="Kassa 2025 löschen"]')).toBeNull();
  });

  it('creates the next year after explaining what is carried over', async () => {
    const url = '/api/Abrechnung/GetNewKassaabrechnung?jahr=2027';
    app.api({
      ...signedIn(EDIT),
      [`GET ${LIST}`]: () => json([K2026, K2025]),
      [`POST ${url}`]: () => json({ ...K2026, id: 3, jahr: 2027, bezeichnung: 'Kassa 2027' }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neues Kassajahr anlegen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Buchungskonten (mit ihren Parzellen)'));
    expect(alertDialog()?.textContent).toContain('Anfangsbestand des neuen Jahres');
    await click(button(alertDialog()!, 'Kassajahr 2027 anlegen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', url)).toHaveLength(1));
    await waitFor(() => expect(toasts.positive).toHaveBeenCalledWith('Kassajahr 2027 angelegt.', expect.anything()));
  });

  it('closes a period only after the question that says what it means', async () => {
    const url = '/api/Abrechnung/CloseKassaabrechnung?id=2';
    app.api({
      ...signedIn(EDIT),
      [`GET ${LIST}`]: () => json([K2026, K2025]),
      [`POST ${url}`]: () => json({ ...K2026, geschlossen: true, geschlossenAm: '2026-11-25T10:00:00Z' }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Kassa 2026 abschließen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('keine Buchungen mehr erfasst'));
    expect(callsTo(app.fetchMock, 'POST', url)).toHaveLength(0);
    await click(button(alertDialog()!, 'Abschließen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', url)).toHaveLength(1));
  });

  it('reopens a closed period and shows the server’s refusal as a toast', async () => {
    const url = '/api/Abrechnung/OpenKassaabrechnung?id=1';
    const sentence = 'Dafür fehlt Ihnen das Recht.';
    app.api({
      ...signedIn(EDIT),
      [`GET ${LIST}`]: () => json([K2026, K2025]),
      [`POST ${url}`]: () => json({ title: sentence, status: 403 }, 403),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Kassa 2025 wieder öffnen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('im Verlauf festgehalten'));
    await click(button(alertDialog()!, 'Wieder öffnen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', url)).toHaveLength(1));
    await waitFor(() => expect(toasts.negative).toHaveBeenCalled());
  });

  it('edits a period and shows a 422 at its field', async () => {
    const save = '/api/Abrechnung/UpdateKassaabrechnung';
    const sentence = 'Der Zeitraum überschneidet sich mit Kassa 2025.';
    app.api({
      ...signedIn(EDIT),
      [`GET ${LIST}`]: () => json([K2026, K2025]),
      [`POST ${save}`]: () => json({ title: 'Ungültige Eingabe', status: 422, errors: { von: [sentence] } }, 422),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    const cell = [...container.querySelectorAll('[role="rowheader"]')].find((c) => c.textContent === '2026');
    await click(cell!);
    await waitFor(() => expect(dialog()?.textContent).toContain('Kassaabrechnung bearbeiten'));
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(dialog()?.textContent).toContain(sentence));
    expect(JSON.parse(String(callsTo(app.fetchMock, 'POST', save)[0]![1]?.body))).toEqual({
      id: 2,
      version: 1,
      jahr: 2026,
      bezeichnung: 'Kassa 2026',
      von: '2026-01-01',
      bis: '2026-12-31',
    });
  });

  it('is read-only without the Edit right', async () => {
    app.api({ ...signedIn(VIEW), [`GET ${LIST}`]: () => json([K2026, K2025]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(hasButton(container, 'Neues Kassajahr anlegen')).toBe(false);
    expect(container.querySelector('button[aria-label="Kassa 2026 abschließen"]')).toBeNull();
  });
});
