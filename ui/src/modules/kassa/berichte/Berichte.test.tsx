import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, problem, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { callsTo } from '../../../testing/testHelpers';
import { signedIn } from '../../../testing/testKit';
import type { Kassabericht, Kontobericht, Kostenaufstellung, Steuerbericht } from './berichtTypen';

vi.mock('@adobe/react-spectrum/Toast', () => ({
  ToastQueue: { neutral: vi.fn(() => () => undefined), positive: vi.fn(), negative: vi.fn() },
  ToastContainer: () => null,
}));

const app = createAppHarness();
const { container } = app;
const KASSA_VIEW = ['WebApp.Kassa.View'];

const base = {
  ...signedIn(KASSA_VIEW),
  'GET /api/Kassa/GetSteuersatzFlag': () => json(true),
  'GET /api/Common/Kassaabrechnungen': () =>
    json([
      { id: 7, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false },
      { id: 6, name: 'Kassa 2025', jahr: 2025, von: '2025-01-01', bis: '2025-12-31', geschlossen: true },
    ]),
  'GET /api/Abrechnung/GetKassaabrechnungDatum': () => json({ id: 7, von: '2026-01-01', bis: '2026-12-31' }),
  'GET /api/Abrechnung/GetKassaabrechnungDatum?id=7': () => json({ id: 7, von: '2026-01-01', bis: '2026-12-31' }),
};

const KASSABERICHT: Kassabericht = {
  kassaabrechnung: {
    id: 7,
    jahr: 2026,
    bezeichnung: 'Kassa 2026',
    von: '2026-01-01',
    bis: '2026-12-31',
    geschlossen: false,
    geschlossenAm: null,
    kettenKopf: null,
  },
  konten: [
    { kontoId: 1, name: 'Girokonto', anfangCent: 500000, einnahmenCent: 123456, ausgabenCent: 20000, endeCent: 603456 },
    { kontoId: 2, name: 'Handkassa', anfangCent: 10000, einnahmenCent: 0, ausgabenCent: 4550, endeCent: 5450 },
  ],
  buchungskonten: [
    {
      buchungskontoId: 11,
      nummer: '4000',
      name: 'Pacht',
      art: 'einnahme',
      einnahmenCent: 123456,
      ausgabenCent: 0,
      summeCent: 123456,
    },
    {
      buchungskontoId: 12,
      nummer: '7000',
      name: 'Strom',
      art: 'ausgabe',
      einnahmenCent: 0,
      ausgabenCent: 24550,
      summeCent: -24550,
    },
  ],
  summe: { anfangCent: 510000, einnahmenCent: 123456, ausgabenCent: 24550, endeCent: 608906, anzahl: 3 },
  pruefung: {
    kette: { intakt: true, anzahl: 2, kopf: 'ab'.repeat(32), meldung: '' },
    salden: { stimmt: true, abweichungen: [], uebertrag: [] },
    zeile: 'Hash-Kette intakt (2 geprüfte Buchungen) · Salden stimmen',
  },
};

const text = () => (container.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const tableNamed = (caption: string) =>
  [...container.querySelectorAll('table')].find((t) => t.querySelector('caption')?.textContent === caption);
const footOf = (caption: string) =>
  [...(tableNamed(caption)?.querySelectorAll('tfoot td') ?? [])].map((td) =>
    (td.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '),
  );
const link = (name: string) =>
  [...container.querySelectorAll('a')].find((a) => a.textContent?.trim() === name)?.getAttribute('href');

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('Kassabericht', () => {
  it('tells a club without any Kassajahr where to create one, and asks for no report', async () => {
    app.api({
      ...base,
      'GET /api/Common/Kassaabrechnungen': () => json([]),
      'GET /api/Abrechnung/GetKassaabrechnungDatum': () => problem(404, 'Keine Kassaabrechnung'),
    });
    await app.renderAt('/kassa/kassabericht');
    await waitFor(() => expect(text()).toContain('Noch kein Kassajahr'));
    expect(text()).toContain('dann zeigt der Bericht seine Buchungen.');
    expect(container.querySelector('a[href="/basisdatenabrechnung/kassaabrechnung"]')).toBeTruthy();
    const urls = app.fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.filter((u) => u.startsWith('/api/Kassa/Kassabericht'))).toEqual([]);
  });

  it('shows the default period’s accounts and booking accounts with their sums, the green check line and the files', async () => {
    app.api({ ...base, 'GET /api/Kassa/Kassabericht?kassaabrechnungID=7&format=json': () => json(KASSABERICHT) });
    await app.renderAt('/kassa/kassabericht');
    await waitFor(() => expect(tableNamed('Konten')).toBeTruthy());
    expect(footOf('Konten')).toEqual(['Summe', '€ 5.100,00', '€ 1.234,56', '-€ 245,50', '€ 6.089,06']);
    expect(footOf('Buchungskonten')).toEqual(['Summe', '', '€ 1.234,56', '-€ 245,50', '€ 989,06']);
    expect(tableNamed('Konten')?.textContent).toContain('Handkassa');
    const status = container.querySelector('[aria-label="Prüfung der Kassa"]');
    expect(status?.className).toBe('kgv-bericht-ok');
    expect(status?.textContent).toContain('Hash-Kette intakt (2 geprüfte Buchungen) · Salden stimmen');
    expect(link('PDF')).toBe('/api/Kassa/Kassabericht?kassaabrechnungID=7&format=pdf');
    expect(link('Excel')).toBe('/api/Kassa/Kassabericht?kassaabrechnungID=7&format=xlsx');
    expect(link('Prüfpaket (ZIP)')).toBe('/api/Kassa/Pruefpaket?kassaabrechnungID=7');
    // Expenses are shown negative, in the negative colour.
    expect(tableNamed('Konten')?.querySelector('.kgv-geld-negativ')?.textContent).toContain('200,00');
  });

  it('says in red where the hash chain broke and which balance is off', async () => {
    app.api({
      ...base,
      'GET /api/Kassa/Kassabericht?kassaabrechnungID=6&format=json': () =>
        json({
          ...KASSABERICHT,
          pruefung: {
            kette: {
              intakt: false,
              anzahl: 2,
              kopf: '',
              meldung: 'Beleg 2: der Inhalt wurde nach der Prüfung geändert.',
            },
            salden: {
              stimmt: false,
              abweichungen: [{ kontoId: 2, feld: 'endeCent', erwartetCent: 5450, gefundenCent: 6000 }],
              uebertrag: [],
            },
            zeile:
              'Hash-Kette gebrochen: Beleg 2: der Inhalt wurde nach der Prüfung geändert. · Salden stimmen nicht: Handkassa Endbestand erwartet € 54,50, gefunden € 60,00',
          },
        }),
    });
    await app.renderAt('/kassa/kassabericht?kassaabrechnung=6');
    await waitFor(() => expect(container.querySelector('[aria-label="Prüfung der Kassa"]')).toBeTruthy());
    const status = container.querySelector('[aria-label="Prüfung der Kassa"]');
    expect(status?.className).toBe('kgv-bericht-fehler');
    const line = (status?.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(line).toContain('Hash-Kette gebrochen: Beleg 2: der Inhalt wurde nach der Prüfung geändert.');
    expect(line).toContain('Handkassa Endbestand erwartet € 54,50, gefunden € 60,00');
  });
});

describe('Kontobericht', () => {
  it('asks the period’s date range grouped by booking account and shows each group with its sum and the total', async () => {
    const bericht: Kontobericht = {
      von: '2026-01-01',
      bis: '2026-12-31',
      gruppierung: 'buchungskonto',
      gruppen: [
        {
          schluessel: '11',
          titel: '4000 Pacht',
          eintraege: [
            {
              id: 1,
              belegnummer: 1,
              datum: '2026-03-02',
              text: 'Pacht 17',
              betragCent: 12000,
              buchungskonto: '4000 Pacht',
              kostenstelle: '',
              konto: 'Girokonto',
            },
          ],
          einnahmenCent: 12000,
          ausgabenCent: 0,
          summeCent: 12000,
        },
        {
          schluessel: '12',
          titel: '7000 Strom',
          eintraege: [
            {
              id: 2,
              belegnummer: 2,
              datum: '2026-03-05',
              text: 'Strom',
              betragCent: -4550,
              buchungskonto: '7000 Strom',
              kostenstelle: 'Anlage',
              konto: 'Handkassa',
            },
          ],
          einnahmenCent: 0,
          ausgabenCent: 4550,
          summeCent: -4550,
        },
      ],
      summe: { einnahmenCent: 12000, ausgabenCent: 4550, summeCent: 7450, anzahl: 2 },
    };
    const url = '/api/Kassa/Kontobericht?dateFrom=2026-01-01&dateTo=2026-12-31&gruppierung=buchungskonto&format=json';
    app.api({
      ...base,
      'GET /api/Kassa/Buchungskonten?kassaabrechnungID=7': () => json([]),
      'GET /api/Kassa/GetKostenStellen?kassaabrechnungID=7': () => json([]),
      [`GET ${url}`]: () => json(bericht),
    });
    await app.renderAt('/kassa/kontobericht');
    await waitFor(() => expect(tableNamed('7000 Strom')).toBeTruthy());
    expect(tableNamed('4000 Pacht')?.textContent).toContain('02.03.2026');
    expect(footOf('7000 Strom').at(-1)).toBe('-€ 45,50');
    expect(footOf('4000 Pacht').at(-1)).toBe('€ 120,00');
    expect(tableNamed('Gesamt')?.textContent?.replace(/\u00a0/g, ' ')).toContain('€ 74,50');
    expect(link('PDF')).toBe(url.replace('format=json', 'format=pdf'));
    expect(callsTo(app.fetchMock, 'GET', url)).toHaveLength(1);
  });
});

describe('Steuerbericht and Kostenaufstellung', () => {
  it('shows per rate gross, net and tax with the sum row', async () => {
    const summe = { bruttoCent: 12000, nettoCent: 10000, steuerCent: 2000 };
    const leer = { bruttoCent: 0, nettoCent: 0, steuerCent: 0 };
    const bericht: Steuerbericht = {
      von: '2026-01-01',
      bis: '2026-12-31',
      kassaabrechnung: KASSABERICHT.kassaabrechnung,
      saetze: [
        { steuersatz: 0, einnahmen: leer, ausgaben: leer },
        { steuersatz: 20, einnahmen: summe, ausgaben: { bruttoCent: 6000, nettoCent: 5000, steuerCent: 1000 } },
      ],
      summe: {
        einnahmen: summe,
        ausgaben: { bruttoCent: 6000, nettoCent: 5000, steuerCent: 1000 },
        zahllastCent: 1000,
      },
    };
    app.api({ ...base, 'GET /api/Kassa/Steuerbericht?kassaabrechnungID=7&format=json': () => json(bericht) });
    await app.renderAt('/kassa/steuerbericht');
    await waitFor(() => expect(tableNamed('Steuersätze')).toBeTruthy());
    expect(footOf('Steuersätze')).toEqual([
      'Summe',
      '€ 120,00',
      '€ 100,00',
      '€ 20,00',
      '€ 60,00',
      '€ 50,00',
      '€ 10,00',
    ]);
    expect(text()).toContain('Zahllast (Steuer der Einnahmen − Steuer der Ausgaben): € 10,00');
  });

  it('explains the Steuerbericht of a club without the tax flag (a bookmark) and hides it in the menu', async () => {
    app.api({
      ...base,
      'GET /api/Kassa/GetSteuersatzFlag': () => json(false),
      'GET /api/Kassa/Steuerbericht?kassaabrechnungID=7&format=json': () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Der Verein ist nicht steuerpflichtig.',
            status: 409,
            code: 'steuer_nicht_aktiv',
          }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    await app.renderAt('/kassa/steuerbericht');
    await waitFor(() => expect(text()).toContain('Der Verein bucht ohne Steuer'));
    // Where to switch it on, by the setting's own label.
    expect(text()).toContain('Vereinseinstellungen → Kassa ist „Verein ist umsatzsteuerpflichtig“ nicht eingeschaltet');
    const links = [...container.querySelectorAll('a')];
    for (const name of ['PDF', 'Excel']) {
      // A disabled Spectrum link button drops its href: nothing to open.
      const link = links.find((a) => a.textContent === name);
      expect(link).toBeTruthy();
      expect(link?.hasAttribute('href')).toBe(false);
    }
    const menu = container.querySelector('nav[aria-label="Hauptmenü"]');
    expect(menu?.textContent).toContain('Kassabericht');
    expect(menu?.textContent).not.toContain('Steuerbericht');
  });

  it('lists the cost centres with their sums', async () => {
    const bericht: Kostenaufstellung = {
      kassaabrechnung: KASSABERICHT.kassaabrechnung,
      kostenstellen: [
        {
          kostenstelleId: 1,
          nummer: '1',
          name: 'Vereinshaus',
          einnahmenCent: 50000,
          ausgabenCent: 12000,
          summeCent: 38000,
        },
        { kostenstelleId: null, nummer: '', name: '', einnahmenCent: 0, ausgabenCent: 500, summeCent: -500 },
      ],
      summe: { einnahmenCent: 50000, ausgabenCent: 12500, summeCent: 37500 },
    };
    app.api({ ...base, 'GET /api/Kassa/Kostenaufstellung?kassaabrechnungID=7&format=json': () => json(bericht) });
    await app.renderAt('/kassa/kostenaufstellung');
    await waitFor(() => expect(tableNamed('Kostenstellen')).toBeTruthy());
    expect(tableNamed('Kostenstellen')?.textContent).toContain('Ohne Kostenstelle');
    expect(footOf('Kostenstellen')).toEqual(['Summe', '', '€ 500,00', '-€ 125,00', '€ 375,00']);
  });
});

describe('Anlagebericht', () => {
  it('shows the year’s assets with sums and forecast; Excel is excel=true', async () => {
    const jahr = new Date().getFullYear();
    const zeile = {
      id: 1,
      bezeichnung: 'Rasenmäher',
      kategorie: 'Geräte',
      anschaffungsdatum: `${jahr}-03-01`,
      anschaffungskostenCent: 240000,
      abgangsdatum: null,
      buchwertAnfangCent: 0,
      zugangCent: 240000,
      afaCent: 60000,
      abgangCent: 0,
      buchwertEndeCent: 180000,
    };
    app.api({
      ...base,
      'GET /api/Kassa/GetAnlageKategorien': () => json(['Geräte']),
      [`GET /api/Kassa/Anlagebericht?jahr=${jahr}&anzahlJahre=5&format=json`]: () =>
        json({
          jahr,
          kategorien: [],
          historisch: false,
          geringwertigGrenzeCent: 100000,
          anlagen: [zeile],
          summe: { buchwertAnfangCent: 0, zugangCent: 240000, afaCent: 60000, abgangCent: 0, buchwertEndeCent: 180000 },
          prognose: [{ jahr: jahr + 1, afaCent: 60000 }],
        }),
    });
    await app.renderAt('/kassa/anlagebericht');
    await waitFor(() => expect(tableNamed(`Anlagen ${jahr}`)).toBeTruthy());
    expect(footOf(`Anlagen ${jahr}`).slice(4, 9)).toEqual(['€ 0,00', '€ 2.400,00', '€ 600,00', '€ 0,00', '€ 1.800,00']);
    expect(tableNamed('Prognose der Abschreibung')?.textContent).toContain(String(jahr + 1));
    expect(link('Excel')).toBe(`/api/Kassa/Anlagebericht?jahr=${jahr}&anzahlJahre=5&excel=true`);
    expect(link('PDF')).toBe(`/api/Kassa/Anlagebericht?jahr=${jahr}&anzahlJahre=5&format=pdf`);
  });
});
