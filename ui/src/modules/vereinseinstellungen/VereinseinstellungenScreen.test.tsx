import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../testing/appHarness';
import { setTestCookie } from '../../testing/cookies';
import {
  blur,
  button,
  callsTo,
  click,
  EDIT_RIGHTS,
  field,
  hasButton,
  settings,
  signedIn,
  VIEW_RIGHTS,
} from '../../testing/testHelpers';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/grundeinstellungen/vereinseinstellungen';
const GET = 'GET /api/Vereinseinstellungen/Vereinseinstellungen';
const UPDATE = '/api/Vereinseinstellungen/UpdateVereinseinstellungen';

/** The field's text with the no-break spaces of number formatting as plain spaces. */
const shown = (input: HTMLInputElement) => input.value.replace(/\u00a0/g, ' ');
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const alertDialog = () => document.body.querySelector('[role="alertdialog"]');
const tab = (name: string) => {
  const found = [...container.querySelectorAll('[role="tab"]')].find((element) => element.textContent === name);
  if (!found) throw new Error(`no tab ${name}`);
  return found;
};

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.neutral.mockClear();
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(() => app.tearDown());

describe('VereinseinstellungenScreen', () => {
  it('saves only the Bank section, with the anti-forgery header, and says "Gespeichert!"', async () => {
    let saved = settings();
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(saved),
      [`POST ${UPDATE}?edit=Bank`]: (init) => {
        saved = settings({ bank: bodyOf(init) });
        return json(saved);
      },
    });
    await app.renderAt(`${PATH}?abschnitt=bank`);
    await waitFor(() => field(container, 'IBAN'));
    await waitFor(() => expect(document.title).toBe('Vereinseinstellungen – KGV Sonnenhang'));
    // Shown grouped in fours.
    expect(field(container, 'IBAN').value).toBe('AT61 1904 3002 3457 3201');
    await typeInto(field(container, 'Bank'), 'UniCredit Bank Austria');
    await click(button(container, 'Speichern'));

    await waitFor(() => expect(toasts.positive).toHaveBeenCalledWith('Gespeichert!', { timeout: 5000 }));
    expect(toasts.neutral).toHaveBeenCalledWith('Speichert...');
    const calls = callsTo(app.fetchMock, 'POST', `${UPDATE}?edit=Bank`);
    expect(calls).toHaveLength(1);
    const [, init] = calls[0]!;
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(bodyOf(init)).toEqual({
      kontoinhaber: 'KGV Sonnenhang',
      iban: 'AT611904300234573201',
      bic: 'BKAUATWW',
      bankname: 'UniCredit Bank Austria',
      glaeubigerId: '',
    });
    // No other section went to the server, and the settings were read again.
    expect(app.fetchMock.mock.calls.filter(([url]) => String(url).startsWith(UPDATE))).toHaveLength(1);
    await waitFor(() =>
      expect(callsTo(app.fetchMock, 'GET', '/api/Vereinseinstellungen/Vereinseinstellungen').length).toBe(2),
    );
    await waitFor(() => expect(field(container, 'Bank').value).toBe('UniCredit Bank Austria'));
    // Saved means clean: nothing to discard.
    expect(button(container, 'Abbrechen').disabled).toBe(true);
  });

  it("shows the server's 422 message under the field and no success toast", async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(settings()),
      [`POST ${UPDATE}?edit=Bank`]: () =>
        json(
          {
            type: 'about:blank',
            title: 'Die Eingaben sind nicht gültig.',
            status: 422,
            code: 'validation_failed',
            errors: { iban: ['Die IBAN ist ungültig: Prüfziffer stimmt nicht.'] },
          },
          422,
        ),
    });
    await app.renderAt(`${PATH}?abschnitt=bank`);
    await waitFor(() => field(container, 'IBAN'));
    // A valid IBAN the client lets through; the server still refuses it (e.g. a bank it does not know).
    await typeInto(field(container, 'IBAN'), 'AT61 1904 3002 3457 3201');
    await click(button(container, 'Speichern'));

    await waitFor(() => expect(field(container, 'IBAN').getAttribute('aria-invalid')).toBe('true'));
    const describedBy = field(container, 'IBAN').getAttribute('aria-describedby') ?? '';
    const described = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('Die IBAN ist ungültig: Prüfziffer stimmt nicht.');
    await waitFor(() => expect(toasts.negative).toHaveBeenCalled());
    expect(toasts.positive).not.toHaveBeenCalled();
    // What the user typed stays for the correction.
    expect(field(container, 'IBAN').value).toBe('AT61 1904 3002 3457 3201');
  });

  it('checks required fields before calling the server', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [GET]: () => json(settings()) });
    await app.renderAt(PATH);
    await waitFor(() => field(container, 'Vereinsname'));
    await typeInto(field(container, 'Vereinsname'), '   ');
    await click(button(container, 'Speichern'));
    // The server's schema's own words.
    await waitFor(() => expect(container.textContent).toContain('Bitte geben Sie den Vereinsnamen ein.'));
    expect(app.fetchMock.mock.calls.some(([url]) => String(url).startsWith(UPDATE))).toBe(false);
  });

  it('refuses Zahlungsziel 0 and Mahngebühr −5 at the field instead of changing them', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [GET]: () => json(settings()) });
    await app.renderAt(`${PATH}?abschnitt=anzahl`);
    await waitFor(() => field(container, 'Zahlungsziel in Tagen'));
    const days = field(container, 'Zahlungsziel in Tagen');
    const fee = field(container, 'Mahngebühr 2. Mahnung');
    await typeInto(days, '0');
    await blur(days);
    await typeInto(fee, '-5');
    await blur(fee);
    // Nothing clamped: what was typed stays.
    expect(shown(days)).toBe('0');
    expect(shown(fee)).toBe('-€ 5,00');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(days.getAttribute('aria-invalid')).toBe('true'));
    expect(fee.getAttribute('aria-invalid')).toBe('true');
    const text = container.textContent?.replace(/\u00a0/g, ' ');
    expect(text).toContain('Das Zahlungsziel muss 1 bis 365 Tage betragen.');
    expect(text).toContain('Erlaubt sind € 0,00 bis € 1.000,00.');
    expect(app.fetchMock.mock.calls.some(([url]) => String(url).startsWith(UPDATE))).toBe(false);
    expect(toasts.positive).not.toHaveBeenCalled();
    expect(shown(days)).toBe('0');
  });

  it('focuses the first field in error and names the wrong fields at the top', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [GET]: () => json(settings()) });
    await app.renderAt(`${PATH}?abschnitt=bank`);
    await waitFor(() => field(container, 'Kontoinhaber'));
    await typeInto(field(container, 'Kontoinhaber'), 'K'.repeat(71));
    await typeInto(field(container, 'IBAN'), 'AT00 1234');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(document.activeElement).toBe(field(container, 'Kontoinhaber')));
    expect(container.textContent).toContain('Höchstens 70 Zeichen.');
    expect(container.textContent).toContain('2 Felder sind nicht richtig ausgefüllt: Kontoinhaber, IBAN');
    expect(app.fetchMock.mock.calls.some(([url]) => String(url).startsWith(UPDATE))).toBe(false);
  });

  it('converts € amounts to cents for "Fristen und Gebühren"', async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(settings()),
      [`POST ${UPDATE}?edit=Anzahl`]: () => json(settings()),
    });
    await app.renderAt(`${PATH}?abschnitt=anzahl`);
    await waitFor(() => field(container, 'Mahngebühr 2. Mahnung'));
    const fee = field(container, 'Mahngebühr 2. Mahnung');
    expect(shown(fee)).toBe('€ 5,00');
    await typeInto(fee, '7,35');
    await blur(fee);
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${UPDATE}?edit=Anzahl`)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', `${UPDATE}?edit=Anzahl`)[0]!;
    expect(bodyOf(init)).toEqual({
      zahlungszielTage: 14,
      mahngebuehrStufe2Cent: 735,
      mahngebuehrStufe3Cent: 1000,
      parkkartenProParzelle: 2,
    });
  });

  it('shows decimals with a comma and sends them with a dot', async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(settings()),
      [`POST ${UPDATE}?edit=OptionenWasser`]: () => json(settings()),
    });
    await app.renderAt(`${PATH}?abschnitt=optionenwasser`);
    await waitFor(() => field(container, 'Verbrauchswarnung ab Faktor'));
    expect(field(container, 'Verbrauchswarnung ab Faktor').value).toBe('3,0');
    expect(shown(field(container, 'Mindestbetrag Akonto'))).toBe('€ 20,00');
    await typeInto(field(container, 'Verbrauchswarnung ab Faktor'), '2,5');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${UPDATE}?edit=OptionenWasser`)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', `${UPDATE}?edit=OptionenWasser`)[0]!;
    expect(bodyOf(init)).toEqual({
      schwundMethode: 'proportional',
      verbrauchsWarnFaktor: '2.5',
      schwundWarnProzent: '30',
      akontoMindestCent: 2000,
    });
  });

  it('warns that level 2 makes everyone set up the second factor, and keeps the option flags', async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(settings({ optionen: { mfa: 2, flags: 5 }, mfa: 2 })),
      [`POST ${UPDATE}?edit=Optionen`]: () => json(settings()),
    });
    await app.renderAt(`${PATH}?abschnitt=optionen`);
    await waitFor(() => expect(container.textContent).toContain('Zwei-Faktor-Anmeldung für alle verpflichtend'));
    expect(container.textContent).toContain('Für alle verpflichtend');
    expect(container.textContent).toContain('müssen dann nach der Anmeldung zuerst die Zwei-Faktor-Anmeldung');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${UPDATE}?edit=Optionen`)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', `${UPDATE}?edit=Optionen`)[0]!;
    expect(bodyOf(init)).toEqual({ mfa: 2, flags: 5 });
  });

  it('shows the values read-only without "Speichern" to a user without the Edit right', async () => {
    app.api({ ...signedIn(VIEW_RIGHTS), [GET]: () => json(settings()) });
    await app.renderAt(PATH);
    await waitFor(() => field(container, 'Vereinsname'));
    await waitFor(() => expect(container.textContent).toContain('Sie können die Vereinseinstellungen ansehen'));
    expect(field(container, 'Vereinsname').value).toBe('KGV Sonnenhang');
    expect(field(container, 'Vereinsname').readOnly).toBe(true);
    expect(hasButton(container, 'Speichern')).toBe(false);
    expect(hasButton(container, 'Abbrechen')).toBe(false);
    await click(tab('Logo'));
    await waitFor(() => expect(container.querySelector('img[alt="Aktuelles Vereinslogo"]')).not.toBeNull());
    expect(hasButton(container, 'Bild auswählen …')).toBe(false);
  });

  it('asks before a tab change drops unsaved changes', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [GET]: () => json(settings()) });
    await app.renderAt(`${PATH}?abschnitt=bank`);
    await waitFor(() => field(container, 'BIC'));
    await typeInto(field(container, 'BIC'), 'GIBAATWWXXX');

    await click(tab('Kontakt'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Änderungen verwerfen?'));
    await click(button(document.body, 'Weiter bearbeiten'));
    await waitFor(() => expect(alertDialog()).toBeNull());
    expect(field(container, 'BIC').value).toBe('GIBAATWWXXX');
    expect(window.location.search).toBe('?abschnitt=bank');

    await click(tab('Kontakt'));
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    await click(button(document.body, 'Verwerfen'));
    await waitFor(() => field(container, 'Sprechstunden'));
    expect(window.location.search).toBe('?abschnitt=kontakt');
  });

  it('asks before leaving the route with unsaved changes', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [GET]: () => json(settings()) });
    await app.renderAt(PATH);
    await waitFor(() => field(container, 'Ort'));
    await typeInto(field(container, 'Ort'), 'Graz');
    const link = [...container.querySelectorAll('nav a')].find((a) => a.textContent === 'Abstellplatz-Kategorien');
    if (!link) throw new Error('no menu link');

    await click(link);
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    expect(window.location.pathname).toBe(PATH);
    await click(button(document.body, 'Verwerfen'));
    await waitFor(() => expect(window.location.pathname).toBe('/grundeinstellungen/abstellplatzKategorien'));
  });

  it('asks the browser before unloading with unsaved changes only', async () => {
    app.api({ ...signedIn(EDIT_RIGHTS), [GET]: () => json(settings()) });
    await app.renderAt(PATH);
    await waitFor(() => field(container, 'Ort'));
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await typeInto(field(container, 'Ort'), 'Graz');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
    // Abbrechen asks too before the typed text goes.
    await click(button(container, 'Abbrechen'));
    await waitFor(() => expect(alertDialog()?.textContent).toContain('Änderungen verwerfen?'));
    await click(button(alertDialog() as HTMLElement, 'Verwerfen'));
    await waitFor(() => expect(field(container, 'Ort').value).toBe('Wien'));
  });

  it('checks the logo file size in German and uploads a fitting one as multipart', async () => {
    app.api({
      ...signedIn(EDIT_RIGHTS),
      [GET]: () => json(settings()),
      'POST /api/Vereinseinstellungen/UpdateVereinsLogo': () =>
        json(settings({ iconFile: { fileId: 8, url: '/api/Common/GetLogo' } })),
    });
    await app.renderAt(`${PATH}?abschnitt=logo`);
    await waitFor(() => expect(container.querySelector('img[alt="Aktuelles Vereinslogo"]')).not.toBeNull());
    const logoSrc = () => container.querySelector('img[alt="Aktuelles Vereinslogo"]')?.getAttribute('src');
    const before = logoSrc();
    expect(before).toMatch(/^\/api\/Common\/GetLogo\?v=/);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    expect(input.getAttribute('accept')).toContain('image/png');

    const choose = async (file: File) => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      await act(async () => {
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
    };
    await choose(new File([new Uint8Array(3 * 1024 * 1024)], 'riesig.png', { type: 'image/png' }));
    await waitFor(() => expect(container.textContent).toContain('Erlaubt sind höchstens 2 MB'));
    expect(container.textContent).toContain('riesig.png');

    await choose(new File([new Uint8Array(2048)], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(container.textContent).toContain('logo.png (2 KB)'));
    expect(container.textContent).not.toContain('Erlaubt sind höchstens 2 MB');
    await click(button(container, 'Speichern'));
    await waitFor(() => expect(toasts.positive).toHaveBeenCalledWith('Gespeichert!', { timeout: 5000 }));
    const [, init] = callsTo(app.fetchMock, 'POST', '/api/Vereinseinstellungen/UpdateVereinsLogo')[0]!;
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
    const sent = init?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('file') as File).name).toBe('logo.png');
    await waitFor(() => expect(logoSrc()).not.toBe(before));
  });
});
