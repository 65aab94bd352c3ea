import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Eintrag } from '../../../../../src/modules/kassa/schema/kassabuch';
import type { Rechnung } from '../../../../../src/modules/rechnungspruefung/schema/rechnung';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, hasButton, signedIn } from '../../../testing/testHelpers';
import { bodyOf, dialog } from '../../../testing/testKit';

// Kassa's entry dialog with the entry's allocations (issue 15): shown, changed, added by search and
// saved with the entry through UpdateKassabuch; read-only without the Rechnungspruefung Edit right.

vi.mock('@adobe/react-spectrum/Toast', () => ({
  ToastQueue: { neutral: vi.fn(() => () => undefined), positive: vi.fn(), negative: vi.fn() },
  ToastContainer: () => null,
}));

const app = createAppHarness();
const { container } = app;
const SAVE = '/api/Kassa/UpdateKassabuch';
const BUCH = 'GET /api/Kassa/GetKassabuch?kassaabrechnungID=1';
const ALLE_RECHTE = [
  'WebApp.Kassa.View',
  'WebApp.Kassa.Edit',
  'WebApp.Rechnungspruefung.View',
  'WebApp.Rechnungspruefung.Edit',
];

const EINTRAG: Eintrag = {
  id: 7,
  kassaabrechnungId: 1,
  belegnummer: 7,
  datum: '2026-04-02',
  betragCent: 200_000,
  kontoId: 11,
  kontoName: 'Girokonto',
  buchungskontoId: 100,
  buchungskontoNummer: '4000',
  buchungskontoName: 'Mitgliedsbeiträge',
  kostenstelleId: null,
  kostenstelleName: null,
  steuersatz: 0,
  steuerCent: 0,
  nettoCent: 200_000,
  text: 'Gärtner3 Pacht',
  kommentar: null,
  rechnungsdatum: null,
  parzelleId: null,
  parzelleNummer: null,
  adresseId: null,
  adresseName: null,
  stornoVonId: null,
  storniertDurchId: null,
  quelle: 'bank',
  geprueft: false,
  geprueftAm: null,
  kontoSaldoCent: 200_000,
  belege: [],
  bank: null,
  zuordnungen: [
    { id: 1, rechnungId: 3, nummer: '2026-00003', adresseName: 'Gärtner3 Maria', betragCent: 155_344, art: 'zahlung' },
    { id: 2, rechnungId: null, nummer: null, adresseName: 'Gärtner3 Maria', betragCent: 10_000, art: 'guthaben' },
  ],
  zugeordnetCent: 165_344,
  version: 1,
};

const HUBER = {
  id: 17,
  nummer: '2026-00017',
  adresseId: 170,
  adresseName: 'Huber Maria',
  parzelleNummer: '17',
  datum: '2026-03-01',
  offenCent: 139_779,
} as Rechnung;

function api(rights: string[]) {
  app.api({
    ...signedIn(rights),
    'GET /api/Common/Kassaabrechnungen': () =>
      json([{ id: 1, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false }]),
    'GET /api/Abrechnung/GetKassaabrechnungDatum': () => json({ id: 1, von: '2026-01-01', bis: '2026-12-31' }),
    'GET /api/Common/Konten': () =>
      json([{ id: 11, name: 'Girokonto', art: 'bank', aktiv: true, iban: 'AT611904300234573201' }]),
    'GET /api/Kassa/Buchungskonten?kassaabrechnungID=1': () =>
      json([
        {
          id: 100,
          nummer: '4000',
          name: 'Mitgliedsbeiträge',
          art: 'einnahme',
          steuersatz: 0,
          kassaabrechnungId: 1,
          klaerung: false,
        },
      ]),
    'GET /api/Kassa/GetKostenStellen?kassaabrechnungID=1': () => json([]),
    [BUCH]: () =>
      json({ eintraege: [EINTRAG], summe: { anzahl: 1, einnahmenCent: 200_000, ausgabenCent: 0, saldoCent: 200_000 } }),
    'GET /api/Rechnungspruefung/GetRechnungen?Bezeichnung=huber&IsOffen=1': () => json([HUBER]),
    [`POST ${SAVE}`]: (init) => json({ ...EINTRAG, ...bodyOf(init), version: 2 }),
  });
}

const text = () => (dialog()?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function oeffne() {
  await app.renderAt('/kassa/kassabuch');
  await waitFor(() => expect(() => button(container, 'Beleg 7 bearbeiten')).not.toThrow());
  await click(button(container, 'Beleg 7 bearbeiten'));
  await waitFor(() => expect(text()).toContain('Zuordnungen zu Rechnungen'));
}

const betragFeld = (nummer: string) => {
  const el = dialog()?.querySelector<HTMLInputElement>(`input[aria-label="Betrag für ${nummer}"]`);
  if (!el) throw new Error(`no amount field for ${nummer}`);
  return el;
};

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('Zuordnungen in Kassa’s entry dialog', () => {
  it('shows the allocations and the credit, and saves changed ones with the entry', async () => {
    api(ALLE_RECHTE);
    await oeffne();
    expect(text()).toContain('2026-00003');
    expect(text()).toContain('Guthaben von Gärtner3 Maria: € 100,00');
    expect(text()).toContain('Zugeordnet € 1.653,44 von € 2.000,00 · Rest € 346,56');
    expect(betragFeld('2026-00003').value).toBe('1.553,44');
    // A saved allocation does not know the receivable's open amount: no empty "Offen" column.
    const kopf = () => [...(dialog()?.querySelectorAll('table[aria-label="Zuordnungen"] th[scope="col"]') ?? [])];
    expect(kopf().map((th) => th.textContent)).toEqual(['Rechnung', 'Name', 'Betrag', 'Entfernen']);

    // Huber's receivable added by search takes the rest (less than its open amount).
    await click(button(dialog() as Element, 'Rechnung zuordnen …'));
    const suche = dialog()?.querySelector<HTMLInputElement>('input[type="search"]');
    if (!suche) throw new Error('no search field');
    await typeInto(suche, 'huber');
    await act(async () => {
      suche.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await waitFor(() => expect(text()).toContain('Huber Maria'));
    await click(button(dialog() as Element, 'Rechnung 2026-00017 hinzufügen'));
    await waitFor(() => expect(betragFeld('2026-00017').value).toBe('346,56'));
    expect(kopf().map((th) => th.textContent)).toContain('Offen');
    await typeInto(betragFeld('2026-00003'), '1.500,00');
    await click(button(dialog() as Element, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]?.[1]).zuordnungen).toEqual([
      { rechnungId: 3, betragCent: 150_000 },
      { rechnungId: 17, betragCent: 34_656 },
    ]);
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('sends no allocations when they were not touched, and removes one on request', async () => {
    api(ALLE_RECHTE);
    await oeffne();
    await click(button(dialog() as Element, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]?.[1])).not.toHaveProperty('zuordnungen');
    await waitFor(() => expect(dialog()).toBeNull());

    await click(button(container, 'Beleg 7 bearbeiten'));
    await waitFor(() => expect(text()).toContain('Zuordnungen zu Rechnungen'));
    await click(button(dialog() as Element, '2026-00003 entfernen'));
    await click(button(dialog() as Element, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(2));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[1]?.[1]).zuordnungen).toEqual([]);
  });

  it('refuses an allocation without amount at the field', async () => {
    api(ALLE_RECHTE);
    await oeffne();
    await typeInto(betragFeld('2026-00003'), '');
    await click(button(dialog() as Element, 'Speichern'));
    await waitFor(() => expect(text()).toContain('Bitte bei jeder Rechnung einen Betrag eingeben'));
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);
  });

  it('shows them read-only without the Rechnungspruefung Edit right', async () => {
    api(['WebApp.Kassa.View', 'WebApp.Kassa.Edit', 'WebApp.Rechnungspruefung.View']);
    await oeffne();
    expect(text()).toContain('2026-00003');
    expect(dialog()?.querySelector('input[aria-label="Betrag für 2026-00003"]')).toBeNull();
    expect(hasButton(dialog() as Element, 'Rechnung zuordnen …')).toBe(false);
  });
});
