import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton, signedIn } from '../../../testing/testHelpers';
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
const VIEW = ['WebApp.Kassa.View'];
const SAVE = '/api/Kassa/UpdateKostenstelle';
const PERIODEN = [
  { id: 2, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false },
  { id: 1, name: 'Kassa 2025', jahr: 2025, von: '2025-01-01', bis: '2025-12-31', geschlossen: true },
];
const FEST = { id: 5, kassaabrechnungId: 2, nummer: '10', name: 'Sommerfest', anzahlBuchungen: 3, version: 2 };
const HAUS = { id: 6, kassaabrechnungId: 2, nummer: '20', name: 'Vereinshaus', anzahlBuchungen: 0, version: 1 };

function api(rights: string[], extra: Record<string, (init: RequestInit | undefined) => Response> = {}) {
  return {
    ...signedIn(rights),
    'GET /api/Common/Kassaabrechnungen': () => json(PERIODEN),
    'GET /api/Abrechnung/GetKassaabrechnungDatum': () => json({ id: 2, von: '2026-01-01', bis: '2026-12-31' }),
    'GET /api/Kassa/GetKostenStellen?kassaabrechnungID=2': () => json([HAUS, FEST]),
    'GET /api/Kassa/GetKostenStellen?kassaabrechnungID=1': () => json([{ ...FEST, kassaabrechnungId: 1 }]),
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

describe('KostenstellenScreen', () => {
  it('lists the period’s cost centres by number', async () => {
    app.api(api(EDIT));
    await app.renderAt('/kassa/kostenstellen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(rowTexts(container).map((row) => row.filter((c) => c !== ''))).toEqual([
      ['10', 'Sommerfest', '3'],
      ['20', 'Vereinshaus', '0'],
    ]);
  });

  it('creates a cost centre in the chosen period', async () => {
    app.api(
      api(EDIT, { [`POST ${SAVE}`]: (init) => json({ ...bodyOf(init), id: 7, anzahlBuchungen: 0, version: 1 }) }),
    );
    await app.renderAt('/kassa/kostenstellen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neue Kostenstelle'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeInto(field(dialog()!, 'Nummer'), '30');
    await typeInto(field(dialog()!, 'Name'), 'Jugendgruppe');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      kassaabrechnungId: 2,
      nummer: '30',
      name: 'Jugendgruppe',
    });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('shows a duplicate number at the field', async () => {
    const sentence = 'Die Nummer 10 ist in diesem Kassajahr schon vergeben.';
    app.api(
      api(EDIT, {
        [`POST ${SAVE}`]: () => json({ title: 'Ungültige Eingabe', status: 422, errors: { nummer: [sentence] } }, 422),
      }),
    );
    await app.renderAt('/kassa/kostenstellen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Neue Kostenstelle'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeInto(field(dialog()!, 'Nummer'), '10');
    await typeInto(field(dialog()!, 'Name'), 'Fest');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(dialog()?.textContent).toContain(sentence));
    expect(field(dialog()!, 'Nummer').getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes an unused cost centre after asking', async () => {
    const url = '/api/Kassa/DeleteKostenstelle?id=6';
    app.api(api(EDIT, { [`DELETE ${url}`]: () => new Response(null, { status: 204 }) }));
    await app.renderAt('/kassa/kostenstellen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(container.querySelector('button[aria-label="Kostenstelle 10 „Sommerfest“ löschen"]')).toBeNull();
    await click(button(container, 'Kostenstelle 20 „Vereinshaus“ löschen'));
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', url)).toHaveLength(1));
  });

  it('is view-only in a closed period and without the Edit right', async () => {
    app.api(api(EDIT));
    await app.renderAt('/kassa/kostenstellen?kassaabrechnung=1');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(1));
    expect(container.textContent).toContain('Kassaabrechnung 2025 ist abgeschlossen – nur Ansicht');
    expect(hasButton(container, 'Neue Kostenstelle')).toBe(false);
    await app.tearDown();
    await app.setUp();
    app.api(api(VIEW));
    await app.renderAt('/kassa/kostenstellen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(hasButton(container, 'Neue Kostenstelle')).toBe(false);
  });
});
