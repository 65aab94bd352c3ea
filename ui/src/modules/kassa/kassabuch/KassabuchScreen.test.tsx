import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Eintrag } from '../../../../../src/modules/kassa/schema/kassabuch';
import { createAppHarness, json, problem, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton, signedIn } from '../../../testing/testHelpers';
import { alertDialog, bodyOf, dialog } from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const EDIT = ['WebApp.Kassa.View', 'WebApp.Kassa.Edit'];
const VIEW = ['WebApp.Kassa.View'];
const SAVE = '/api/Kassa/UpdateKassabuch';
const BUCH = 'GET /api/Kassa/GetKassabuch?kassaabrechnungID=1';

const eintrag = (over: Partial<Eintrag>): Eintrag => ({
  id: 1,
  kassaabrechnungId: 1,
  belegnummer: 1,
  datum: '2026-03-02',
  betragCent: 5000,
  kontoId: 10,
  kontoName: 'Handkassa',
  buchungskontoId: 100,
  buchungskontoNummer: '4000',
  buchungskontoName: 'Mitgliedsbeiträge',
  kostenstelleId: null,
  kostenstelleName: null,
  steuersatz: 0,
  steuerCent: 0,
  nettoCent: 5000,
  text: 'Beitrag Huber',
  kommentar: null,
  rechnungsdatum: null,
  parzelleId: null,
  parzelleNummer: null,
  adresseId: null,
  adresseName: null,
  stornoVonId: null,
  storniertDurchId: null,
  quelle: 'manuell',
  geprueft: false,
  geprueftAm: null,
  kontoSaldoCent: 55000,
  belege: [],
  bank: null,
  zuordnungen: [],
  zugeordnetCent: 0,
  version: 1,
  ...over,
});

const EINTRAEGE = [
  eintrag({ id: 1, geprueft: true, geprueftAm: '2026-04-01T10:00:00Z' }),
  eintrag({
    id: 2,
    belegnummer: 2,
    datum: '2026-03-05',
    betragCent: -1250,
    buchungskontoId: 200,
    buchungskontoNummer: '7000',
    buchungskontoName: 'Material',
    text: 'Schrauben',
    kontoSaldoCent: 53750,
    belege: [{ id: 7, name: 'rechnung.pdf', mime: 'application/pdf', size: 2048 }],
  }),
];
const SUMME = { anzahl: 2, einnahmenCent: 5000, ausgabenCent: 1250, saldoCent: 3750 };

function lookups(geschlossen = false) {
  return {
    'GET /api/Common/Kassaabrechnungen': () =>
      json([{ id: 1, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen }]),
    'GET /api/Abrechnung/GetKassaabrechnungDatum': () => json({ id: 1, von: '2026-01-01', bis: '2026-12-31' }),
    'GET /api/Common/Konten': () =>
      json([
        { id: 11, name: 'Girokonto', art: 'bank', aktiv: true, iban: 'AT611904300234573201' },
        { id: 10, name: 'Handkassa', art: 'kassa', aktiv: true, iban: null },
      ]),
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
        {
          id: 200,
          nummer: '7000',
          name: 'Material',
          art: 'ausgabe',
          steuersatz: 20,
          kassaabrechnungId: 1,
          klaerung: false,
        },
        {
          id: 300,
          nummer: '7100',
          name: 'Strom',
          art: 'ausgabe',
          steuersatz: 20,
          kassaabrechnungId: 1,
          klaerung: false,
        },
      ]),
    'GET /api/Kassa/GetKostenStellen?kassaabrechnungID=1': () =>
      json([{ id: 1000, kassaabrechnungId: 1, nummer: '1', name: 'Vereinshaus' }]),
  };
}

const tableRows = () => [...container.querySelectorAll('table[aria-label="Kassabuch"] tbody tr')] as HTMLElement[];
const input = (label: string) => {
  const form = container.querySelector('form[aria-label="Neue Buchung"]');
  const lbl = [...(form?.querySelectorAll('label') ?? [])].find((l) => l.textContent === label);
  const el = lbl ? document.getElementById(lbl.htmlFor) : null;
  if (!el) throw new Error(`no input ${label}`);
  return el as HTMLInputElement;
};
const pressEnter = (el: HTMLElement) =>
  act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    (el.closest('form') as HTMLFormElement).requestSubmit();
  });

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('KassabuchScreen', () => {
  it('lists the entries with the running balance, the checked one locked, and the sums', async () => {
    app.api({ ...signedIn(EDIT), ...lookups(), [BUCH]: () => json({ eintraege: EINTRAEGE, summe: SUMME }) });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    const [erste, zweite] = tableRows().map((r) => (r.textContent ?? '').replace(/\u00a0/g, ' '));
    expect(erste).toContain('02.03.2026');
    expect(erste).toContain('€ 550,00');
    expect(zweite).toContain('-€ 12,50');
    expect(zweite).toContain('€ 537,50');
    expect(tableRows()[0]?.className).toContain('kgv-kb-row--geprueft');
    expect(tableRows()[0]?.querySelector('[aria-label="geprüft"]')).not.toBeNull();
    // The checked entry can only be looked at, the other edited.
    expect(() => button(container, 'Beleg 1 ansehen')).not.toThrow();
    expect(() => button(container, 'Beleg 2 bearbeiten')).not.toThrow();
    expect(() => button(container, 'Belege zu Beleg-Nr. 2 (1)')).not.toThrow();
    const summen = (container.querySelector('.kgv-kb-summen')?.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(summen).toContain('Einnahmen€ 50,00');
    expect(summen).toContain('Ausgaben-€ 12,50');
    expect(summen).toContain('Saldo€ 37,50');
    expect(summen).toContain('2 Buchungen');
    await waitFor(() => expect(document.title).toBe('Kassabuch – KGV Sonnenhang'));
  });

  it('books with Enter: an expense account makes the amount negative, Datum and Konto stay for the next row', async () => {
    let nr = 2;
    app.api({
      ...signedIn(EDIT),
      ...lookups(),
      [BUCH]: () => json({ eintraege: EINTRAEGE, summe: SUMME }),
      [`POST ${SAVE}`]: (init) => {
        const b = bodyOf(init);
        nr += 1;
        return json(
          eintrag({ ...b, id: nr, belegnummer: nr, buchungskontoNummer: '7000', buchungskontoName: 'Material' }),
        );
      },
    });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(() => input('Datum')).not.toThrow());
    await typeInto(input('Datum'), '15.3.2026');
    await typeInto(input('Betrag'), '12,50');
    await act(async () => {
      const select = input('Konto') as unknown as HTMLSelectElement;
      select.value = '10';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await typeInto(input('Buchungskonto'), '7000');
    expect(container.textContent).toContain('Ausgabe');
    await typeInto(input('Text'), 'Nägel');
    await pressEnter(input('Text'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      datum: '2026-03-15',
      betragCent: -1250,
      kontoId: 10,
      buchungskontoId: 200,
      kostenstelleId: null,
      text: 'Nägel',
    });
    await waitFor(() => expect(document.activeElement).toBe(input('Datum')));
    expect(input('Datum').value).toBe('15.3.2026');
    expect((input('Konto') as unknown as HTMLSelectElement).value).toBe('10');
    expect(input('Betrag').value).toBe('');
    expect(input('Text').value).toBe('');
    expect(container.textContent).toContain('Beleg 3 gespeichert');

    // A "+" books income on an expense account (a refund); a name part finds the booking account.
    await typeInto(input('Betrag'), '+5');
    await typeInto(input('Buchungskonto'), 'strom');
    await typeInto(input('Kostenstelle'), '1');
    await typeInto(input('Text'), 'Gutschrift');
    await pressEnter(input('Betrag'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(2));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[1]![1])).toMatchObject({
      betragCent: 500,
      buchungskontoId: 300,
      kostenstelleId: 1000,
      kontoId: 10,
    });
  });

  it('says what is missing before it books, and shows the server refusal at the field', async () => {
    app.api({
      ...signedIn(EDIT),
      ...lookups(),
      [BUCH]: () => json({ eintraege: [], summe: { anzahl: 0, einnahmenCent: 0, ausgabenCent: 0, saldoCent: 0 } }),
      [`POST ${SAVE}`]: () =>
        new Response(
          JSON.stringify({
            title: 'Ungültig',
            status: 422,
            code: 'validation',
            errors: { text: ['Zu lang.'], steuersatz: ['Steuersatz 15 gibt es nicht.'] },
          }),
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(() => input('Datum')).not.toThrow());
    await typeInto(input('Datum'), '01.01.2025');
    await typeInto(input('Buchungskonto'), '9');
    await pressEnter(input('Datum'));
    const text = container.textContent ?? '';
    expect(text).toContain('Das Datum liegt nicht in dieser Kassaabrechnung');
    expect(text).toContain('Bitte einen Betrag eingeben');
    expect(text).toContain('Kein Buchungskonto „9“.');
    expect(text).toContain('Bitte einen Buchungstext eingeben.');
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);
    expect(input('Datum').getAttribute('aria-invalid')).toBe('true');

    await typeInto(input('Datum'), '01.02.2026');
    await typeInto(input('Betrag'), '10');
    await typeInto(input('Buchungskonto'), '4000');
    await typeInto(input('Text'), 'x');
    await pressEnter(input('Text'));
    await waitFor(() => expect(container.textContent).toContain('Zu lang.'));
    expect(input('Text').getAttribute('aria-invalid')).toBe('true');
    // The message without a field in the row comes as the error toast.
    expect(toasts.negative).toHaveBeenCalledTimes(1);
  });

  it('passes the URL filters to GetKassabuch and deletes the filtered entries after a dry run', async () => {
    const q = 'kassaabrechnungID=1&Bezeichnung=Schrauben&kontoOption=ungeprueft';
    app.api({
      ...signedIn(EDIT),
      ...lookups(),
      [`GET /api/Kassa/GetKassabuch?${q}`]: () => json({ eintraege: [EINTRAEGE[1]], summe: { ...SUMME, anzahl: 1 } }),
      [`DELETE /api/Kassa/DeleteKassabuchFiltered?${q}&dryRun=true`]: () => json({ geloescht: 1, uebersprungen: 2 }),
      [`DELETE /api/Kassa/DeleteKassabuchFiltered?${q}&dryRun=false`]: () => json({ geloescht: 1, uebersprungen: 2 }),
    });
    await app.renderAt('/kassa/kassabuch?status=ungeprueft&text=Schrauben');
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    await click(button(container, 'Gefilterte löschen'));
    await waitFor(() =>
      expect(alertDialog()?.textContent).toContain('1 Buchung wird gelöscht, 2 bleiben (geprüft oder storniert)'),
    );
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() =>
      expect(callsTo(app.fetchMock, 'DELETE', `/api/Kassa/DeleteKassabuchFiltered?${q}&dryRun=false`)).toHaveLength(1),
    );
    await waitFor(() => expect(toasts.positive).toHaveBeenCalledWith('1 Buchung gelöscht.', expect.anything()));
  });

  it('marks the filtered entries as checked after saying how many', async () => {
    app.api({
      ...signedIn(EDIT),
      ...lookups(),
      [BUCH]: () => json({ eintraege: EINTRAEGE, summe: SUMME }),
      'POST /api/Kassa/CloseFilteredEntries?kassaabrechnungID=1': () => json({ geprueft: 1, kettenKopf: 'ab' }),
    });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await click(button(container, 'Geprüft markieren'));
    await waitFor(() =>
      expect(alertDialog()?.textContent).toContain('Alle 2 Buchungen der Kassaabrechnung Kassa 2026'),
    );
    await click(button(alertDialog()!, 'Geprüft markieren'));
    await waitFor(() =>
      expect(callsTo(app.fetchMock, 'POST', '/api/Kassa/CloseFilteredEntries?kassaabrechnungID=1')).toHaveLength(1),
    );
  });

  it('opens a checked entry read-only and says why', async () => {
    app.api({ ...signedIn(EDIT), ...lookups(), [BUCH]: () => json({ eintraege: EINTRAEGE, summe: SUMME }) });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await click(button(container, 'Beleg 1 ansehen'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Geprüft – nicht mehr änderbar'));
    expect(hasButton(dialog()!, 'Speichern')).toBe(false);
  });

  it('opens both halves of a reversal pair read-only and says why', async () => {
    const paar = [
      eintrag({ id: 1, storniertDurchId: 2 }),
      eintrag({ id: 2, belegnummer: 2, betragCent: -5000, stornoVonId: 1, text: 'Storno: Beitrag Huber' }),
    ];
    app.api({ ...signedIn(EDIT), ...lookups(), [BUCH]: () => json({ eintraege: paar, summe: SUMME }) });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(() => button(container, 'Beleg 1 bearbeiten')).toThrow();
    await click(button(container, 'Beleg 2 ansehen'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Storno-Paar – nicht mehr änderbar'));
    expect(hasButton(dialog()!, 'Speichern')).toBe(false);
  });

  it('edits an entry in a dialog and sends it with its version', async () => {
    app.api({
      ...signedIn(EDIT),
      ...lookups(),
      [BUCH]: () => json({ eintraege: EINTRAEGE, summe: SUMME }),
      [`POST ${SAVE}`]: (init) => json(eintrag({ ...bodyOf(init), version: 2 })),
    });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await click(button(container, 'Beleg 2 bearbeiten'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Beleg 2 bearbeiten'));
    expect(field(dialog()!, 'Betrag').value).toBe('-12,50');
    expect(field(dialog()!, 'Datum').value).toBe('05.03.2026');
    // No tax flag (GetSteuersatzFlag not answered): no tax rate to choose; the body keeps 0.
    expect(dialog()?.textContent).not.toContain('Steuersatz');
    await typeInto(field(dialog()!, 'Text'), 'Schrauben und Dübel');
    await typeInto(field(dialog()!, 'Betrag'), '-13,80');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toEqual({
      id: 2,
      version: 1,
      datum: '2026-03-05',
      betragCent: -1380,
      kontoId: 10,
      buchungskontoId: 200,
      kostenstelleId: null,
      steuersatz: 0,
      text: 'Schrauben und Dübel',
      kommentar: null,
      rechnungsdatum: null,
      parzelleId: null,
      adresseId: null,
    });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('offers the tax rate in the entry dialog when the club books with tax', async () => {
    app.api({
      ...signedIn(EDIT),
      ...lookups(),
      'GET /api/Kassa/GetSteuersatzFlag': () => json(true),
      [BUCH]: () => json({ eintraege: EINTRAEGE, summe: SUMME }),
    });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await click(button(container, 'Beleg 2 bearbeiten'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Steuersatz'));
  });

  it('shows the refusal of an entry checked meanwhile and keeps the dialog open', async () => {
    const satz = 'Beleg 2 ist geprüft und kann nicht mehr geändert werden.';
    app.api({
      ...signedIn(EDIT),
      ...lookups(),
      [BUCH]: () => json({ eintraege: EINTRAEGE, summe: SUMME }),
      [`POST ${SAVE}`]: () =>
        new Response(JSON.stringify({ title: satz, status: 409, code: 'kassabuch_geprueft' }), {
          status: 409,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
    });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await click(button(container, 'Beleg 2 bearbeiten'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeInto(field(dialog()!, 'Text'), 'anders');
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(toasts.negative).toHaveBeenCalledWith(satz));
    expect(dialog()).not.toBeNull();
  });

  it('lists the receipts of an entry: each opens in a new tab, delete asks the server', async () => {
    app.api({
      ...signedIn(EDIT),
      ...lookups(),
      [BUCH]: () => json({ eintraege: EINTRAEGE, summe: SUMME }),
      'DELETE /api/Kassa/DeleteBeleg?belegID=7': () => new Response(null, { status: 204 }),
    });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await click(button(container, 'Belege zu Beleg-Nr. 2 (1)'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Belege zu Beleg-Nr. 2'));
    const link = dialog()?.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/api/Kassa/GetBeleg?belegID=7&inline=true');
    expect(link?.getAttribute('target')).toBe('_blank');
    await click(button(dialog()!, 'rechnung.pdf löschen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', '/api/Kassa/DeleteBeleg?belegID=7')).toHaveLength(1));
    // Without receipts the paperclip attaches one, on a checked entry too (the hash does not cover files).
    expect(container.querySelector('[aria-label="Beleg an Beleg-Nr. 1 anhängen"]')).not.toBeNull();
  });

  it('shows a closed period read-only: banner, no entry row, no tools', async () => {
    app.api({ ...signedIn(EDIT), ...lookups(true), [BUCH]: () => json({ eintraege: EINTRAEGE, summe: SUMME }) });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await waitFor(() =>
      expect(container.textContent).toContain('Kassaabrechnung 2026 ist abgeschlossen – nur Ansicht'),
    );
    expect(container.querySelector('form[aria-label="Neue Buchung"]')).toBeNull();
    expect(hasButton(container, 'Gefilterte löschen')).toBe(false);
    expect(() => button(container, 'Beleg 2 ansehen')).not.toThrow();
  });

  it('offers no entry row and no tools to a View-only user', async () => {
    app.api({ ...signedIn(VIEW), ...lookups(), [BUCH]: () => json({ eintraege: EINTRAEGE, summe: SUMME }) });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(container.querySelector('form[aria-label="Neue Buchung"]')).toBeNull();
    expect(hasButton(container, 'Geprüft markieren')).toBe(false);
    expect(() => button(container, 'Beleg 2 ansehen')).not.toThrow();
  });

  it('explains what to do when there is no period yet', async () => {
    app.api({
      ...signedIn(EDIT),
      ...lookups(),
      'GET /api/Common/Kassaabrechnungen': () => json([]),
      'GET /api/Abrechnung/GetKassaabrechnungDatum': () => problem(404, 'Keine Kassaabrechnung'),
    });
    await app.renderAt('/kassa/kassabuch');
    await waitFor(() => expect(container.textContent).toContain('Noch kein Kassajahr'));
  });
});
