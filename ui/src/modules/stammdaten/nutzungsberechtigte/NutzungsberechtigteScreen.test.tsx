import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, field, hasButton, signedIn } from '../../../testing/testHelpers';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/stammdatenverwalten/nutzungsberechtigte';
const LIST = '/api/Stammdaten/ActiveAdressen';
const SAVE = '/api/Stammdaten/UpdateAdresse';
const EDIT = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];
const VIEW = ['WebApp.Stammdaten.View'];

const base = {
  anrede: '',
  titel: '',
  strasse: '',
  plz: '',
  ort: '',
  land: 'Österreich',
  telefon: '',
  mobil: '',
  email: '',
  geburtsdatum: null,
  eintrittsdatum: null,
  austrittsdatum: null,
  adresstyp: 1,
  iban: '',
  zeitungErlaubt: false,
  notiz: '',
  aktiv: true,
};
const HUBER = {
  ...base,
  id: 5,
  anrede: 'Frau',
  vorname: 'Maria',
  nachname: 'Huber',
  name: 'Huber Maria',
  strasse: 'Gartenweg 3',
  plz: '1100',
  ort: 'Wien',
  telefon: '0664 123',
  email: 'maria@example.at',
  eintrittsdatum: '2001-04-01',
  flags: 257,
  parzellen: [{ id: 17, nummer: '17', von: '2001-04-01' }],
};
const BAUER = {
  ...base,
  id: 6,
  vorname: 'Karl',
  nachname: 'Bauer',
  name: 'Bauer Karl',
  flags: 0,
  parzellen: [],
};
const DETAIL = { ...HUBER, weiterePersonen: [], dateien: [] };

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const dialog = () => document.body.querySelector('[role="dialog"]');
const alertDialog = () => document.body.querySelector('[role="alertdialog"]');
const rowTexts = () =>
  [...container.querySelectorAll('[role="row"]')]
    .slice(1)
    .map((row) => [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) => cell.textContent));
const checkbox = (root: ParentNode, label: string) => {
  const found = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const input = found?.querySelector('input[type="checkbox"]');
  if (!input) throw new Error(`no checkbox ${label}`);
  return input as HTMLInputElement;
};
/** The error text a field is described by. */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function fakeLayout() {
  for (const property of ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.getOwnPropertyDescriptor(owner, property)) owner = Object.getPrototypeOf(owner);
    if (owner) vi.spyOn(owner as HTMLElement, property, 'get').mockReturnValue(1000);
  }
}

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.neutral.mockClear();
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('date helpers', () => {
  it('reads de-AT dates and writes ISO', () => {
    expect(parseGermanDate('15.1.2025')).toBe('2025-01-15');
    expect(parseGermanDate('')).toBeNull();
    expect(parseGermanDate('31.02.2025')).toBeUndefined();
    expect(formatGermanDate('2025-01-15')).toBe('15.01.2025');
  });
});

describe('NutzungsberechtigteScreen', () => {
  it('lists the active addresses sorted by name with member status and count', async () => {
    app.api({ ...signedIn(EDIT), [`GET ${LIST}?filter=aktiv`]: () => json([HUBER, BAUER]) });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    await waitFor(() => expect(document.title).toBe('Nutzungsberechtigte – KGV Sonnenhang'));
    expect(rowTexts()[0]?.[0]).toBe('Bauer Karl');
    expect(rowTexts()[1]).toEqual([
      'Huber Maria',
      '17',
      'Mitglied',
      '01.04.2001',
      '0664 123',
      'maria@example.at',
      'Gartenweg 3',
      '1100 Wien',
    ]);
    expect(container.textContent).toContain('2 Adressen');
    expect(hasButton(container, 'Neue Adresse')).toBe(true);
    const link = (text: string) => [...container.querySelectorAll('a')].find((a) => a.textContent === text);
    expect(link('Alle Adressen, alle Felder (Excel)')?.getAttribute('href')).toBe('/api/Stammdaten/ExportAdressen');
    expect(hasButton(container, 'Export')).toBe(true);
    expect(link('Weitere Mitgliedschaften (Excel)')?.getAttribute('href')).toBe(
      '/api/Stammdaten/ExportWeitereMitgliedschaften',
    );
    expect(link('Leeres Stammdatenblatt (PDF)')?.getAttribute('href')).toBe(
      '/api/Stammdaten/Stammdatenblatt?isleer=true',
    );
    expect(link('Leeres Stammdatenblatt (PDF)')?.getAttribute('target')).toBe('_blank');
  });

  it('takes the filters from the URL and narrows by the search', async () => {
    const url = `${LIST}?filter=ehemalig&mitglied=ja`;
    app.api({ ...signedIn(EDIT), [`GET ${url}`]: () => json([HUBER, BAUER]) });
    await app.renderAt(`${PATH}?filter=ehemalig&mitglied=ja&suche=gartenweg`);
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(callsTo(app.fetchMock, 'GET', url)).toHaveLength(1);
    expect(rowTexts()[0]?.[0]).toBe('Huber Maria');
    expect(container.textContent).toContain('1 von 2 Adressen');
    const search = container.querySelector('input[type="search"]') as HTMLInputElement;
    await typeInto(search, '');
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(window.location.search).toBe('?filter=ehemalig&mitglied=ja');
  });

  it('opens a record from a row and goes back with the filters kept', async () => {
    app.api({
      ...signedIn(EDIT),
      [`GET ${LIST}?filter=alle`]: () => json([HUBER]),
      'GET /api/Stammdaten/GetAdresse?id=5': () => json(DETAIL),
    });
    await app.renderAt(`${PATH}?filter=alle`);
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    const cell = container.querySelector('[role="rowheader"]') as HTMLElement;
    await act(async () => {
      cell.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', button: 0 }));
      cell.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', button: 0 }));
      cell.click();
    });
    await waitFor(() => expect(window.location.search).toBe('?filter=alle&id=5'));
    await waitFor(() => expect(field(container, 'Nachname').value).toBe('Huber'));
    expect(field(container, 'Eintritt').value).toBe('01.04.2001');
    const pdf = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Stammdatenblatt (PDF)');
    expect(pdf?.getAttribute('href')).toBe('/api/Stammdaten/Stammdatenblatt?id=5');
    await click(button(container, 'Zurück zur Liste'));
    await waitFor(() => expect(window.location.search).toBe('?filter=alle'));
  });

  it('creates an address: flags summed, dates ISO', async () => {
    app.api({
      ...signedIn(EDIT),
      [`POST ${SAVE}`]: (init) => json({ ...DETAIL, ...bodyOf(init), id: 9, name: 'Gruber Anna' }),
      'GET /api/Stammdaten/GetAdresse?id=9': () => json({ ...DETAIL, id: 9, name: 'Gruber Anna' }),
    });
    await app.renderAt(`${PATH}?id=neu`);
    await waitFor(() => expect(field(container, 'Nachname')).toBeTruthy());
    await typeInto(field(container, 'Vorname'), 'Anna');
    await typeInto(field(container, 'Nachname'), 'Gruber');
    await typeInto(field(container, 'Geburtsdatum'), '15.1.1960');
    await typeInto(field(container, 'Eintritt'), '01.03.2020');
    await click(checkbox(container, 'Hauptwohnsitz'));
    await click(checkbox(container, 'KGV-Mitarbeiter'));
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', SAVE)[0]!;
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
    const body = bodyOf(init);
    expect(body).toMatchObject({
      vorname: 'Anna',
      nachname: 'Gruber',
      geburtsdatum: '1960-01-15',
      eintrittsdatum: '2020-03-01',
      austrittsdatum: null,
      flags: 1 + 256 + 512,
      adresstyp: 1,
      land: 'Österreich',
      zeitungErlaubt: false,
    });
    expect(body).not.toHaveProperty('id');
    await waitFor(() => expect(toasts.positive).toHaveBeenCalledWith('Gespeichert!', { timeout: 5000 }));
    await waitFor(() => expect(window.location.search).toBe('?id=9'));
  });

  it('refuses an unreadable date before sending', async () => {
    app.api({ ...signedIn(EDIT) });
    await app.renderAt(`${PATH}?id=neu`);
    await waitFor(() => expect(field(container, 'Nachname')).toBeTruthy());
    await typeInto(field(container, 'Nachname'), 'Gruber');
    await typeInto(field(container, 'Geburtsdatum'), '31.02.1960');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(errorOf(field(container, 'Geburtsdatum'))).toContain('TT.MM.JJJJ'));
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);
  });

  it('shows the server 422 message under Nachname', async () => {
    app.api({
      ...signedIn(EDIT),
      'GET /api/Stammdaten/GetAdresse?id=5': () => json(DETAIL),
      [`POST ${SAVE}`]: () =>
        json(
          {
            title: 'Die Eingaben sind ungültig.',
            status: 422,
            code: 'validation',
            errors: { Nachname: ['Zeilenumbrüche und Steuerzeichen sind hier nicht erlaubt.'] },
          },
          422,
        ),
    });
    await app.renderAt(`${PATH}?id=5`);
    await waitFor(() => expect(field(container, 'Nachname').value).toBe('Huber'));
    await typeInto(field(container, 'Nachname'), 'Huber-Maier');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', SAVE)[0]![1])).toMatchObject({ id: 5, flags: 257 });
    await waitFor(() =>
      expect(errorOf(field(container, 'Nachname'))).toContain(
        'Zeilenumbrüche und Steuerzeichen sind hier nicht erlaubt.',
      ),
    );
    expect(field(container, 'Nachname').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before leaving with unsaved changes', async () => {
    app.api({ ...signedIn(EDIT), 'GET /api/Stammdaten/GetAdresse?id=5': () => json(DETAIL) });
    await app.renderAt(`${PATH}?id=5`);
    await waitFor(() => expect(field(container, 'Nachname').value).toBe('Huber'));
    await typeInto(field(container, 'Ort'), 'Graz');
    await click(button(container, 'Zurück zur Liste'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Änderungen verwerfen?'));
    expect(window.location.search).toBe('?id=5');
    await click(button(alertDialog()!, 'Weiter bearbeiten'));
    await waitFor(() => expect(alertDialog()).toBeNull());
    expect(field(container, 'Ort').value).toBe('Graz');
  });

  it('adds a weitere Person with the address id', async () => {
    const save = '/api/Stammdaten/UpdateWeiterePerson';
    app.api({
      ...signedIn(EDIT),
      'GET /api/Stammdaten/GetAdresse?id=5': () => json(DETAIL),
      'GET /api/Common/GetFilesByAdress?adressID=5': () => json([]),
      [`POST ${save}`]: (init) => json({ id: 30, ...bodyOf(init) }),
    });
    await app.renderAt(`${PATH}?id=5&tab=personen`);
    await waitFor(() => expect(container.textContent).toContain('keine weiteren Personen'));
    await click(button(container, 'Person hinzufügen'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    const box = dialog()!;
    await typeInto(field(box, 'Vorname'), 'Franz');
    await typeInto(field(box, 'Nachname'), 'Huber');
    await typeInto(field(box, 'Beziehung'), 'Ehemann');
    await typeInto(field(box, 'Geburtsdatum'), '2.3.1958');
    // The API's schema refuses a broken e-mail before anything is sent.
    await typeInto(field(box, 'E-Mail'), 'franz@');
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(errorOf(field(box, 'E-Mail'))).toMatch(/E-Mail/));
    expect(callsTo(app.fetchMock, 'POST', save)).toHaveLength(0);
    await typeInto(field(box, 'E-Mail'), '');
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', save)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', save)[0]![1])).toMatchObject({
      adresseId: 5,
      vorname: 'Franz',
      nachname: 'Huber',
      beziehung: 'Ehemann',
      geburtsdatum: '1958-03-02',
      flags: 0,
    });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('asks before deleting the address and shows a 409 as error toast', async () => {
    const url = '/api/Stammdaten/DeleteAdresse?id=5';
    const sentence = 'Die Adresse ist noch Nutzungsberechtigte der Parzelle 17 und kann nicht gelöscht werden.';
    app.api({
      ...signedIn(EDIT),
      'GET /api/Stammdaten/GetAdresse?id=5': () => json(DETAIL),
      [`DELETE ${url}`]: () => json({ title: sentence, status: 409, code: 'in_use' }, 409),
    });
    await app.renderAt(`${PATH}?id=5`);
    await waitFor(() => expect(field(container, 'Nachname').value).toBe('Huber'));
    await click(button(container, 'Löschen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Adresse „Huber Maria“ löschen?'));
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', url)).toHaveLength(1));
    await waitFor(() => expect(toasts.negative).toHaveBeenCalledWith(sentence));
    expect(window.location.search).toBe('?id=5');
  });

  it('uploads files as multipart with the record in `data`, and deletes a file after asking', async () => {
    const files = [
      { id: 41, name: 'Pachtvertrag.pdf', mime: 'application/pdf', size: 2048, createdAt: '2025-01-15T10:00:00Z' },
    ];
    const del = '/api/Common/DeleteFile?fileID=41';
    app.api({
      ...signedIn(EDIT),
      'GET /api/Stammdaten/GetAdresse?id=5': () => json(DETAIL),
      'GET /api/Common/GetFilesByAdress?adressID=5': () => json(files),
      [`POST ${SAVE}`]: () => json(HUBER),
      [`DELETE ${del}`]: () => new Response(null, { status: 204 }),
    });
    await app.renderAt(`${PATH}?id=5&tab=dateien`);
    await waitFor(() => expect(container.textContent).toContain('Pachtvertrag.pdf'));
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Pachtvertrag.pdf');
    expect(link?.getAttribute('href')).toBe('/api/Common/GetFile?fileID=41&inline=true');
    const input = document.body.querySelector('input[type="file"]') as HTMLInputElement;
    const upload = new File(['x'], 'Brief.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [upload], configurable: true });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    const form = callsTo(app.fetchMock, 'POST', SAVE)[0]![1]?.body as FormData;
    expect(JSON.parse(String(form.get('data')))).toMatchObject({ id: 5, nachname: 'Huber', flags: 257 });
    expect((form.getAll('files')[0] as File).name).toBe('Brief.pdf');
    await click(button(container, 'Datei „Pachtvertrag.pdf“ löschen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Datei „Pachtvertrag.pdf“ löschen?'));
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', del)).toHaveLength(1));
  });

  it('is read-only without the Edit right', async () => {
    app.api({
      ...signedIn(VIEW),
      [`GET ${LIST}?filter=aktiv`]: () => json([HUBER]),
      'GET /api/Stammdaten/GetAdresse?id=5': () => json({ ...DETAIL, weiterePersonen: [] }),
    });
    await app.renderAt(PATH);
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(hasButton(container, 'Neue Adresse')).toBe(false);
    await app.renderAt(`${PATH}?id=5`);
    await waitFor(() => expect(field(container, 'Nachname').value).toBe('Huber'));
    expect(field(container, 'Nachname').readOnly).toBe(true);
    expect(hasButton(container, 'Speichern')).toBe(false);
    expect(hasButton(container, 'Löschen')).toBe(false);
    expect(checkbox(container, 'KGV-Mitglied').checked).toBe(true);
  });
});
