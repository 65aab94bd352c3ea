import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import { createAppHarness, json, problem, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton } from '../../../testing/testHelpers';
import { bodyOf, dialog, fakeLayout } from '../../../testing/testKit';
import {
  api,
  detail,
  EDIT,
  HUBER,
  LADEN,
  R,
  rechnung,
  tabellenZeilen,
  uebersicht,
} from './rechnungsuebersichtTestdaten';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;

const summenText = () =>
  (container.querySelector('[aria-label="Summen der gezeigten Rechnungen"]')?.textContent ?? '').replace(
    /[\u00a0\u202f]/g,
    ' ',
  );
const positiveToasts = () =>
  toasts.positive.mock.calls.map((c: unknown[]) => String(c[0]).replace(/[\u00a0\u202f]/g, ' '));

beforeEach(() => {
  // Spectrum's list boxes (the address combo box) render their options only with a layout.
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

describe('RechnungsuebersichtScreen', () => {
  it('lists the open receivables with status, reminder level, the sums and the counts per status', async () => {
    app.api(api(EDIT));
    await app.renderAt('/rechnungen/rechnungsuebersicht');
    await waitFor(() => expect(tabellenZeilen(container)).toHaveLength(2), LADEN);
    expect(tabellenZeilen(container)).toEqual([
      [
        '',
        '2026-00003',
        '01.03.2026',
        'Gärtner3 Hans',
        '3',
        'Zahlungsvorschreibung',
        '€ 1.553,44',
        '€ 500,00',
        '€ 1.053,44',
        '31.03.2026überfällig',
        'gemahnt 2',
        'teilbezahlt',
      ],
      [
        '',
        '2026-00017',
        '01.03.2026',
        'Huber Maria',
        '17',
        'Zahlungsvorschreibung',
        '€ 1.397,79',
        '€ 0,00',
        '€ 1.397,79',
        '31.03.2026überfällig',
        '',
        'offen',
      ],
    ]);
    expect(summenText()).toBe(
      'Anzahl2 RechnungenBetrag€ 2.951,23Bezahlt€ 500,00Offen€ 2.451,23davon überfällig€ 2.451,23',
    );
    // The chips: the default choice pressed, each with its count over the other filters.
    const chips = [...container.querySelectorAll('fieldset[aria-label="Status"] button')];
    expect(chips.map((c) => [c.textContent, c.getAttribute('aria-pressed')])).toEqual([
      ['offen (15)', 'true'],
      ['teilbezahlt (1)', 'true'],
      ['bezahlt (1)', 'false'],
    ]);
    expect(hasButton(container, 'Neue Rechnung')).toBe(true);
  });

  it('keeps status, search, due-only and the sort in the URL and asks the server with them', async () => {
    const gefiltert = `${R}/Rechnungsuebersicht?Status=bezahlt&Bezeichnung=Huber&IsFaellig=true&spalte=offenCent&fallend=true`;
    const mitOffen = `${R}/Rechnungsuebersicht?Status=offen%2Cbezahlt&Bezeichnung=Huber&IsFaellig=true&spalte=offenCent&fallend=true`;
    const nachBetrag = `${R}/Rechnungsuebersicht?Status=offen%2Cbezahlt&Bezeichnung=Huber&IsFaellig=true&spalte=betragCent`;
    app.api(
      api(EDIT, {
        [`GET ${gefiltert}`]: () => json(uebersicht([])),
        [`GET ${mitOffen}`]: () => json(uebersicht([HUBER])),
        [`GET ${nachBetrag}`]: () => json(uebersicht([HUBER])),
      }),
    );
    await app.renderAt(
      '/rechnungen/rechnungsuebersicht?status=bezahlt&suche=Huber&faellig=1&sortierung=offenCent&fallend=1',
    );
    await waitFor(() => expect(callsTo(app.fetchMock, 'GET', gefiltert)).toHaveLength(1), LADEN);
    await waitFor(() => expect(container.textContent).toContain('Keine Rechnung passt zu diesen Filtern.'));
    expect(field(container, 'Suche').value).toBe('Huber');
    await click(button(container, 'offen (15)'));
    await waitFor(() => expect(tabellenZeilen(container)).toHaveLength(1));
    expect(new URLSearchParams(window.location.search).get('status')).toBe('offen,bezahlt');
    // The sorted column says so; another column sorts ascending first.
    const offenKopf = [...container.querySelectorAll('th')].find((th) => th.textContent?.startsWith('Offen'));
    expect(offenKopf?.getAttribute('aria-sort')).toBe('descending');
    await click(button(container, 'Betrag'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'GET', nachBetrag)).toHaveLength(1));
    expect(window.location.search).not.toContain('fallend');
    // "Filter zurücksetzen" leaves the sort.
    await click(button(container, 'Filter zurücksetzen'));
    await waitFor(() => expect(window.location.search).toBe('?sortierung=betragCent'));
  });

  it('opens a receivable and books a counter payment of part of it', async () => {
    const nachher = rechnung({
      bezahltCent: 50_000,
      offenCent: 89_779,
      ueberfaelligCent: 89_779,
      status: 'teilbezahlt',
    });
    app.api(
      api(EDIT, {
        [`GET ${R}/GetRechnung?id=17`]: () => json(detail(HUBER)),
        'GET /api/Common/Konten': () =>
          json([
            { id: 1, name: 'Girokonto', art: 'bank', aktiv: true, iban: 'AT611904300234573201' },
            { id: 2, name: 'Handkassa', art: 'kassa', aktiv: true, iban: null },
          ]),
        [`POST ${R}/ZahlungErfassen`]: () => json(nachher),
      }),
    );
    await app.renderAt('/rechnungen/rechnungsuebersicht');
    await waitFor(() => expect(tabellenZeilen(container)).toHaveLength(2), LADEN);
    await click(button(container, 'Rechnung 2026-00017 öffnen'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Rechnung 2026-00017 – Huber Maria'));
    expect(new URLSearchParams(window.location.search).get('rechnung')).toBe('17');
    const text = (dialog()?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Pacht 2026');
    expect(text).toContain('RF18 2026 0001 7');
    expect(text).toContain('Noch keine Zahlung.');
    // A booked receivable cannot be deleted.
    expect(hasButton(dialog()!, 'Löschen')).toBe(false);

    await click(button(dialog()!, 'Zahlung erfassen'));
    await waitFor(() => expect(document.body.textContent).toContain('Zahlung zu Rechnung 2026-00017 erfassen'));
    const form = [...document.body.querySelectorAll('[role="dialog"]')].at(-1)!;
    expect(field(form, 'Betrag').value).toBe('1.397,79');
    await typeInto(field(form, 'Betrag'), '500');
    await click(button(form, 'Zahlung buchen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${R}/ZahlungErfassen`)).toHaveLength(1));
    // Cash at the club house: the cash box is the default account; today's date.
    expect(bodyOf(callsTo(app.fetchMock, 'POST', `${R}/ZahlungErfassen`)[0]![1])).toEqual({
      rechnungId: 17,
      kontoId: 2,
      datum: todayIso(),
      betragCent: 50_000,
      text: null,
    });
    await waitFor(() =>
      expect(positiveToasts()).toContain('Zahlung zu Rechnung 2026-00017 gebucht. Noch offen: € 897,79.'),
    );
  });

  it('prints the next reminder from the detail and shows a refusal in the dialog', async () => {
    const url = `${R}/Mahnungen?rechnungsID=17&calc=true&datum=${todayIso()}&vorschau=false`;
    let antwort = () => problem(409, 'Die Rechnung hat eine Mahnsperre bis 30.06.2026.');
    app.api(
      api(EDIT, {
        [`GET ${R}/GetRechnung?id=17`]: () => json(detail(HUBER)),
        [`GET ${url}`]: () => antwort(),
      }),
    );
    // The PDF is saved as a download: a link clicked, which must not navigate the test's window.
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const gespeichert = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await app.renderAt('/rechnungen/rechnungsuebersicht?rechnung=17');
    await waitFor(() => expect(dialog()?.textContent).toContain('Rechnung 2026-00017 – Huber Maria'), LADEN);
    await click(button(dialog()!, 'Mahnung drucken'));
    await waitFor(() => expect(document.body.textContent).toContain('Mahnung zu Rechnung 2026-00017'));
    const mahnung = () => [...document.body.querySelectorAll('[role="dialog"]')].at(-1)!;
    expect(mahnung().textContent).toContain('Nächste Stufe: 1 – Zahlungserinnerung, ohne Gebühr.');
    expect(field(mahnung(), 'Datum der Mahnung').value).toBe(formatGermanDate(todayIso()));
    await click([...mahnung().querySelectorAll('label')].find((l) => l.textContent?.includes('Verzugszinsen'))!);
    await click(button(mahnung(), 'Mahnung drucken'));
    await waitFor(() => expect(mahnung().querySelector('[role="alert"]')?.textContent).toContain('Mahnsperre'));
    // The level-raising GET carries the anti-forgery header.
    const [, init] = callsTo(app.fetchMock, 'GET', url)[0]!;
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');

    antwort = () => new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    await click(button(mahnung(), 'Mahnung drucken'));
    await waitFor(() =>
      expect(positiveToasts()).toContain('Zahlungserinnerung zu Rechnung 2026-00017 erstellt – Mahnstufe 1.'),
    );
    expect(gespeichert.mock.contexts.map((a) => (a as HTMLAnchorElement).download)).toEqual([
      'Zahlungserinnerung 2026-00017.pdf',
    ]);
  });

  it('creates a manual receivable with two positions', async () => {
    const SAVE = `${R}/UpdateRechnung`;
    app.api(
      api(EDIT, {
        'GET /api/Abrechnung/GetKassaabrechnungDatum': () => json({ id: 2, von: '2026-01-01', bis: '2026-12-31' }),
        'GET /api/Kassa/Buchungskonten?kassaabrechnungID=2': () => json([]),
        [`POST ${SAVE}`]: (init) =>
          json(rechnung({ ...bodyOf(init), id: 40, nummer: '2026-00040', art: 'manuell', laufId: null })),
        [`GET ${R}/GetRechnung?id=40`]: () => json(detail(rechnung({ id: 40, nummer: '2026-00040' }))),
      }),
    );
    await app.renderAt('/rechnungen/rechnungsuebersicht?adresse=5');
    await waitFor(() => expect(hasButton(container, 'Neue Rechnung')).toBe(true), LADEN);
    await click(button(container, 'Neue Rechnung'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Neue Rechnung'));
    const d = dialog()!;
    // The address is chosen from the combo box's list.
    const adresse = field(d, 'Adresse');
    await act(async () => adresse.focus());
    await typeInto(adresse, 'Hub');
    await waitFor(() => expect(document.body.querySelector('[role="option"]')).not.toBeNull());
    await click([...document.body.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'Huber Maria')!);
    await typeInto(field(d, 'Text 1'), 'Schlüssel Gartentor');
    await typeInto(field(d, 'Betrag 1'), '25');
    await click(button(d, 'Position hinzufügen'));
    await typeInto(field(d, 'Text 2'), 'Stromanteil');
    await typeInto(field(d, 'Betrag 2'), '12,40');
    await waitFor(() => expect(d.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('Summe: € 37,40'));
    await click(button(d, 'Rechnung anlegen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toMatchObject({
      adresseId: 5,
      parzelleId: null,
      datum: todayIso(),
      positionen: [
        { text: 'Schlüssel Gartentor', betragCent: 2_500, steuersatz: 0, buchungskontoId: null },
        { text: 'Stromanteil', betragCent: 1_240, steuersatz: 0, buchungskontoId: null },
      ],
      notiz: null,
      mahnsperreBis: null,
    });
    // The new receivable opens.
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('rechnung')).toBe('40'));
  });
});
