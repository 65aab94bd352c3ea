import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton } from '../../../testing/testHelpers';
import { bodyOf, dialog, fakeLayout } from '../../../testing/testKit';
import {
  api,
  detail,
  EDIT,
  GAERTNER,
  HUBER,
  LADEN,
  R,
  STANDARD,
  tabellenZeilen,
  uebersicht,
  VIEW,
} from './rechnungsuebersichtTestdaten';

// The Rechnungsübersicht's detail for a View-only user and its actions on the receivable: a bank
// credit of the 'zu klären' list allocated to it, instalments agreed (split from RechnungsuebersichtScreen.test.tsx).

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;

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

describe('RechnungsuebersichtScreen: the detail’s actions', () => {
  it('tells a View-only user with nothing open where receivables come from, without the button they lack', async () => {
    app.api(api(VIEW, { [`GET ${STANDARD}`]: () => json(uebersicht([])) }));
    await app.renderAt('/rechnungen/rechnungsuebersicht');
    await waitFor(() => expect(container.textContent).toContain('Keine offenen Rechnungen.'), LADEN);
    expect(container.textContent).not.toContain('Neue Rechnung');
  });

  it('offers a View-only user the list, the detail and the prints, but no change', async () => {
    app.api(
      api(VIEW, {
        [`GET ${R}/GetRechnung?id=3`]: () =>
          json(
            detail(GAERTNER, {
              zahlungen: [
                {
                  zuordnungId: 9,
                  kassabuchId: 44,
                  kassaabrechnungId: 3,
                  belegnummer: 12,
                  datum: '2026-03-20',
                  betragCent: 50_000,
                  quelle: 'bank',
                  text: 'Zahlung Gärtner3',
                },
              ],
              mahnungen: [
                { id: 1, stufe: 2, datum: '2026-05-02', offenCent: 105_344, gebuehrCent: 500, zinsenCent: 0 },
              ],
            }),
          ),
      }),
    );
    await app.renderAt('/rechnungen/rechnungsuebersicht');
    await waitFor(() => expect(tabellenZeilen(container)).toHaveLength(2), LADEN);
    expect(hasButton(container, 'Neue Rechnung')).toBe(false);
    await click(button(container, 'Rechnung 2026-00003 öffnen'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Zahlung Gärtner3'));
    const d = dialog()!;
    for (const knopf of [
      'Zahlung erfassen',
      'Zahlung zuordnen',
      'Mahnung drucken',
      'Bearbeiten',
      'Raten vereinbaren',
    ]) {
      expect(hasButton(d, knopf), knopf).toBe(false);
    }
    expect(hasButton(d, 'Rechnung drucken')).toBe(true);
    const beleg = [...d.querySelectorAll('a')].find((a) => a.textContent === 'Beleg 12');
    expect(beleg?.getAttribute('href')).toBe('/kassa/kassabuch?kassaabrechnung=3&entryID=44');
    expect(d.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('2 – Mahnung€ 1.053,44€ 5,00€ 0,00');
  });

  it('allocates a bank credit of the "zu klären" list to the receivable', async () => {
    const ZUORDNEN = `${R}/Zuordnen`;
    app.api(
      api(EDIT, {
        [`GET ${R}/GetRechnung?id=17`]: () => json(detail(HUBER)),
        [`GET ${R}/ZuKlaeren`]: () =>
          json([
            {
              eintrag: {
                id: 88,
                belegnummer: 31,
                datum: '2026-04-02',
                betragCent: 139_779,
                text: 'Garten 17 Jahresvorschreibung',
                bankName: 'Franz Huber',
                bankIban: 'AT483200000012345864',
                kontoId: 1,
                buchungskontoNummer: '9999',
                zugeordnetCent: 0,
                restCent: 139_779,
                ohneForderung: false,
              },
              vorschlaege: [{ rechnung: HUBER, grund: 'name', sicher: false, betragCent: 139_779 }],
            },
          ]),
        [`POST ${ZUORDNEN}`]: () => json({ eintrag: {}, zuordnungen: [], vorschlaege: [] }),
      }),
    );
    await app.renderAt('/rechnungen/rechnungsuebersicht?rechnung=17');
    await waitFor(() => expect(dialog()?.textContent).toContain('Rechnung 2026-00017 – Huber Maria'), LADEN);
    await click(button(dialog()!, 'Zahlung zuordnen'));
    const zuordnen = () => [...document.body.querySelectorAll('[role="dialog"]')].at(-1)!;
    await waitFor(() => expect(zuordnen().textContent).toContain('Franz Huber'));
    expect(zuordnen().textContent).toContain('Vorschlag: Name ähnlich');
    await click(zuordnen().querySelector('input[aria-label="Beleg 31 wählen"]')!);
    // The credit's rest, at most what is open.
    expect(field(zuordnen(), 'Betrag für diese Rechnung').value).toBe('1.397,79');
    await click(button(zuordnen(), 'Zuordnen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', ZUORDNEN)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', ZUORDNEN)[0]![1])).toEqual({
      kassabuchId: 88,
      zuordnungen: [{ rechnungId: 17, betragCent: 139_779 }],
    });
  });

  it('splits a receivable into monthly instalments and changes only the dates of a booked one', async () => {
    const VORSCHLAG = `${R}/RatenVorschlag?rechnungId=17&anzahl=3&ersteFaelligkeit=2026-12-01`;
    const RATEN = `${R}/UpdateRaten`;
    const SAVE = `${R}/UpdateRechnung`;
    app.api(
      api(EDIT, {
        [`GET ${R}/GetRechnung?id=17`]: () => json(detail(HUBER)),
        'GET /api/Common/Parzellen': () => json([{ id: 17, name: '17' }]),
        [`GET ${VORSCHLAG}`]: () =>
          json([
            { faelligAm: '2026-12-01', betragCent: 46_593 },
            { faelligAm: '2027-01-01', betragCent: 46_593 },
            { faelligAm: '2027-02-01', betragCent: 46_593 },
          ]),
        [`POST ${RATEN}`]: () => json(HUBER),
        [`POST ${SAVE}`]: () => json(HUBER),
      }),
    );
    await app.renderAt('/rechnungen/rechnungsuebersicht?rechnung=17');
    await waitFor(() => expect(dialog()?.textContent).toContain('Rechnung 2026-00017 – Huber Maria'), LADEN);
    await click(button(dialog()!, 'Raten vereinbaren'));
    const oben = () => [...document.body.querySelectorAll('[role="dialog"]')].at(-1)!;
    await waitFor(() => expect(oben().textContent).toContain('Raten für Rechnung 2026-00017'));
    await typeInto(field(oben(), 'Erste Rate fällig am'), '01.12.2026');
    await click(button(oben(), 'In 3 Monatsraten teilen'));
    await waitFor(() =>
      expect(oben().textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('Summe der Raten: € 1.397,79 – stimmt.'),
    );
    await click(button(oben(), 'Raten speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', RATEN)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', RATEN)[0]![1])).toEqual({
      rechnungId: 17,
      raten: [
        { faelligAm: '2026-12-01', betragCent: 46_593 },
        { faelligAm: '2027-01-01', betragCent: 46_593 },
        { faelligAm: '2027-02-01', betragCent: 46_593 },
      ],
    });

    // A receivable of the run: only due date, reminder stop and note; its positions go back unchanged.
    await waitFor(() => expect(hasButton(dialog()!, 'Bearbeiten')).toBe(true));
    await click(button(dialog()!, 'Bearbeiten'));
    await waitFor(() => expect(oben().textContent).toContain('Rechnung 2026-00017 bearbeiten'));
    expect(oben().textContent).toContain('nur Fälligkeit, Mahnsperre und Notiz sind änderbar');
    await typeInto(field(oben(), 'Fällig am'), '30.04.2026');
    await typeInto(field(oben(), 'Mahnsperre bis'), '30.06.2026');
    await click(button(oben(), 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toMatchObject({
      id: 17,
      version: 1,
      adresseId: 5,
      parzelleId: 17,
      datum: '2026-03-01',
      faelligAm: '2026-04-30',
      mahnsperreBis: '2026-06-30',
      positionen: HUBER.positionen.map(({ text, betragCent, steuersatz, buchungskontoId }) => ({
        text,
        betragCent,
        steuersatz,
        buchungskontoId,
      })),
    });
  });
});
