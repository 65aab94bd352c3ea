import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Protokoll, WasserrechnungUebersicht } from '../../../api/abrechnung';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, hasButton } from '../../../testing/testHelpers';
import { fakeLayout, signedIn } from '../../../testing/testKit';
import { brief, JAHRE, vorschau } from '../gruppenrechnungen/laufTestdaten.testdata';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const WASSER = ['WebApp.Wasser.View', 'WebApp.Wasser.Edit'];
const A = '/api/Abrechnung';

const OFFEN: WasserrechnungUebersicht = {
  wasserabrechnungId: 7,
  stichtag: '2026-10-31',
  von: '2026-04-01',
  gebucht: false,
  gebuchtDurch: null,
  anzahlNachzahlungen: 2,
  summeNachzahlungCent: 8456,
  anzahlGuthaben: 1,
  summeGuthabenCent: -3244,
};
const MIT_ZV: WasserrechnungUebersicht = {
  wasserabrechnungId: 5,
  stichtag: '2025-10-31',
  von: '2025-04-01',
  gebucht: true,
  gebuchtDurch: 'Zahlungsvorschreibung',
  anzahlNachzahlungen: 3,
  summeNachzahlungCent: 12000,
  anzahlGuthaben: 0,
  summeGuthabenCent: 0,
};

const BRIEFE = [
  brief(21, 'Huber Maria', [
    {
      nummer: '17',
      positionen: [
        { art: 'wasserrechnung', text: 'Wasserverbrauch 150,000 m³ × 2,00 €', betragCent: 30000 },
        { art: 'wasserrechnung', text: 'abzüglich Akonto', betragCent: -21544 },
      ],
    },
  ]),
  brief(22, 'Gruber Franz', [
    {
      nummer: '18',
      positionen: [
        { art: 'wasserrechnung', text: 'Wasserverbrauch 10,000 m³ × 2,00 €', betragCent: 2000 },
        { art: 'wasserrechnung', text: 'abzüglich Akonto', betragCent: -5244 },
      ],
    },
  ]),
];

const vorschauKey = (stichtag: string) =>
  `GET ${A}/LaufVorschau?art=Wasserrechnung&date=2026-11-24&stichtag=${stichtag}`;

function base(liste: WasserrechnungUebersicht[], rights = WASSER) {
  return {
    ...signedIn(rights),
    'GET /api/Common/Pachtabrechnungen': () => json(JAHRE),
    'GET /api/Common/ZvSortBy': () => json([{ id: 'parzelle', name: 'Parzellennummer' }]),
    [`GET ${A}/GetWasserrechnungen`]: () => json(liste),
  };
}

const text = () => (container.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const uebersicht = () => container.querySelector('table[aria-label="Wasserabrechnungen"]');

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('Wasserrechnungen', () => {
  it('lists the settlements with Nachzahlungen, Guthaben and who billed them; waits until one is chosen', async () => {
    app.api({
      ...base([OFFEN, MIT_ZV]),
      [vorschauKey('2026-10-31')]: () => json(vorschau('Wasserrechnung', 'Wasserrechnung zum 31.10.2026', BRIEFE)),
    });
    await app.renderAt('/wasserbuch/wasserrechnungen?datum=2026-11-24');
    await waitFor(() => expect(uebersicht()).not.toBeNull());
    const zeilen = [...(uebersicht()?.querySelectorAll('tbody tr') ?? [])].map((tr) =>
      (tr.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '),
    );
    expect(zeilen[0]).toContain('31.10.2026');
    expect(zeilen[0]).toContain('01.04.2026 – 31.10.2026');
    expect(zeilen[0]).toContain('84,56');
    expect(zeilen[0]).toContain('€ 32,44');
    expect(zeilen[0]).not.toContain('-');
    expect(zeilen[0]).toContain('offen');
    expect(zeilen[1]).toContain('mit der Zahlungsvorschreibung verrechnet');
    // The one the Zahlungsvorschreibung billed cannot be chosen; the open one can.
    expect(hasButton(container, 'Wasserabrechnung zum 31.10.2025 wählen')).toBe(false);
    expect(text()).toContain('Bitte wählen Sie die Wasserabrechnung');
    expect(app.fetchMock.mock.calls.some(([url]) => String(url).includes('LaufVorschau'))).toBe(false);

    await click(button(container, 'Wasserabrechnung zum 31.10.2026 wählen'));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('stichtag')).toBe('2026-10-31'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'GET', vorschauKey('2026-10-31').slice(4)).length).toBe(1));
    expect(text()).toContain('Nachzahlungen 2 über € 84,56 · Guthaben 1 über € 32,44 · offen');
  });

  it('marks a Guthaben letter „Gutschrift“ in the preview', async () => {
    app.api({
      ...base([OFFEN]),
      [vorschauKey('2026-10-31')]: () => json(vorschau('Wasserrechnung', 'Wasserrechnung zum 31.10.2026', BRIEFE)),
    });
    await app.renderAt('/wasserbuch/wasserrechnungen?datum=2026-11-24&stichtag=2026-10-31');
    // Opened with a settlement but no step: step 1 with the overview, the chosen one marked.
    await waitFor(() => expect(uebersicht()?.textContent).toContain('gewählt'));
    await click(button(container, '3 Vorschau'));
    await waitFor(() => expect(text()).toContain('Gruber Franz'));
    expect(uebersicht()).toBeNull();
    const zeile = [...container.querySelectorAll('[role="row"]')].find((r) => r.textContent?.includes('Gruber Franz'));
    expect(zeile?.textContent).toContain('Gutschrift');
    const andere = [...container.querySelectorAll('[role="row"]')].find((r) => r.textContent?.includes('Huber Maria'));
    expect(andere?.textContent).not.toContain('Gutschrift');
    // Not booked: no protocol yet.
    expect(app.fetchMock.mock.calls.some(([url]) => String(url).includes('GetProtokollWasser'))).toBe(false);
  });

  it('lets the Wasserwart book (Wasser.Edit) and a reader only look (Wasser.View)', async () => {
    const lauf = () => json(vorschau('Wasserrechnung', 'Wasserrechnung zum 31.10.2026', BRIEFE));
    app.api({ ...base([OFFEN]), [vorschauKey('2026-10-31')]: lauf });
    await app.renderAt('/wasserbuch/wasserrechnungen?datum=2026-11-24&stichtag=2026-10-31&schritt=4');
    await waitFor(() => expect(hasButton(container, 'Einbuchen …')).toBe(true));
    await app.tearDown();
    await app.setUp();
    app.api({ ...base([OFFEN], ['WebApp.Wasser.View']), [vorschauKey('2026-10-31')]: lauf });
    await app.renderAt('/wasserbuch/wasserrechnungen?datum=2026-11-24&stichtag=2026-10-31&schritt=4');
    await waitFor(() => expect(text()).toContain('Buchen darf nur'));
    expect(hasButton(container, 'Einbuchen …')).toBe(false);
  });

  it('shows the protocol of a settlement booked as Wasserrechnungen', async () => {
    const gebucht = { ...OFFEN, gebucht: true, gebuchtDurch: 'Wasserrechnung' as const };
    const lauf = vorschau('Wasserrechnung', 'Wasserrechnung zum 31.10.2026', BRIEFE, {
      gebuchtAm: '2026-11-24T09:15:00Z',
      gebuchtVon: 'Olga Obfrau',
    });
    const protokoll: Protokoll = {
      lauf: lauf.status,
      zeilen: [
        {
          rechnungId: 101,
          nummer: '2026-00001',
          adresseId: 21,
          name: 'Huber Maria',
          betragCent: 8456,
          kanal: 'post',
          gebuchtAm: '2026-11-24T09:15:00Z',
          gedrucktAm: '2026-11-24T09:20:00Z',
          email: null,
        },
        {
          rechnungId: 102,
          nummer: '2026-00002',
          adresseId: 22,
          name: 'Gruber Franz',
          betragCent: -3244,
          kanal: 'email',
          gebuchtAm: '2026-11-24T09:15:00Z',
          gedrucktAm: null,
          email: {
            status: 'fehler',
            empfaenger: 'franz@example.at',
            zeitpunkt: '2026-11-24T10:00:00Z',
            fehler: 'Postfach voll',
          },
        },
      ],
      summen: { anzahl: 2, gedruckt: 1, emailOk: 0, emailFehler: 1 },
    };
    app.api({
      ...base([gebucht]),
      [vorschauKey('2026-10-31')]: () => json(lauf),
      [`GET ${A}/GetProtokollWasser?stichtag=2026-10-31&format=json`]: () => json(protokoll),
    });
    await app.renderAt('/wasserbuch/wasserrechnungen?datum=2026-11-24&stichtag=2026-10-31');
    const tabelle = () => container.querySelector('table[aria-label="Protokoll der Wasserrechnungen zum 31.10.2026"]');
    await waitFor(() => expect(tabelle()).not.toBeNull());
    const zeilen = [...(tabelle()?.querySelectorAll('tbody tr') ?? [])].map((tr) =>
      [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
    );
    expect(zeilen[0]).toEqual([
      '2026-00001',
      'Huber Maria',
      expect.stringContaining('84,56'),
      'Post',
      '24.11.2026, 10:15',
      '24.11.2026, 10:20',
      '—',
    ]);
    expect(zeilen[1]?.[2]).toContain('Gutschrift');
    expect(zeilen[1]?.[5]).toBe('noch nicht');
    expect(zeilen[1]?.[6]).toBe('Fehler: Postfach voll (franz@example.at, 24.11.2026, 11:00)');
    expect(text()).toContain('gedruckt 1 · per E-Mail gesendet 0 · E-Mail-Fehler 1');
    // A booked run opens at Drucken; the overview of settlements is gone once past step 1.
    expect(container.querySelector('[aria-current="step"]')?.textContent).toContain('Drucken');
  });
});
