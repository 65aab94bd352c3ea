import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pachtberechnung, Pachtzuschlag, ParzellenForZv } from '../../../api/abrechnung';
import { createAppHarness, json, problem, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { blur, button, callsTo, click, field } from '../../../testing/testHelpers';
import { bodyOf, dialog, signedIn } from '../../../testing/testKit';
import { summenText } from './GemeinschaftsflaecheTabelle';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/basisdatenabrechnung/pachteinstellungen/pachtberechnungen';
const EDIT = ['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit'];
const A = '/api/Abrechnung';
const JAHRE = [{ id: 3, jahr: 2026, bezeichnung: '2026' }];
const PACHT: Pachtberechnung = {
  id: 3,
  pachtabrechnungId: 3,
  version: 2,
  jahr: 2026,
  bezeichnung: '2026',
  pachtzinsProM2: '1.31',
  grundsteuerProM2: '0.14',
  gemeinschaftsflaeche: '200.00',
  zahlungszielTage: null,
  zahlungszielTageWirksam: 14,
  pachtSteuersatz: 0,
  buchungskonten: { pachtzins: 41, gemeinschaftsflaeche: null, grundsteuer: null },
  summeFlaeche: '800.00',
  anzahlParzellen: 2,
  anzahlZuschlaege: 0,
  gebucht: false,
};
const ZV: ParzellenForZv = {
  pachtabrechnungId: 3,
  jahr: 2026,
  gemeinschaftsflaeche: '200.00',
  summeFlaeche: '800.00',
  summeAnteile: '200.00',
  parzellen: [
    {
      parzelleId: 17,
      nummer: '17',
      flaeche: '400.00',
      flags: 0,
      anteil: '100.00',
      anteilGespeichert: null,
      anteilStandard: '100.00',
      nutzungsberechtigter: { adresseId: 5, name: 'Huber Maria' },
      positionen: [],
      summeCent: 72500,
    },
    {
      parzelleId: 18,
      nummer: '18',
      flaeche: '400.00',
      flags: 4,
      anteil: '100.00',
      anteilGespeichert: null,
      anteilStandard: '100.00',
      nutzungsberechtigter: null,
      positionen: [],
      summeCent: 72500,
    },
  ],
};

function mockApi(overrides: Record<string, (init: RequestInit | undefined) => Response> = {}, pacht = PACHT) {
  app.api({
    ...signedIn(EDIT),
    'GET /api/Common/Pachtabrechnungen': () => json(JAHRE),
    [`GET ${A}/GetPachtberechnung?id=3`]: () => json(pacht),
    [`GET ${A}/Pachtzuschlaege?pachtabrechnungID=3`]: () => json([] satisfies Pachtzuschlag[]),
    [`GET ${A}/GetParzellenForZV?pachtabrechnungID=3`]: () => json(ZV),
    'GET /api/Common/Kassaabrechnungen': () =>
      json([{ id: 9, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false }]),
    'GET /api/Kassa/Buchungskonten?kassaabrechnungID=9': () =>
      json([
        {
          id: 41,
          nummer: '4010',
          name: 'Pachtzins',
          art: 'einnahme',
          steuersatz: 0,
          kassaabrechnungId: 9,
          klaerung: false,
        },
      ]),
    ...overrides,
  });
}

const input = (label: string) => field(container, label);
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
async function typeNumber(el: HTMLInputElement, text: string) {
  await typeInto(el, text);
  await blur(el);
}

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.positive.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('summenText', () => {
  it('names the missing or surplus area in de-AT m²', () => {
    expect(summenText(199_900, '2000.00')).toEqual({
      text: 'Summe der Anteile 1.999,00 m² von 2.000,00 m² – es fehlen 1,00 m²',
      passt: false,
    });
    expect(summenText(200_050, '2000').text).toBe('Summe der Anteile 2.000,50 m² von 2.000,00 m² – zu viel 0,50 m²');
    expect(summenText(200_000, '2000.00').passt).toBe(true);
  });
});

describe('PachtberechnungenScreen', () => {
  it('saves the rates with decimal strings, an empty Grundsteuer as none and the payment term from the settings', async () => {
    mockApi({ [`POST ${A}/UpdatePachtberechnung`]: (init) => json({ ...PACHT, ...bodyOf(init), version: 3 }) });
    await app.renderAt(PATH);
    await waitFor(() => expect(plain(input('Pachtzins €/m²').value)).toBe('€ 1,31'));
    expect(container.textContent).toContain('wirksam: 14 Tage');
    await typeNumber(input('Pachtzins €/m²'), '1,3125');
    await typeNumber(input('Grundsteuer €/m²'), '');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${A}/UpdatePachtberechnung`)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', `${A}/UpdatePachtberechnung`)[0]!;
    expect(bodyOf(init)).toEqual({
      id: 3,
      version: 2,
      pachtzinsProM2: '1.3125',
      grundsteuerProM2: null,
      gemeinschaftsflaeche: '200',
      zahlungszielTage: null,
      pachtSteuersatz: 0,
      buchungskonten: { pachtzins: 41, gemeinschaftsflaeche: null, grundsteuer: null },
    });
  });

  it('blocks saving the shares until they add up to the common area, then sends the changed share', async () => {
    mockApi({ [`POST ${A}/UpdateGemeinschaftsflaeche`]: () => json(ZV) });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Huber Maria'));
    const status = () => plain(container.querySelector('[role="status"]')?.textContent);
    expect(status()).toBe('Summe der Anteile 200,00 m² von 200,00 m² – passt');
    const anteil17 = container.querySelector('input[aria-label="Anteil Parzelle 17"]') as HTMLInputElement;
    const anteil18 = container.querySelector('input[aria-label="Anteil Parzelle 18"]') as HTMLInputElement;
    await typeNumber(anteil17, '99');
    await waitFor(() => expect(status()).toBe('Summe der Anteile 199,00 m² von 200,00 m² – es fehlen 1,00 m²'));
    expect(button(container, 'Anteile speichern').disabled).toBe(true);
    await typeNumber(anteil18, '101');
    await waitFor(() => expect(status()).toContain('passt'));
    expect(button(container, 'Anteile speichern').disabled).toBe(false);
    await click(button(container, 'Anteile speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${A}/UpdateGemeinschaftsflaeche`)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', `${A}/UpdateGemeinschaftsflaeche`)[0]!;
    expect(bodyOf(init)).toEqual({
      pachtabrechnungId: 3,
      anteile: [
        { parzelleId: 17, anteil: '99' },
        { parzelleId: 18, anteil: '101' },
      ],
    });
  });

  it('sends an emptied share as null: back to the standard share, which counts in the sum', async () => {
    const eigene: ParzellenForZv = {
      ...ZV,
      parzellen: [
        { ...ZV.parzellen[0]!, anteil: '99.00', anteilGespeichert: '99.00' },
        { ...ZV.parzellen[1]!, anteil: '101.00', anteilGespeichert: '101.00' },
      ],
    };
    mockApi({
      [`GET ${A}/GetParzellenForZV?pachtabrechnungID=3`]: () => json(eigene),
      [`POST ${A}/UpdateGemeinschaftsflaeche`]: () => json(ZV),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Huber Maria'));
    const status = () => plain(container.querySelector('[role="status"]')?.textContent);
    await typeNumber(container.querySelector('input[aria-label="Anteil Parzelle 17"]') as HTMLInputElement, '');
    await waitFor(() => expect(status()).toBe('Summe der Anteile 201,00 m² von 200,00 m² – zu viel 1,00 m²'));
    expect(button(container, 'Anteile speichern').disabled).toBe(true);
    await typeNumber(container.querySelector('input[aria-label="Anteil Parzelle 18"]') as HTMLInputElement, '');
    await waitFor(() => expect(status()).toContain('passt'));
    await click(button(container, 'Anteile speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${A}/UpdateGemeinschaftsflaeche`)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', `${A}/UpdateGemeinschaftsflaeche`)[0]!;
    expect(bodyOf(init).anteile).toEqual([
      { parzelleId: 17, anteil: null },
      { parzelleId: 18, anteil: null },
    ]);
  });

  it('previews a draft surcharge on a plot and saves it', async () => {
    const vorschauBodies: unknown[] = [];
    mockApi({
      [`POST ${A}/PachtVorschau`]: (init) => {
        const body = bodyOf(init);
        vorschauBodies.push(body);
        const mit = body.zuschlag
          ? [
              {
                art: 'pachtzuschlag',
                text: `${body.zuschlag.bezeichnung} 400,00 m² × 0,50 €`,
                betragCent: 20000,
                steuersatz: 0,
                buchungskontoId: null,
              },
            ]
          : [];
        return json({
          parzelleId: 17,
          nummer: '17',
          positionen: [
            {
              art: 'pachtzins',
              text: 'Pachtzins 400,00 m² × 1,31 €',
              betragCent: 52400,
              steuersatz: 0,
              buchungskontoId: 41,
            },
            ...mit,
          ],
          summeCent: 52400 + (body.zuschlag ? 20000 : 0),
          zuschlagGilt: Boolean(body.zuschlag),
        });
      },
      [`POST ${A}/UpdatePachtzuschlag`]: (init) =>
        json({ ...bodyOf(init), id: 7, version: 1, sortierung: 1, anzahlParzellen: 2 }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Huber Maria'));
    await click(button(container, 'Neuer Pachtzuschlag'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    const root = dialog()!;
    await waitFor(() => expect(plain(root.textContent)).toContain('Summe Pacht Parzelle 17€ 524,00'));
    await typeInto(field(root, 'Bezeichnung'), 'Kanalzuschlag');
    await typeNumber(field(root, 'Wert (€/m²)'), '0,5');
    await waitFor(() => expect(plain(root.textContent)).toContain('Summe Pacht Parzelle 17€ 724,00'));
    expect(root.querySelector('.kgv-bd-highlight')?.textContent).toContain('Kanalzuschlag');
    expect(vorschauBodies.at(-1)).toMatchObject({
      pachtabrechnungId: 3,
      parzelleId: 17,
      zuschlag: {
        id: 0,
        bezeichnung: 'Kanalzuschlag',
        art: 'proM2',
        wert: '0.5',
        parzellenFlag: null,
        parzellenIds: null,
      },
    });
    await click(button(root, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${A}/UpdatePachtzuschlag`)).toHaveLength(1));
  });

  it('shows a booked year read-only with a banner', async () => {
    mockApi({}, { ...PACHT, gebucht: true });
    await app.renderAt(PATH);
    await waitFor(() =>
      expect(container.textContent).toContain('Zahlungsvorschreibung 2026 ist gebucht – Sätze nur lesbar'),
    );
    expect(input('Pachtzins €/m²').disabled).toBe(true);
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Speichern');
    expect(container.textContent).not.toContain('Standardaufteilung berechnen');
  });

  it('shows the server refusal when a year cannot be deleted', async () => {
    mockApi({
      [`DELETE ${A}/DeletePachtberechnung?id=3`]: () =>
        problem(409, 'Für 2026 ist schon eine Zahlungsvorschreibung gebucht; das Jahr kann nicht gelöscht werden.'),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(container.textContent).toContain('Jahr 2026 löschen'));
    await click(button(container, 'Jahr 2026 löschen'));
    await click(button(document.body, 'Löschen'));
    await waitFor(() => expect(toasts.negative).toHaveBeenCalled());
    expect(String((toasts.negative.mock.calls[0] as unknown[])[0])).toContain('Zahlungsvorschreibung gebucht');
  });
});
