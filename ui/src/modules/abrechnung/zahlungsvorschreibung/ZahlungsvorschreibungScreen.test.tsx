import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LaufVorschau, ZvEintrag } from '../../../api/abrechnung';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, hasButton } from '../../../testing/testHelpers';
import { alertDialog, bodyOf, fakeLayout, rowTexts, signedIn } from '../../../testing/testKit';

// The guided run (lauf/AbrechnungsLauf) through the Zahlungsvorschreibung screen against a mocked
// API: the steps as a board member walks them, what each sends, and the booked state.

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const EDIT = ['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit'];
const PATH = '/jahresabrechnung/zahlungsvorschreibung?datum=2026-11-24';
const VORSCHAU = 'GET /api/Abrechnung/LaufVorschau?art=Zahlungsvorschreibung&date=2026-11-24';
const text = (el: Element | null) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const anschrift = {
  anrede: 'Frau',
  titel: '',
  vorname: 'Maria',
  nachname: 'Huber',
  strasse: 'Gartenweg 17',
  plz: '1100',
  ort: 'Wien',
  land: '',
};

function brief(adresseId: number, name: string, nummer: string, summeCent: number): ZvEintrag {
  return {
    adresseId,
    name,
    anschrift,
    email: '',
    bevorzugtEmail: false,
    parzellen: [
      {
        parzelleId: adresseId + 100,
        nummer,
        positionen: [
          {
            art: 'pachtzins',
            text: 'Pachtzins',
            betragCent: summeCent,
            steuersatz: 0,
            buchungskontoId: null,
          },
        ],
      },
    ],
    summeCent,
    faelligAm: '2026-12-08',
    rechnungId: null,
    rechnungsnummer: null,
    zahlungsreferenz: null,
    rechnungen: [],
  };
}

const STATUS_OFFEN = {
  art: 'Zahlungsvorschreibung' as const,
  pachtabrechnungId: 3,
  gebucht: false,
  laufId: null,
  datum: null,
  faelligAm: null,
  gebuchtAm: null,
  gebuchtVon: null,
  anzahl: 0,
  summeCent: 0,
};

const BEREIT: LaufVorschau = {
  status: STATUS_OFFEN,
  titel: 'Zahlungsvorschreibung 2026',
  datum: '2026-11-24',
  faelligAm: '2026-12-08',
  probleme: [],
  eintraege: [brief(7, 'Huber Maria', '17', 139779), brief(8, 'Wagner Eva', '2', 50000)],
  anzahl: 2,
  summeCent: 189779,
  summenJeArt: [
    { art: 'pachtzins', label: 'Pachtzins', betragCent: 150000 },
    { art: 'verein', label: 'Vereinspositionen', betragCent: 39779 },
  ],
};

const MIT_PROBLEMEN: LaufVorschau = {
  ...BEREIT,
  probleme: [
    {
      art: 'parzelleOhneNutzungsberechtigten',
      text: 'Parzelle 5 hat am 24.11.2026 keinen Nutzungsberechtigten.',
      parzelleId: 105,
      adresseId: null,
    },
    {
      art: 'adresseOhneAnschrift',
      text: 'Bei Gruber Karl fehlt die Straße.',
      parzelleId: null,
      adresseId: 9,
    },
    {
      art: 'bankverbindungFehlt',
      text: 'In den Vereinseinstellungen fehlt die IBAN.',
      parzelleId: null,
      adresseId: null,
    },
  ],
};

const GEBUCHT: LaufVorschau = {
  ...BEREIT,
  status: {
    ...STATUS_OFFEN,
    gebucht: true,
    laufId: 4,
    datum: '2026-11-24',
    faelligAm: '2026-12-08',
    gebuchtAm: '2026-11-24T09:30:00.000Z',
    gebuchtVon: 'Olga Obfrau',
    anzahl: 2,
    summeCent: 189779,
  },
};

const base = (rights = EDIT) => ({
  ...signedIn(rights),
  'GET /api/Common/Pachtabrechnungen': () => json([{ id: 3, jahr: 2026, bezeichnung: 'Abrechnung 2026' }]),
  'GET /api/Common/Parzellen': () => json([{ id: 105, name: '5' }]),
  'GET /api/Common/ZvSortBy': () =>
    json([
      { id: 'parzelle', name: 'Parzellennummer' },
      { id: 'name', name: 'Name' },
    ]),
});

const pdf = () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

const schritt = () => text(container.querySelector('[aria-current="step"]'));
/** The multipart fields of the first call to `url`. */
function sentForm(url: string) {
  const init = callsTo(app.fetchMock, 'POST', url)[0]?.[1];
  return Object.fromEntries((init?.body as FormData | undefined)?.entries() ?? []);
}

describe('Zahlungsvorschreibung: the guided run', () => {
  it('starts at „Jahr und Datum“ and lists the problems with links to where each is fixed', async () => {
    app.api({ ...base(), [VORSCHAU]: () => json(MIT_PROBLEMEN) });
    await app.renderAt(PATH);
    await waitFor(() => expect(document.title).toBe('Zahlungsvorschreibung – KGV Sonnenhang'));
    await waitFor(() => expect(schritt()).toBe('1 Jahr und Datum'));
    expect(text(container.querySelector('h1'))).toBe('Zahlungsvorschreibung 2026');
    // The menu group the screen is under (Jahresvorschreibung), as every screen's eyebrow.
    expect(text(container.querySelector('.kgv-eyebrow'))).toBe('Jahresvorschreibung');
    expect(text(container)).toContain('Gartenwechsel im Jahr anteilig');

    await click(button(container, 'Weiter zur Prüfung'));
    await waitFor(() => expect(schritt()).toBe('2 Prüfen'));
    expect(window.location.search).toContain('schritt=2');
    expect(text(container)).toContain('3 Punkte sind vor dem Buchen zu beheben');
    const links = [...container.querySelectorAll('ul[aria-label="Zu beheben"] a')].map((a) => [
      text(a),
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      // The plot list has no record by id: its search finds the plot by number.
      ['Parzelle öffnen', '/stammdatenverwalten/parzellen?q=5'],
      ['Adresse öffnen', '/stammdatenverwalten/nutzungsberechtigte?id=9'],
      ['Vereinseinstellungen öffnen', '/grundeinstellungen/vereinseinstellungen'],
    ]);
    expect(text(container)).toContain('Parzelle 5 hat am 24.11.2026 keinen Nutzungsberechtigten.');

    // Booking stays closed while something is missing.
    await click(button(container, 'Weiter zur Vorschau'));
    await click(button(container, 'Weiter zum Buchen'));
    await waitFor(() => expect(schritt()).toBe('4 Buchen'));
    expect(text(container)).toContain('Noch nicht buchbar');
    expect(button(container, 'Einbuchen …').disabled).toBe(true);
  });

  it('sends the options of step 1 with the preview and shows „Alles bereit“, the letters and the totals per kind', async () => {
    const key = `${VORSCHAU}&interimBilling=true&rechnungenTeilen=true`;
    app.api({
      ...base(),
      [VORSCHAU]: () => json(BEREIT),
      [key]: () => json(BEREIT),
      'POST /api/Abrechnung/Zahlungsvorschreibung': pdf,
    });
    await app.renderAt(`${PATH}&interim=1&teilen=ja&schritt=2`);
    await waitFor(() => expect(text(container)).toContain('Alles bereit'));
    expect(callsTo(app.fetchMock, 'GET', key.slice(4))).not.toHaveLength(0);
    expect(text(container)).toContain('Zahlungsvorschreibung 2026: 2 Briefe über € 1.897,79, nichts fehlt.');
    expect(text(container)).toContain('Fällig am 08.12.2026');

    await click(button(container, 'Weiter zur Vorschau'));
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    // Plot order: "2" before "17".
    expect(rowTexts(container).map((r) => r.slice(0, 4))).toEqual([
      ['Wagner Eva', '2', '€ 500,00', '08.12.2026'],
      ['Huber Maria', '17', '€ 1.397,79', '08.12.2026'],
    ]);
    const summen = [...container.querySelectorAll('table[aria-label="Summen je Art"] tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map(text),
    );
    expect(summen.slice(1)).toEqual([
      ['Pachtzins', '€ 1.500,00'],
      ['Vereinspositionen', '€ 397,79'],
      ['Summe (2 Briefe)', '€ 1.897,79'],
    ]);
    expect(hasButton(container, 'Forderungsliste (Excel)')).toBe(true);

    // A letter's draft opens in a new tab: the tab first (pop-up rules), then the PDF.
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await click(button(container, 'Brief an Huber Maria als PDF'));
    await waitFor(() => expect(tab.location.href).toBe('blob:x'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(sentForm('/api/Abrechnung/Zahlungsvorschreibung')).toEqual({
      date: '2026-11-24',
      adressen: '7',
      interimBilling: 'true',
      rechnungenTeilen: 'true',
    });
  });

  it('books after the confirm naming count and sum, then opens „Drucken“ with the booked state', async () => {
    let gebucht = false;
    app.api({
      ...base(),
      [VORSCHAU]: () => json(gebucht ? GEBUCHT : BEREIT),
      'POST /api/Abrechnung/LaufEinbuchen': () => {
        gebucht = true;
        return json({ laufId: 4, anzahl: 2, summeCent: 189779, rechnungen: [] });
      },
    });
    await app.renderAt(`${PATH}&schritt=4`);
    await waitFor(() => expect(schritt()).toBe('4 Buchen'));
    await click(button(container, 'Einbuchen …'));
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    expect(text(alertDialog())).toContain(
      '2 Forderungen über € 1.897,79 buchen? Danach sind die Sätze des Jahres gesperrt.',
    );
    await click(button(alertDialog()!, 'Buchen'));
    await waitFor(() => expect(schritt()).toBe('5 Drucken'));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', '/api/Abrechnung/LaufEinbuchen')[0]?.[1])).toEqual({
      art: 'Zahlungsvorschreibung',
      datum: '2026-11-24',
    });
    await waitFor(() =>
      expect(text(container)).toContain(
        'gebucht am 24.11.2026, 10:30 von Olga Obfrau: 2 Forderungen, Summe € 1.897,79',
      ),
    );
    expect(toasts.positive.mock.calls.map(([t]) => String(t).replace(/\u00a0/g, ' '))).toEqual([
      'Zahlungsvorschreibung 2026: 2 Forderungen über € 1.897,79 gebucht.',
    ]);
  });

  it('shows the server’s refusal of the booking with its reasons', async () => {
    app.api({
      ...base(),
      [VORSCHAU]: () => json(BEREIT),
      'POST /api/Abrechnung/LaufEinbuchen': () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Zahlungsvorschreibung 2026 kann noch nicht gebucht werden: bitte zuerst diesen Punkt beheben.',
            status: 422,
            code: 'validation_failed',
            errors: { probleme: ['In den Vereinseinstellungen fehlt die IBAN.'] },
          }),
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    await app.renderAt(`${PATH}&schritt=4`);
    await waitFor(() => expect(schritt()).toBe('4 Buchen'));
    await click(button(container, 'Einbuchen …'));
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    await click(button(alertDialog()!, 'Buchen'));
    await waitFor(() => expect(container.querySelector('[role="alert"]')).not.toBeNull());
    const alert = text(container.querySelector('[role="alert"]'));
    expect(alert).toContain('kann noch nicht gebucht werden');
    expect(alert).toContain('In den Vereinseinstellungen fehlt die IBAN.');
    expect(schritt()).toBe('4 Buchen');
  });

  it('opens a booked run at „Drucken“: ZIP of only the post letters in the chosen order, then the mail dispatch', async () => {
    app.api({ ...base(), [VORSCHAU]: () => json(GEBUCHT), 'POST /api/Abrechnung/Zahlungsvorschreibung': pdf });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await app.renderAt(PATH);
    await waitFor(() => expect(schritt()).toBe('5 Drucken'));
    expect(text(container)).toContain('Zahlungsvorschreibung 2026 ist gebucht');
    // Checking and booking are done: those steps cannot be chosen any more.
    const steps = [...container.querySelectorAll('nav[aria-label="Schritte des Laufs"] button')];
    expect(steps.map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true, true, true, false, false]);

    await click(container.querySelector('input[type="checkbox"]')!);
    await click(button(container, 'Ein PDF je Adresse (ZIP)'));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(sentForm('/api/Abrechnung/Zahlungsvorschreibung')).toEqual({
      date: '2026-11-24',
      alle: 'true',
      zip: 'true',
      nurPost: 'true',
    });

    await click(button(container, 'Weiter zum E-Mail-Versand'));
    await waitFor(() => expect(schritt()).toBe('6 E-Mail-Versand'));
    const link = [...container.querySelectorAll('a')].find((a) => text(a) === 'An den E-Mail-Versand übergeben');
    expect(link?.getAttribute('href')).toBe('/emails/zahlungsvorschreibung');
  });

  it('shows the booked run’s protocol below: per receivable booked, printed and mailed', async () => {
    app.api({
      ...base(),
      [VORSCHAU]: () => json(GEBUCHT),
      'GET /api/Abrechnung/GetProtokollVorhanden': () => json(true),
      'GET /api/Abrechnung/GetProtokoll?format=json': () =>
        json({
          lauf: GEBUCHT.status,
          zeilen: [
            {
              rechnungId: 1,
              nummer: '2026-00001',
              adresseId: 1,
              name: 'Huber Maria',
              betragCent: 139779,
              kanal: 'post',
              gebuchtAm: '2026-11-24T09:30:00.000Z',
              gedrucktAm: '2026-11-24T09:45:00.000Z',
              email: null,
            },
            {
              rechnungId: 2,
              nummer: '2026-00002',
              adresseId: 2,
              name: 'Gärtner Franz',
              betragCent: 50000,
              kanal: 'email',
              gebuchtAm: '2026-11-24T09:30:00.000Z',
              gedrucktAm: null,
              email: null,
            },
          ],
          summen: { anzahl: 2, gedruckt: 1, emailOk: 0, emailFehler: 0 },
        }),
    });
    await app.renderAt(PATH);
    const tabelle = () => container.querySelector('table[aria-label="Protokoll der Zahlungsvorschreibung 2026"]');
    await waitFor(() => expect(tabelle()).not.toBeNull());
    const zeilen = [...tabelle()!.querySelectorAll('tbody tr')].map((tr) => text(tr));
    expect(zeilen).toHaveLength(2);
    expect(zeilen[0]).toContain('2026-00001Huber Maria');
    expect(zeilen[0]).toContain('Post');
    expect(zeilen[1]).toContain('noch nicht gesendet');
    expect(text(tabelle())).toContain('24.11.2026, 10:45');
  });

  it('shows no protocol before the run is booked', async () => {
    app.api({
      ...base(),
      [VORSCHAU]: () => json(BEREIT),
      'GET /api/Abrechnung/GetProtokollVorhanden': () => json(false),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(schritt()).toBe('1 Jahr und Datum'));
    expect(text(container)).not.toContain('Protokoll der Zahlungsvorschreibung');
  });

  it('offers no booking to those who may only view', async () => {
    app.api({ ...base(['WebApp.Abrechnung.View']), [VORSCHAU]: () => json(BEREIT) });
    await app.renderAt(`${PATH}&schritt=4`);
    await waitFor(() => expect(schritt()).toBe('4 Buchen'));
    await waitFor(() => expect(text(container)).toContain('Buchen darf nur'));
    expect(hasButton(container, 'Einbuchen …')).toBe(false);
  });
});
