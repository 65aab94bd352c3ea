import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rechnung } from '../../../../../src/modules/rechnungspruefung/schema/rechnung';
import type { Vorschlag, ZahlungEintrag } from '../../../../../src/modules/rechnungspruefung/schema/zahlungen';
import type { ZuKlaerenZeile } from '../../../../../src/modules/rechnungspruefung/schema/zuKlaeren';
import { createAppHarness, json, problem, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton, signedIn } from '../../../testing/testHelpers';
import { bodyOf, dialog } from '../../../testing/testKit';

vi.mock('@adobe/react-spectrum/Toast', () => ({
  ToastQueue: { neutral: vi.fn(() => () => undefined), positive: vi.fn(), negative: vi.fn() },
  ToastContainer: () => null,
}));

const app = createAppHarness();
const { container, fetchMock } = app;

const rechnung = (over: Partial<Rechnung>): Rechnung => ({
  id: 3,
  version: 1,
  nummer: '2026-00003',
  jahr: 2026,
  art: 'Zahlungsvorschreibung',
  adresseId: 30,
  adresseName: 'Gärtner3 Maria',
  parzelleId: 3,
  parzelleNummer: '3',
  gruppeId: null,
  datum: '2026-03-01',
  faelligAm: '2026-03-31',
  positionen: [],
  betragCent: 155_344,
  bezahltCent: 0,
  offenCent: 155_344,
  ueberfaelligCent: 155_344,
  status: 'offen',
  mahnstufe: 0,
  letzteMahnungAm: null,
  mahnsperreBis: null,
  zahlungsreferenz: 'RF12202600003',
  notiz: null,
  laufId: 1,
  versendetAm: null,
  raten: [],
  bearbeitbar: 'termine',
  loeschbar: false,
  ...over,
});

const eintrag = (over: Partial<ZahlungEintrag>): ZahlungEintrag => ({
  id: 41,
  belegnummer: 12,
  datum: '2026-04-02',
  betragCent: 155_344,
  text: 'Pacht Garten',
  bankName: 'Maria Gärtner',
  bankIban: 'AT021000000000000001',
  kontoId: 3,
  buchungskontoNummer: '9999',
  zugeordnetCent: 0,
  restCent: 155_344,
  ohneForderung: false,
  ...over,
});

const vorschlag = (r: Rechnung, over: Partial<Vorschlag> = {}): Vorschlag => ({
  rechnung: r,
  grund: 'betrag',
  sicher: false,
  betragCent: Math.min(155_344, r.offenCent),
  ...over,
});

const LISTE: ZuKlaerenZeile[] = [
  {
    eintrag: eintrag({}),
    vorschlaege: [
      vorschlag(rechnung({})),
      vorschlag(rechnung({ id: 4, nummer: '2026-00004', adresseName: 'Gärtner4 Karl', adresseId: 40 }), {
        grund: 'name',
      }),
    ],
  },
  {
    eintrag: eintrag({
      id: 42,
      belegnummer: 13,
      betragCent: 5_000,
      restCent: 5_000,
      bankName: 'Unbekannt GmbH',
      text: 'Spende',
    }),
    vorschlaege: [],
  },
];

const ZU_KLAEREN = 'GET /api/Rechnungspruefung/ZuKlaeren';

function api(rights = ['WebApp.Rechnungspruefung.View', 'WebApp.Rechnungspruefung.Edit']) {
  let liste = LISTE;
  app.api({
    ...signedIn(rights),
    'GET /api/Common/Konten': () =>
      json([
        { id: 3, name: 'Girokonto Erste', art: 'bank', aktiv: true, iban: 'AT611904300234573201' },
        { id: 4, name: 'Handkassa', art: 'kassa', aktiv: true, iban: null },
      ]),
    [ZU_KLAEREN]: () => json(liste),
    'POST /api/Rechnungspruefung/Zuordnen': (init) => {
      const body = bodyOf(init);
      liste = liste.filter((z) => z.eintrag.id !== body.kassabuchId);
      return json({ eintrag: eintrag({ id: body.kassabuchId }), zuordnungen: [], vorschlaege: [] });
    },
    'POST /api/Rechnungspruefung/OhneForderung': (init) => {
      liste = liste.filter((z) => z.eintrag.id !== bodyOf(init).kassabuchId);
      return new Response(null, { status: 204 });
    },
    'GET /api/Rechnungspruefung/GetRechnungen?Bezeichnung=huber&IsOffen=1': () =>
      json([
        rechnung({ id: 17, nummer: '2026-00017', adresseName: 'Huber Franz', adresseId: 170, offenCent: 139_779 }),
      ]),
  });
}

const text = () => (container.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const dialogText = () => (dialog()?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('Zahlungen zuordnen', () => {
  it('lists the open credits with their suggestions and allocates one with one click', async () => {
    api();
    await app.renderAt('/rechnungen/zuklaeren');
    await waitFor(() => expect(text()).toContain('2 Zahlungen zu klären, zusammen € 1.603,44'));
    expect(document.title).toContain('Zahlungen zuordnen');
    expect(text()).toContain('Maria Gärtner');
    expect(text()).toContain('Pacht Garten · IBAN AT02 1000 0000 0000 0001');
    expect(text()).toContain('Betrag passt');
    expect(text()).toContain('Name ähnlich');
    expect(text()).toContain('Kein Vorschlag gefunden');

    await click(button(container, '€ 1.553,44 der Rechnung 2026-00003 zuordnen'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/Rechnungspruefung/Zuordnen')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST', '/api/Rechnungspruefung/Zuordnen')[0] ?? [];
    expect(bodyOf(init)).toEqual({
      kassabuchId: 41,
      zuordnungen: [{ rechnungId: 3, betragCent: 155_344 }],
      restAlsGuthaben: null,
    });
    // The list reloads: the allocated credit is gone.
    await waitFor(() => expect(text()).toContain('1 Zahlung zu klären, zusammen € 50,00'));
    expect(text()).not.toContain('Maria Gärtner');
  });

  it('splits a credit over a searched receivable and parks the rest as credit', async () => {
    api();
    await app.renderAt('/rechnungen/zuklaeren');
    await waitFor(() => expect(text()).toContain('2 Zahlungen zu klären'));
    const buttons = [...container.querySelectorAll('button')].filter(
      (b) => b.textContent === 'Andere Rechnung suchen …',
    );
    await click(buttons[0] as HTMLButtonElement);
    await waitFor(() => expect(dialogText()).toContain('Beleg 12 vom 02.04.2026: € 1.553,44 von Maria Gärtner'));

    const suche = dialog()?.querySelector<HTMLInputElement>('input[type="search"]');
    if (!suche) throw new Error('no search field');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(suche, 'huber');
      suche.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      suche.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await waitFor(() => expect(dialogText()).toContain('Huber Franz'));
    await click(button(dialog() as Element, 'Rechnung 2026-00017 hinzufügen'));
    // Huber's open 1.397,79 € is less than the payment: the rest shows and may become his credit.
    await waitFor(() => expect(dialogText()).toContain('Zugeordnet € 1.397,79 · Rest € 155,65'));
    const guthaben = [...(dialog()?.querySelectorAll('label') ?? [])].find((l) =>
      (l.textContent ?? '').includes('als Guthaben von Huber Franz'),
    );
    await click(guthaben?.querySelector('input') as HTMLInputElement);
    await click(button(dialog() as Element, 'Zuordnen'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/Rechnungspruefung/Zuordnen')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST', '/api/Rechnungspruefung/Zuordnen')[0] ?? [];
    expect(bodyOf(init)).toEqual({
      kassabuchId: 41,
      zuordnungen: [{ rechnungId: 17, betragCent: 139_779 }],
      restAlsGuthaben: { adresseId: 170 },
    });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    api();
    app.api({
      ...signedIn(['WebApp.Rechnungspruefung.View', 'WebApp.Rechnungspruefung.Edit']),
      'GET /api/Common/Konten': () => json([]),
      [ZU_KLAEREN]: () => json(LISTE),
      'POST /api/Rechnungspruefung/Zuordnen': () =>
        json(
          {
            type: 'about:blank',
            title: 'Die Zuordnung ist nicht möglich.',
            status: 422,
            errors: { zuordnungen: ['Die Rechnung 2026-00003 ist nur noch mit € 100,00 offen.'] },
          },
          422,
        ),
    });
    await app.renderAt('/rechnungen/zuklaeren');
    await waitFor(() => expect(text()).toContain('2 Zahlungen zu klären'));
    const buttons = [...container.querySelectorAll('button')].filter(
      (b) => b.textContent === 'Andere Rechnung suchen …',
    );
    await click(buttons[0] as HTMLButtonElement);
    await waitFor(() => expect(dialog()).not.toBeNull());
    await click(button(dialog() as Element, 'Rechnung 2026-00003 hinzufügen'));
    await click(button(dialog() as Element, 'Zuordnen'));
    await waitFor(() => expect(dialogText()).toContain('Die Rechnung 2026-00003 ist nur noch mit € 100,00 offen.'));
    expect(dialog()).not.toBeNull();
  });

  it('takes a credit without receivable off the list', async () => {
    api();
    await app.renderAt('/rechnungen/zuklaeren');
    await waitFor(() => expect(text()).toContain('2 Zahlungen zu klären'));
    const karte = container.querySelector('section[aria-label="Zahlung Beleg 13"]');
    await click(button(karte as Element, 'Keine Forderung'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/Rechnungspruefung/OhneForderung')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST', '/api/Rechnungspruefung/OhneForderung')[0] ?? [];
    expect(bodyOf(init)).toEqual({ kassabuchId: 42, ohneForderung: true });
    await waitFor(() => expect(text()).toContain('1 Zahlung zu klären'));
  });

  it('offers no allocation to a user who may only read', async () => {
    api(['WebApp.Rechnungspruefung.View']);
    await app.renderAt('/rechnungen/zuklaeren');
    await waitFor(() => expect(text()).toContain('2 Zahlungen zu klären'));
    expect(hasButton(container, 'Keine Forderung')).toBe(false);
    expect(hasButton(container, 'Andere Rechnung suchen …')).toBe(false);
    expect([...container.querySelectorAll('button')].some((b) => b.textContent?.includes('zuordnen'))).toBe(false);
    // Nor tells them to press buttons they do not have.
    expect(text()).not.toContain('Wählen Sie beim passenden Vorschlag');
    expect(text()).not.toContain('Andere Rechnung suchen');
  });

  it('filters by date through the URL', async () => {
    app.api({
      ...signedIn(['WebApp.Rechnungspruefung.View']),
      'GET /api/Common/Konten': () => json([]),
      [`${ZU_KLAEREN}?von=2026-04-01`]: () => json(LISTE),
      [`${ZU_KLAEREN}?von=2026-04-01&bis=2026-04-30`]: () => json([]),
    });
    await app.renderAt('/rechnungen/zuklaeren?von=2026-04-01');
    await waitFor(() => expect(text()).toContain('2 Zahlungen zu klären'));
    expect(field(container, 'Datum von').value).toBe('01.04.2026');
    await typeInto(field(container, 'Datum bis'), '30.4.2026');
    await waitFor(() => expect(text()).toContain('Alles zugeordnet'));
    expect(window.location.search).toBe('?von=2026-04-01&bis=2026-04-30');
  });

  it('says so when nothing is left to allocate', async () => {
    app.api({
      ...signedIn(['WebApp.Rechnungspruefung.View']),
      'GET /api/Common/Konten': () => json([]),
      [ZU_KLAEREN]: () => json([]),
    });
    await app.renderAt('/rechnungen/zuklaeren');
    await waitFor(() => expect(text()).toContain('Alles zugeordnet – keine offenen Zahlungen.'));
  });

  it('shows a load failure with a retry', async () => {
    app.api({
      ...signedIn(['WebApp.Rechnungspruefung.View']),
      'GET /api/Common/Konten': () => json([]),
      [ZU_KLAEREN]: () => problem(500, 'Interner Fehler'),
    });
    await app.renderAt('/rechnungen/zuklaeren');
    await waitFor(() => expect(text()).toContain('Die Zahlungen konnten nicht geladen werden.'), 8000);
  });
});
