import type { Rechnung, RechnungDetail, Rechnungsuebersicht } from '../../../api/rechnungen';
import { json } from '../../../testing/appHarness';
import { signedIn } from '../../../testing/testHelpers';

// The mocked server of the Rechnungsübersicht's component tests (RechnungsuebersichtScreen.test.tsx,
// RechnungDetailAktionen.test.tsx): Huber's open receivable and Gärtner3's partly paid one.

export const R = '/api/Rechnungspruefung';
export const EDIT = [
  'WebApp.Rechnungspruefung.View',
  'WebApp.Rechnungspruefung.Edit',
  'WebApp.Kassa.View',
  'WebApp.Kassa.Edit',
  'WebApp.Stammdaten.View',
];
export const VIEW = ['WebApp.Rechnungspruefung.View'];
/** The screen's chunk loads lazily: the first render may take a while on a busy machine. */
export const LADEN = 15_000;
/** The default list: what is still to be paid (Status offen and teilbezahlt). */
export const STANDARD = `${R}/Rechnungsuebersicht?Status=offen%2Cteilbezahlt`;

export function rechnung(over: Partial<Rechnung> = {}): Rechnung {
  return {
    id: 17,
    version: 1,
    nummer: '2026-00017',
    jahr: 2026,
    art: 'Zahlungsvorschreibung',
    adresseId: 5,
    adresseName: 'Huber Maria',
    parzelleId: 17,
    parzelleNummer: '17',
    gruppeId: null,
    datum: '2026-03-01',
    faelligAm: '2026-03-31',
    positionen: [
      { text: 'Pacht 2026', betragCent: 83_013, steuersatz: 0, buchungskontoId: 3, art: 'pacht', parzelleNummer: '17' },
      {
        text: 'Mitgliedsbeitrag',
        betragCent: 56_766,
        steuersatz: 0,
        buchungskontoId: 4,
        art: 'verein',
        parzelleNummer: null,
      },
    ],
    betragCent: 139_779,
    bezahltCent: 0,
    offenCent: 139_779,
    ueberfaelligCent: 139_779,
    status: 'offen',
    mahnstufe: 0,
    letzteMahnungAm: null,
    mahnsperreBis: null,
    zahlungsreferenz: 'RF18 2026 0001 7',
    notiz: null,
    laufId: 1,
    versendetAm: null,
    raten: [],
    bearbeitbar: 'termine',
    loeschbar: false,
    ...over,
  };
}

export const HUBER = rechnung();
export const GAERTNER = rechnung({
  id: 3,
  nummer: '2026-00003',
  adresseId: 6,
  adresseName: 'Gärtner3 Hans',
  parzelleId: 3,
  parzelleNummer: '3',
  betragCent: 155_344,
  bezahltCent: 50_000,
  offenCent: 105_344,
  ueberfaelligCent: 105_344,
  status: 'teilbezahlt',
  mahnstufe: 2,
});

export function uebersicht(zeilen: Rechnung[]): Rechnungsuebersicht {
  const summe = (f: (r: Rechnung) => number) => zeilen.reduce((s, r) => s + f(r), 0);
  return {
    zeilen,
    summen: {
      anzahl: zeilen.length,
      betragCent: summe((r) => r.betragCent),
      bezahltCent: summe((r) => r.bezahltCent),
      offenCent: summe((r) => r.offenCent),
      ueberfaelligCent: summe((r) => r.ueberfaelligCent),
    },
    jeStatus: {
      offen: { anzahl: 15, offenCent: 2_000_000 },
      teilbezahlt: { anzahl: 1, offenCent: 105_344 },
      bezahlt: { anzahl: 1, offenCent: 0 },
    },
  };
}

export const detail = (r: Rechnung, over: Partial<RechnungDetail> = {}): RechnungDetail => ({
  ...r,
  zahlungen: [],
  mahnungen: [],
  ...over,
});

export function api(rights: string[], extra: Record<string, (init: RequestInit | undefined) => Response> = {}) {
  return {
    ...signedIn(rights),
    'GET /api/Common/Parzellen': () =>
      json([
        { id: 3, name: '3' },
        { id: 17, name: '17' },
      ]),
    'GET /api/Common/Addressen': () =>
      json([
        { id: 5, name: 'Huber Maria' },
        { id: 6, name: 'Gärtner3 Hans' },
      ]),
    [`GET ${STANDARD}`]: () => json(uebersicht([GAERTNER, HUBER])),
    ...extra,
  };
}

/** The list's rows as cell texts (no-break spaces as spaces). */
export const tabellenZeilen = (container: Element) =>
  [...container.querySelectorAll('table[aria-label="Rechnungen"] tbody tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
  );
