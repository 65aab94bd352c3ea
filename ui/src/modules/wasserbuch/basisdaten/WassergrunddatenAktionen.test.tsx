import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, hasButton } from '../../../testing/testHelpers';
import { bodyOf, fakeLayout, signedIn } from '../../../testing/testKit';
import { BEISPIEL } from '../jahresabrechnung/domainBeispiel.testdata';
import type { Wassergrunddaten } from './api';

// The year's delete and the group-only preview of the Wassergrunddaten screen.

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/basisdatenabrechnung/wasserabrechnung/abrechnung?jahr=2';
const EDIT = ['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit'];
const VIEW = ['WebApp.Wasser.View'];
const JAHRE = [{ id: 2, jahr: 2026, bezeichnung: '2026' }];
const DATEN: Wassergrunddaten = {
  id: 11,
  version: 4,
  pachtabrechnungId: 2,
  jahr: 2026,
  preisProM3: '2.00',
  grundgebuehrCent: 1000,
  schwundMethode: 'proportional',
  akontoMindestCent: 2000,
  verbrauchsfaktorWarnung: '3',
  schwundWarnungProzent: '30',
  gruppen: [{ id: 1, gruppeId: 4, gruppeName: 'Vereinshaus', preisProM3: '1.5', anzahlParzellen: 1 }],
};
const DELETE_URL = '/api/Abrechnung/DeleteWassergrunddaten?id=11';
const GRUPPE_URL = '/api/Abrechnung/BerechneWasserabrechnungGruppe';

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

const alert = () => document.body.querySelector<HTMLElement>('[role="alertdialog"]');
const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"]');

function api(rights: string[], more: Parameters<typeof app.api>[0] = {}) {
  let list = [DATEN];
  app.api({
    ...signedIn(rights),
    'GET /api/Common/Pachtabrechnungen': () => json(JAHRE),
    'GET /api/Abrechnung/GetWassergrunddaten': () => json(list),
    [`DELETE ${DELETE_URL}`]: () => {
      list = [];
      return new Response(null, { status: 204 });
    },
    'GET /api/Wasserbuch/GetWasserablesungLookup': () =>
      json([
        { datum: '2026-10-31', anzahl: 4, fehlend: 0 },
        { datum: '2026-04-01', anzahl: 4, fehlend: 0 },
      ]),
    'GET /api/Abrechnung/GetNewWasserabrechnung': () =>
      json({ von: '2026-04-01', stichtag: '2026-10-31', akontoStichtag: null }),
    'GET /api/Abrechnung/GetWassergrunddata?id=11': () => json(DATEN),
    ...more,
  });
}

describe('Wassergrunddaten: delete the year', () => {
  it('asks first, deletes and then offers to create the year again', async () => {
    api(EDIT);
    await app.renderAt(PATH);
    await click(await waitForButton('Wassergrunddaten 2026 löschen'));
    await waitFor(() => expect(alert()?.textContent).toContain('Wassergrunddaten 2026 löschen?'));
    expect(callsTo(app.fetchMock, 'DELETE', DELETE_URL)).toHaveLength(0);
    await click(button(alert()!, 'Löschen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', DELETE_URL)).toHaveLength(1));
    await waitFor(() =>
      expect(toasts.positive).toHaveBeenCalledWith('Wassergrunddaten 2026 gelöscht.', expect.anything()),
    );
    await waitFor(() => expect(container.textContent).toContain('Für 2026 sind keine Wassergrunddaten angelegt'));
  });

  it("toasts the server's sentence when a settlement uses them (409) and keeps them", async () => {
    const sentence = 'Die Wassergrunddaten 2026 werden von der Wasserabrechnung zum 31.10.2026 verwendet.';
    api(EDIT, { [`DELETE ${DELETE_URL}`]: () => json({ title: sentence, status: 409, code: 'in_use' }, 409) });
    await app.renderAt(PATH);
    await click(await waitForButton('Wassergrunddaten 2026 löschen'));
    await waitFor(() => expect(alert()).not.toBeNull());
    await click(button(alert()!, 'Löschen'));
    await waitFor(() => expect(toasts.negative).toHaveBeenCalledWith(sentence));
    expect(container.textContent).toContain('Gruppenpreise 2026');
  });

  it('offers no delete with the View right', async () => {
    api(VIEW);
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Gruppenpreise 2026'));
    expect(hasButton(container, 'Wassergrunddaten 2026 löschen')).toBe(false);
  });
});

describe('Wassergrunddaten: preview of one water group', () => {
  it("computes the group's settlement for the proposed Stichtag and shows its plots", async () => {
    const gruppe = { ...BEISPIEL, zeilen: BEISPIEL.zeilen.slice(0, 1), summen: BEISPIEL.summen };
    api(VIEW, { [`POST ${GRUPPE_URL}`]: () => json(gruppe) });
    await app.renderAt(PATH);
    await click(await waitForButton('Vorschau der Gruppe Vereinshaus'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Vorschau Gruppe Vereinshaus (2026)'));
    await waitFor(() => expect(button(dialog()!, 'Vorschau berechnen').disabled).toBe(false));
    await click(button(dialog()!, 'Vorschau berechnen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', GRUPPE_URL)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', GRUPPE_URL)[0]!;
    expect(bodyOf(init)).toEqual({ wasserberechnungID: 11, gruppeId: 4, stichtag: '2026-10-31' });
    const erste = BEISPIEL.zeilen[0]!;
    await waitFor(() => expect(dialog()?.textContent).toContain(erste.adresseName ?? ''));
    expect(dialog()?.textContent).toContain('nichts wird gespeichert');
  });

  it('lists what is missing when the server refuses (422)', async () => {
    const grund = 'Parzelle 2: Für den Zähler „W2“ fehlt die Ablesung am 31.10.2026.';
    api(VIEW, {
      [`POST ${GRUPPE_URL}`]: () =>
        json({ title: 'Die Abrechnung kann nicht erstellt werden.', status: 422, errors: { stichtag: [grund] } }, 422),
    });
    await app.renderAt(PATH);
    await click(await waitForButton('Vorschau der Gruppe Vereinshaus'));
    await waitFor(() => expect(button(dialog()!, 'Vorschau berechnen').disabled).toBe(false));
    await click(button(dialog()!, 'Vorschau berechnen'));
    await waitFor(() => expect(dialog()?.textContent).toContain(grund));
  });
});

async function waitForButton(label: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null;
  await waitFor(() => {
    found =
      [...container.querySelectorAll<HTMLElement>('button')].find(
        (b) => b.getAttribute('aria-label') === label || b.textContent?.trim() === label,
      ) ?? null;
    expect(found).not.toBeNull();
  });
  return found as unknown as HTMLElement;
}
