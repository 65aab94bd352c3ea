import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Vereinsabrechnung } from '../../../api/abrechnung';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { blur, button, callsTo, click } from '../../../testing/testHelpers';
import { bodyOf, signedIn } from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/basisdatenabrechnung/vereinsabrechnung';
const A = '/api/Abrechnung';
const JAHRE = [
  { id: 3, jahr: 2026, bezeichnung: '2026' },
  { id: 2, jahr: 2025, bezeichnung: '2025' },
];
const V2025: Vereinsabrechnung = {
  id: 21,
  version: 4,
  pachtabrechnungId: 2,
  jahr: 2025,
  bezeichnung: 'Vereinsabrechnung 2025',
  positionen: [
    {
      id: 1,
      sortierung: 1,
      text: 'Mitgliedsbeitrag',
      art: 'proMitglied',
      betragCent: 3500,
      satz: null,
      steuersatz: 0,
      buchungskontoId: null,
      nurMitglieder: true,
    },
    {
      id: 2,
      sortierung: 2,
      text: 'Wegerhaltung',
      art: 'proM2',
      betragCent: null,
      satz: '0.05',
      steuersatz: 0,
      buchungskontoId: null,
      nurMitglieder: false,
    },
  ],
};

function mockApi(extra: Record<string, (init: RequestInit | undefined) => Response>, rights = EDIT) {
  app.api({
    ...signedIn(rights),
    'GET /api/Common/Pachtabrechnungen': () => json(JAHRE),
    'GET /api/Common/Kassaabrechnungen': () => json([]),
    [`GET ${A}/GetPachtberechnung?id=2`]: () => json({ id: 2, jahr: 2025, gebucht: false }),
    [`GET ${A}/GetPachtberechnung?id=3`]: () => json({ id: 3, jahr: 2026, gebucht: false }),
    ...extra,
  });
}
const EDIT = ['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit'];
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const byLabel = (label: string) => container.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('VereinsabrechnungScreen', () => {
  it('offers „Aus Vorjahr übernehmen“ for a year without club positions', async () => {
    let liste = [V2025];
    mockApi({
      [`GET ${A}/GetVereinsabrechnungen`]: () => json(liste),
      [`POST ${A}/GetNewVereinsabrechnung?pachtabrechnungID=3`]: () => {
        const neu = { ...V2025, id: 22, version: 1, pachtabrechnungId: 3, jahr: 2026 };
        liste = [neu, V2025];
        return json(neu);
      },
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Für 2026 gibt es noch keine Vereinsabrechnung'));
    expect(container.textContent).toContain('Positionen von 2025');
    await click(button(container, 'Aus Vorjahr übernehmen'));
    await waitFor(() => expect(byLabel('Text Position 1')?.value).toBe('Mitgliedsbeitrag'));
    expect(callsTo(app.fetchMock, 'POST', `${A}/GetNewVereinsabrechnung?pachtabrechnungID=3`)).toHaveLength(1);
  });

  it('adds, moves and removes positions and saves them in order with one call', async () => {
    mockApi({
      [`GET ${A}/GetVereinsabrechnungen`]: () => json([V2025]),
      [`POST ${A}/UpdateVereinsabrechnung`]: (init) =>
        json({ ...V2025, version: 5, positionen: bodyOf(init).positionen }),
    });
    await app.renderAt(`${PATH}?jahr=2`);
    await waitFor(() => expect(byLabel('Text Position 1')?.value).toBe('Mitgliedsbeitrag'));
    expect(plain(byLabel('Satz €/m² Position 2').value)).toBe('€ 0,05');
    await click(button(container, 'Position hinzufügen'));
    await typeInto(byLabel('Text Position 3'), 'Parzellenpauschale');
    const betrag = byLabel('Betrag Position 3');
    await typeInto(betrag, '12,5');
    await blur(betrag);
    await click(button(container, 'Position 3 nach oben'));
    await waitFor(() => expect(byLabel('Text Position 2').value).toBe('Parzellenpauschale'));
    await click(button(container, 'Position 1 entfernen'));
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${A}/UpdateVereinsabrechnung`)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', `${A}/UpdateVereinsabrechnung`)[0]!;
    expect(bodyOf(init)).toEqual({
      id: 21,
      version: 4,
      pachtabrechnungId: 2,
      bezeichnung: 'Vereinsabrechnung 2025',
      positionen: [
        {
          text: 'Parzellenpauschale',
          art: 'proParzelle',
          betragCent: 1250,
          satz: null,
          steuersatz: 0,
          buchungskontoId: null,
          nurMitglieder: false,
        },
        {
          text: 'Wegerhaltung',
          art: 'proM2',
          betragCent: null,
          satz: '0.05',
          steuersatz: 0,
          buchungskontoId: null,
          nurMitglieder: false,
        },
      ],
    });
  });

  it('refuses a position without text at the field', async () => {
    mockApi({ [`GET ${A}/GetVereinsabrechnungen`]: () => json([V2025]) });
    await app.renderAt(`${PATH}?jahr=2`);
    await waitFor(() => expect(byLabel('Text Position 1')?.value).toBe('Mitgliedsbeitrag'));
    await click(button(container, 'Position hinzufügen'));
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(container.textContent).toContain('Bitte geben Sie einen Text an.'));
    expect(callsTo(app.fetchMock, 'POST', `${A}/UpdateVereinsabrechnung`)).toHaveLength(0);
  });

  it('shows the server’s refusal at the position it names', async () => {
    mockApi({
      [`GET ${A}/GetVereinsabrechnungen`]: () => json([V2025]),
      [`POST ${A}/UpdateVereinsabrechnung`]: () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Die Eingaben sind nicht gültig.',
            status: 422,
            code: 'validation_failed',
            errors: {
              'positionen.1.satz': ['Erlaubt sind höchstens 4 Nachkommastellen.'],
              'positionen.0.buchungskontoId': ['Dieses Buchungskonto gibt es nicht.'],
            },
          }),
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    await app.renderAt(`${PATH}?jahr=2`);
    await waitFor(() => expect(byLabel('Text Position 1')?.value).toBe('Mitgliedsbeitrag'));
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(container.textContent).toContain('Erlaubt sind höchstens 4 Nachkommastellen.'));
    expect(container.textContent).toContain('Dieses Buchungskonto gibt es nicht.');
  });

  it('shows a booked year read-only with the banner, even to an editor', async () => {
    mockApi({
      [`GET ${A}/GetVereinsabrechnungen`]: () => json([V2025]),
      [`GET ${A}/GetPachtberechnung?id=2`]: () => json({ id: 2, jahr: 2025, gebucht: true }),
    });
    await app.renderAt(`${PATH}?jahr=2`);
    await waitFor(() =>
      expect(plain(container.textContent)).toContain('Zahlungsvorschreibung 2025 ist gebucht – Positionen nur lesbar'),
    );
    await waitFor(() => expect(byLabel('Text Position 1')?.readOnly).toBe(true));
    const knoepfe = [...container.querySelectorAll('button')].map((b) => b.textContent);
    expect(knoepfe).not.toContain('Speichern');
    expect(knoepfe).not.toContain('Position hinzufügen');
  });

  it('shows the positions read-only for a user without the Edit right', async () => {
    mockApi({ [`GET ${A}/GetVereinsabrechnungen`]: () => json([V2025]) }, ['WebApp.Abrechnung.View']);
    await app.renderAt(`${PATH}?jahr=2`);
    await waitFor(() => expect(byLabel('Text Position 1')?.value).toBe('Mitgliedsbeitrag'));
    expect(byLabel('Text Position 1').readOnly).toBe(true);
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Speichern');
  });
});
