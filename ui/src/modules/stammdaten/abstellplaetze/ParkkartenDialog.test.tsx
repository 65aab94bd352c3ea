import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, type Handler, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { blur, button, callsTo, click, field, hasButton, typeIntoTextArea } from '../../../testing/testHelpers';
import { bodyOf, dialog, fakeLayout, STAMMDATEN_EDIT, STAMMDATEN_VIEW, signedIn } from '../../../testing/testKit';
import { countLine } from './ParkkartenDialog';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const PATH = '/stammdatenverwalten/abstellplaetze';
const SAVE = '/api/Stammdaten/UpdateParkkartenInfo';
const INFO_2026 = 'GET /api/Stammdaten/GetParkkartenInfo?pachtabrechnungID=2';
const INFO_2025 = 'GET /api/Stammdaten/GetParkkartenInfo?pachtabrechnungID=1';

const PLATZ = {
  id: 1,
  nummer: 'P1',
  kategorieId: 1,
  kategorieName: 'PKW-Stellplatz',
  jahresgebuehrCent: 6000,
  aktiv: true,
  notiz: '',
  zuordnung: null,
};
const INFO = {
  pachtabrechnungId: 2,
  jahr: 2026,
  gebuehrCent: 1500,
  gueltigBis: '2027-03-31',
  hinweis: 'Gut sichtbar hinter die Windschutzscheibe legen.',
  anzahlKarten: 42,
  anzahlParzellen: 30,
};

function api(rights: readonly string[], extra: Record<string, Handler> = {}) {
  app.api({
    ...signedIn(rights),
    'GET /api/Stammdaten/GetAbstellplaetze': () => json([PLATZ]),
    'GET /api/Common/Pachtabrechnungen': () =>
      json([
        { id: 2, jahr: 2026, bezeichnung: '2026' },
        { id: 1, jahr: 2025, bezeichnung: '2025' },
      ]),
    [INFO_2026]: () => json(INFO),
    ...extra,
  });
}

const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const link = (name: string) => [...(dialog()?.querySelectorAll('a') ?? [])].find((a) => a.textContent === name);

/** Opens the Abstellplätze screen and its Parkkarten dialog, waiting for the year's values. */
async function openDialog() {
  await app.renderAt(PATH);
  await waitFor(() => expect(() => button(container, 'Parkkarten')).not.toThrow());
  await click(button(container, 'Parkkarten'));
  await waitFor(() => expect(() => field(dialog()!, 'Hinweis')).not.toThrow());
  return dialog()!;
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

describe('ParkkartenDialog', () => {
  it('says how many cards there are, singular and plural', () => {
    expect(countLine(42, 30)).toBe('42 Parkkarten für 30 Parzellen');
    expect(countLine(1, 1)).toBe('1 Parkkarte für 1 Parzelle');
    expect(countLine(1200, 1)).toBe('1.200 Parkkarten für 1 Parzelle');
  });

  it('loads the newest year: fee in €, date in de-AT, the note, the count and the PDF link', async () => {
    api(STAMMDATEN_EDIT);
    const box = await openDialog();
    await waitFor(() => expect(text(box)).toContain('42 Parkkarten für 30 Parzellen im Jahr 2026'));
    expect(field(box, 'Gebühr je Karte').value.replace(/\s/g, ' ')).toBe('€ 15,00');
    expect(field(box, 'Gültig bis').value).toBe('31.03.2027');
    expect(field(box, 'Hinweis').value).toBe('Gut sichtbar hinter die Windschutzscheibe legen.');
    expect(link('Alle Parkkarten drucken (PDF)')?.getAttribute('href')).toBe(
      '/api/Stammdaten/Parkkarten?pachtabrechnungID=2',
    );
  });

  it('switches the year, and says so instead of offering a link when the year has no cards', async () => {
    api(STAMMDATEN_EDIT, {
      [INFO_2025]: () =>
        json({
          ...INFO,
          pachtabrechnungId: 1,
          jahr: 2025,
          gebuehrCent: 1000,
          hinweis: '',
          anzahlKarten: 0,
          anzahlParzellen: 0,
        }),
    });
    const box = await openDialog();
    await waitFor(() => expect(text(box)).toContain('42 Parkkarten'));
    await click(box.querySelector('button[aria-haspopup="listbox"]')!);
    await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBe(2));
    const option = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === '2025');
    await click(option!);
    await waitFor(() => expect(text(dialog())).toContain('Für 2025 sind noch keine Parkkarten vorgesehen.'));
    expect(field(dialog()!, 'Gebühr je Karte').value.replace(/\s/g, ' ')).toBe('€ 10,00');
    expect(field(dialog()!, 'Hinweis').value).toBe('');
    expect(link('Alle Parkkarten drucken (PDF)')).toBeUndefined();
    expect(() => field(dialog()!, 'Parzellennummer')).toThrow();
  });

  it('saves the fee as integer cents, the date as ISO and the note, with a toast', async () => {
    api(STAMMDATEN_EDIT, { [`POST ${SAVE}`]: (init) => json({ ...INFO, ...bodyOf(init) }) });
    const box = await openDialog();
    const fee = field(box, 'Gebühr je Karte');
    await typeInto(fee, '12,5');
    await blur(fee);
    await typeInto(field(box, 'Gültig bis'), '30.4.2027');
    await typeIntoTextArea(field(box, 'Hinweis') as unknown as HTMLTextAreaElement, 'Zeile 1\nZeile 2');
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(1));
    const [, init] = callsTo(app.fetchMock, 'POST', SAVE)[0]!;
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(bodyOf(init)).toEqual({
      pachtabrechnungId: 2,
      gebuehrCent: 1250,
      gueltigBis: '2027-04-30',
      hinweis: 'Zeile 1\nZeile 2',
    });
    await waitFor(() =>
      expect(toasts.positive).toHaveBeenCalledWith('Parkkarten 2026 gespeichert.', { timeout: 5000 }),
    );
  });

  it('checks the date before sending and shows the server’s 422 messages at their fields', async () => {
    api(STAMMDATEN_EDIT, {
      [`POST ${SAVE}`]: () =>
        json(
          {
            title: 'Die Eingaben sind nicht gültig.',
            status: 422,
            code: 'validation_failed',
            errors: {
              gebuehrCent: ['Erlaubt sind 0 bis 100.000,00 € (ganze Cent).'],
              hinweis: ['Höchstens 2000 Zeichen.'],
            },
          },
          422,
        ),
    });
    const box = await openDialog();
    await typeInto(field(box, 'Gültig bis'), '31.02.2027');
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(text(box)).toContain('Bitte geben Sie ein Datum wie 31.12.2026 ein'));
    expect(callsTo(app.fetchMock, 'POST', SAVE)).toHaveLength(0);

    await typeInto(field(box, 'Gültig bis'), '31.03.2027');
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(text(box)).toContain('Erlaubt sind 0 bis 100.000,00 € (ganze Cent).'));
    expect(text(box)).toContain('Höchstens 2000 Zeichen.');
    // Each message sits at its own field (aria-describedby of the input).
    const described = (label: string) =>
      (field(box, label).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => text(document.getElementById(id)))
        .join(' ');
    expect(described('Gebühr je Karte')).toContain('ganze Cent');
    expect(described('Hinweis')).toContain('Höchstens 2000 Zeichen.');
    expect(dialog()).not.toBeNull();
    expect(toasts.positive).not.toHaveBeenCalled();
  });

  it('links the cards of one plot by its id once the number is known', async () => {
    api(STAMMDATEN_EDIT, {
      'GET /api/Stammdaten/Parzellen?pachtabrechnungID=2': () =>
        json([
          { id: 5, nummer: '7', anzahlParkkarten: 2 },
          { id: 9, nummer: '12a', anzahlParkkarten: 0 },
        ]),
    });
    const box = await openDialog();
    await typeInto(field(box, 'Parzellennummer'), '7');
    await waitFor(() => expect(link('Parkkarten dieser Parzelle (PDF)')).toBeDefined());
    // The id, not the number: the server reads a number as an id first.
    expect(link('Parkkarten dieser Parzelle (PDF)')?.getAttribute('href')).toBe(
      '/api/Stammdaten/Parkkarten?parzelle=5&pachtabrechnungID=2',
    );
    expect(text(box)).toContain('2 Parkkarten für Parzelle 7');
    await typeInto(field(box, 'Parzellennummer'), '12A');
    await waitFor(() => expect(text(box)).toContain('Für Parzelle 12a sind 2026 keine Parkkarten vorgesehen.'));
    expect(link('Parkkarten dieser Parzelle (PDF)')).toBeUndefined();
    await typeInto(field(box, 'Parzellennummer'), '99');
    await waitFor(() => expect(text(box)).toContain('Eine Parzelle „99“ gibt es nicht.'));
  });

  it('shows the Verlauf of the chosen year and refreshes it after saving', async () => {
    const HISTORY = 'GET /api/Common/GetHistory?entityID=Parkkarten%3A2';
    api(STAMMDATEN_EDIT, {
      [`POST ${SAVE}`]: (init) => json({ ...INFO, ...bodyOf(init) }),
      [HISTORY]: () =>
        json([
          {
            id: 1,
            entityType: 'Parkkarten',
            entityId: '2',
            action: 'update',
            userId: 5,
            userName: 'Kassier Karl',
            at: '2026-01-15T13:03:00Z',
            before: { gebuehrCent: 1000, hinweis: '' },
            after: { gebuehrCent: 1500, hinweis: 'Gut sichtbar hinter die Windschutzscheibe legen.' },
            changed: ['gebuehrCent', 'hinweis'],
          },
        ]),
    });
    const box = await openDialog();
    await click(button(box, 'Verlauf'));
    await waitFor(() => expect(text(box)).toContain('Kassier Karl'));
    expect(text(box)).toContain('geändert: Gebühr je Karte (Cent), Hinweis');
    expect(callsTo(app.fetchMock, 'GET', HISTORY.slice(4))).toHaveLength(1);
    await click(button(box, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'GET', HISTORY.slice(4))).toHaveLength(2));
  });

  it('is reachable when the club has no Abstellplatz yet', async () => {
    api(STAMMDATEN_EDIT, { 'GET /api/Stammdaten/GetAbstellplaetze': () => json([]) });
    const box = await openDialog();
    await waitFor(() => expect(text(box)).toContain('42 Parkkarten für 30 Parzellen'));
  });

  it('shows the values to a reader, who can print but not save', async () => {
    api(STAMMDATEN_VIEW);
    const box = await openDialog();
    await waitFor(() => expect(text(box)).toContain('42 Parkkarten für 30 Parzellen'));
    expect(hasButton(box, 'Speichern')).toBe(false);
    expect(hasButton(box, 'Schließen')).toBe(true);
    expect(field(box, 'Hinweis').readOnly).toBe(true);
    expect(link('Alle Parkkarten drucken (PDF)')).toBeDefined();
  });
});
