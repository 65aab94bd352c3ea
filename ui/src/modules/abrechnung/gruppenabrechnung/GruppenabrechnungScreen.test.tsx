import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GruppenabrechnungPosition } from '../../../api/abrechnung';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { blur, button, callsTo, click, field } from '../../../testing/testHelpers';
import { bodyOf, dialog, signedIn } from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/basisdatenabrechnung/gruppenabrechnung';
const A = '/api/Abrechnung';
const EDIT = ['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit'];
const POSITION: GruppenabrechnungPosition = {
  id: 5,
  version: 1,
  pachtabrechnungId: 3,
  gruppeId: 4,
  gruppeName: 'Gruppe Nord',
  sortierung: 1,
  text: 'Wasserleitung',
  betragCent: 120000,
  verteilung: 'flaeche',
  steuersatz: 20,
  buchungskontoId: 41,
  anzahlParzellen: 12,
};

function mockApi(extra: Record<string, (init: RequestInit | undefined) => Response>, rights = EDIT) {
  app.api({
    ...signedIn(rights),
    'GET /api/Common/Pachtabrechnungen': () => json([{ id: 3, jahr: 2026, bezeichnung: '2026' }]),
    'GET /api/Common/Gruppen': () =>
      json([
        { id: 4, name: 'Gruppe Nord' },
        { id: 6, name: 'Gruppe Süd' },
      ]),
    'GET /api/Common/Kassaabrechnungen': () =>
      json([{ id: 9, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false }]),
    'GET /api/Kassa/Buchungskonten?kassaabrechnungID=9': () =>
      json([
        {
          id: 41,
          nummer: '4300',
          name: 'Gruppen',
          art: 'einnahme',
          steuersatz: 20,
          kassaabrechnungId: 9,
          klaerung: false,
        },
      ]),
    ...extra,
  });
}
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('GruppenabrechnungScreen', () => {
  it('lists the positions with the group amount, split, tax, account and plot count', async () => {
    mockApi({ [`GET ${A}/GetGruppenabrechnung?pachtabrechnungID=3`]: () => json([POSITION]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Wasserleitung'));
    const zeile = plain(container.querySelector('tbody tr')?.textContent);
    expect(zeile).toContain('Gruppe Nord');
    expect(zeile).toContain('€ 1.200,00');
    expect(zeile).toContain('nach Fläche');
    expect(zeile).toContain('20 %');
    expect(zeile).toContain('4300 Gruppen');
    expect(zeile).toContain('12');
  });

  it('adds a position for the group chosen in the filter', async () => {
    mockApi({
      [`GET ${A}/GetGruppenabrechnung?pachtabrechnungID=3&gruppeID=6`]: () => json([]),
      [`POST ${A}/UpdateGruppenabrechnung`]: (init) =>
        json({ ...POSITION, ...bodyOf(init), id: 8, gruppeName: 'Gruppe Süd', anzahlParzellen: 3 }),
    });
    await app.renderAt(`${PATH}?gruppe=6`);
    await waitFor(() =>
      expect(container.textContent).toContain('Noch keine Gruppenpositionen für 2026 in dieser Gruppe'),
    );
    await click(button(container, 'Neue Gruppenposition'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    const root = dialog()!;
    await typeInto(field(root, 'Text'), 'Zaun');
    const betrag = field(root, 'Betrag für die Gruppe');
    await typeInto(betrag, '300');
    await blur(betrag);
    await click(button(root, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${A}/UpdateGruppenabrechnung`)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', `${A}/UpdateGruppenabrechnung`)[0]!;
    expect(bodyOf(init)).toEqual({
      id: 0,
      pachtabrechnungId: 3,
      gruppeId: 6,
      text: 'Zaun',
      betragCent: 30000,
      verteilung: 'gleich',
      steuersatz: 0,
      buchungskontoId: null,
    });
  });

  it('shows the server’s refusal at the field and keeps the dialog open', async () => {
    mockApi({
      [`GET ${A}/GetGruppenabrechnung?pachtabrechnungID=3&gruppeID=6`]: () => json([]),
      [`POST ${A}/UpdateGruppenabrechnung`]: () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Die Eingaben sind nicht gültig.',
            status: 422,
            code: 'validation_failed',
            errors: { buchungskontoId: ['Dieses Buchungskonto gibt es nicht.'] },
          }),
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    await app.renderAt(`${PATH}?gruppe=6`);
    await waitFor(() => expect(container.textContent).toContain('Noch keine Gruppenpositionen'));
    await click(button(container, 'Neue Gruppenposition'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    const root = dialog()!;
    await typeInto(field(root, 'Text'), 'Zaun');
    const betrag = field(root, 'Betrag für die Gruppe');
    await typeInto(betrag, '300');
    await blur(betrag);
    await click(button(root, 'Speichern'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Dieses Buchungskonto gibt es nicht.'));
  });

  it('hides the edit actions from a user who may only view', async () => {
    mockApi({ [`GET ${A}/GetGruppenabrechnung?pachtabrechnungID=3`]: () => json([POSITION]) }, [
      'WebApp.Abrechnung.View',
    ]);
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Wasserleitung'));
    expect(container.textContent).not.toContain('Neue Gruppenposition');
    expect(container.querySelector('button[aria-label="Wasserleitung bearbeiten"]')).toBeNull();
  });

  it('is read-only once the year’s Gruppenrechnungen are booked, with the reason', async () => {
    mockApi({
      [`GET ${A}/GetGruppenabrechnung?pachtabrechnungID=3`]: () => json([POSITION]),
      [`GET ${A}/LaufStatus?art=Gruppenrechnung&pachtabrechnungID=3`]: () =>
        json({
          art: 'Gruppenrechnung',
          pachtabrechnungId: 3,
          gebucht: true,
          laufId: 7,
          datum: '2026-03-01',
          faelligAm: '2026-03-31',
          gebuchtAm: '2026-03-01T09:00:00.000Z',
          gebuchtVon: 'Olga Obfrau',
          anzahl: 12,
          summeCent: 120000,
        }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Gruppenrechnungen 2026 sind gebucht'));
    expect(container.textContent).not.toContain('Neue Gruppenposition');
    expect(container.querySelector('button[aria-label="Wasserleitung bearbeiten"]')).toBeNull();
  });
});
