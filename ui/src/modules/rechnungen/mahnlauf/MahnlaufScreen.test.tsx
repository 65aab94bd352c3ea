import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../../../../../src/platform/dates';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, hasButton, signedIn } from '../../../testing/testHelpers';
import { alertDialog, bodyOf, fakeLayout } from '../../../testing/testKit';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const EDIT = ['WebApp.Rechnungspruefung.View', 'WebApp.Rechnungspruefung.Edit'];
const VIEW = ['WebApp.Rechnungspruefung.View'];
const HEUTE = todayIso();
const LAUF = '/api/Rechnungspruefung/Mahnlauf';

const zeile = (id: number, name: string, email: boolean, stufe: number) => ({
  rechnungId: id,
  nummer: `2026-0000${id}`,
  adresseId: 10 + id,
  adresseName: name,
  email,
  faelligAm: '2026-03-31',
  offenCent: 155_344,
  ueberfaelligCent: 155_344,
  mahnstufe: stufe,
  naechsteStufe: stufe + 1,
  gebuehrCent: stufe === 0 ? 0 : 500,
  zinsenCent: 0,
  neuOffenCent: stufe === 0 ? 155_344 : 155_844,
});
const VORSCHAU = {
  datum: HEUTE,
  zeilen: [zeile(1, 'Huber Maria', false, 0), zeile(2, 'Berger Franz', true, 1)],
  uebersprungen: [{ rechnungId: 3, nummer: '2026-00003', adresseName: 'Gruber Anna', grund: 'mahnsperre' }],
  summen: { anzahl: 2, ueberfaelligCent: 310_688, gebuehrCent: 500, zinsenCent: 0 },
};

function api(rights: string[], extra: Record<string, (init: RequestInit | undefined) => Response> = {}) {
  return {
    ...signedIn(rights),
    'GET /api/Common/Addressen': () => json([{ id: 11, name: 'Huber Maria' }]),
    [`GET ${LAUF}?datum=${HEUTE}`]: () => json(VORSCHAU),
    ...extra,
  };
}

const text = (root: Element | null) => (root?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const zeilen = (label: string) =>
  [...container.querySelectorAll(`table[aria-label="${label}"] tbody tr`)].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => text(td)),
  );
const haken = (nummer: string) =>
  container.querySelector(`input[aria-label="Rechnung ${nummer} mahnen"]`) as HTMLInputElement;

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('MahnlaufScreen', () => {
  it('previews the run with the next level, the ones left out and the e-mail note', async () => {
    app.api(api(EDIT));
    await app.renderAt('/rechnungen/mahnlauf');
    await waitFor(() => expect(zeilen('Zu mahnen')).toHaveLength(2));
    expect(zeilen('Zu mahnen')[1]!.slice(1)).toEqual([
      '2026-00002',
      'Berger Franz',
      '31.03.2026',
      '€ 1.553,44',
      '€ 1.553,44',
      'gemahnt 1',
      'Mahnung',
      '€ 5,00',
      '€ 0,00',
      '€ 1.558,44',
      'E-Mail',
    ]);
    expect(zeilen('Übersprungen')).toEqual([['2026-00003', 'Gruber Anna', 'Mahnsperre']]);
    expect(text(container)).toContain('2 Rechnungen zu mahnen: überfällig € 3.106,88, Gebühren € 5,00');
    expect(text(container)).toContain('Diese Mitglieder möchten Post per E-Mail');
    expect(text(container)).toContain('Berger Franz. Der Versand per E-Mail kommt');
  });

  it('reminds the ticked receivables after a confirm naming count and sum, then prints them', async () => {
    app.api(
      api(EDIT, {
        [`POST ${LAUF}`]: () => json({ anzahl: 1, mahnungIds: [41], summeCent: 155_844 }),
      }),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await app.renderAt('/rechnungen/mahnlauf');
    await waitFor(() => expect(zeilen('Zu mahnen')).toHaveLength(2));
    expect(haken('2026-00001').checked).toBe(true);
    await click(haken('2026-00001'));
    await waitFor(() => expect(hasButton(container, '1 Mahnung erstellen')).toBe(true));
    await click(button(container, '1 Mahnung erstellen'));
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    expect(text(alertDialog())).toContain('1 Mahnung erstellen?');
    expect(text(alertDialog())).toContain('über zusammen € 1.558,44');
    await click(button(alertDialog()!, 'Mahnungen erstellen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', LAUF)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', LAUF)[0]![1])).toEqual({
      datum: HEUTE,
      calc: false,
      rechnungIds: [2],
    });
    await waitFor(() => expect(text(container)).toContain('1 Mahnung erstellt; zusammen sind € 1.558,44 offen.'));
    await click(button(container, 'Mahnungen drucken (PDF)'));
    expect(open).toHaveBeenCalledWith('/api/Rechnungspruefung/MahnungenDruck?ids=41', '_blank', 'noopener');
  });

  it('shows the server’s refusal of the run', async () => {
    app.api(
      api(EDIT, {
        [`POST ${LAUF}`]: () =>
          json(
            {
              title: 'Der Mahnlauf ist nicht möglich.',
              status: 422,
              errors: { rechnungIds: ['Rechnung 2026-00002 ist nicht mehr zu mahnen.'] },
            },
            422,
          ),
      }),
    );
    await app.renderAt('/rechnungen/mahnlauf');
    await waitFor(() => expect(zeilen('Zu mahnen')).toHaveLength(2));
    await click(button(container, '2 Mahnungen erstellen'));
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    await click(button(alertDialog()!, 'Mahnungen erstellen'));
    const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((a) => text(a));
    await waitFor(() =>
      expect(alerts()).toContain('Der Mahnlauf ist nicht möglich.Rechnung 2026-00002 ist nicht mehr zu mahnen.'),
    );
  });

  it('asks the server for the chosen filters and runs with the same minimum days', async () => {
    const gefiltert = `${LAUF}?datum=2026-05-02&calc=true&art=manuell&jahr=2026&mindestTage=30`;
    app.api(
      api(EDIT, {
        [`GET ${gefiltert}`]: () => json({ ...VORSCHAU, datum: '2026-05-02', uebersprungen: [] }),
        [`POST ${LAUF}`]: () => json({ anzahl: 2, mahnungIds: [41, 42], summeCent: 311_188 }),
      }),
    );
    await app.renderAt('/rechnungen/mahnlauf?datum=2026-05-02&zinsen=1&art=manuell&jahr=2026&tage=30');
    await waitFor(() => expect(zeilen('Zu mahnen')).toHaveLength(2));
    expect(callsTo(app.fetchMock, 'GET', gefiltert)).toHaveLength(1);
    await click(button(container, '2 Mahnungen erstellen'));
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    expect(text(alertDialog())).toContain(
      '2 Mahnungen zum 02.05.2026 über zusammen € 3.111,88 (offen samt Gebühren und Zinsen)',
    );
    await click(button(alertDialog()!, 'Mahnungen erstellen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', LAUF)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', LAUF)[0]![1])).toEqual({
      datum: '2026-05-02',
      calc: true,
      mindestTage: 30,
      rechnungIds: [1, 2],
    });
  });

  it('says when there is nothing to remind', async () => {
    app.api(api(EDIT, { [`GET ${LAUF}?datum=${HEUTE}`]: () => json({ ...VORSCHAU, zeilen: [], uebersprungen: [] }) }));
    await app.renderAt('/rechnungen/mahnlauf');
    await waitFor(() => expect(text(container)).toContain('ist keine Rechnung zu mahnen.'));
    expect(hasButton(container, '0 Mahnungen erstellen')).toBe(false);
  });

  it('shows the preview without ticks and without the button to View-only users', async () => {
    app.api(api(VIEW));
    await app.renderAt('/rechnungen/mahnlauf');
    await waitFor(() => expect(zeilen('Zu mahnen')).toHaveLength(2));
    expect(container.querySelector('table[aria-label="Zu mahnen"] input[type="checkbox"]')).toBeNull();
    expect(hasButton(container, '2 Mahnungen erstellen')).toBe(false);
    // Nor a word about a button they do not have.
    expect(container.textContent).not.toContain('Erst mit „Mahnungen erstellen“');
  });
});
