import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click } from '../../../testing/testHelpers';
import { fakeLayout, signedIn } from '../../../testing/testKit';
import { BEISPIEL } from './domainBeispiel.testdata';

// The Kassier settles too (Abrechnung rights, no Wasser right): the Stichtag is chosen and previewed
// as for the Wasserwart, but the Fehlersuche (the plots' readings) is not offered — it would only
// answer 403.

vi.mock('@adobe/react-spectrum/Toast', () => ({
  ToastQueue: { neutral: vi.fn(() => () => undefined), positive: vi.fn(), negative: vi.fn() },
  ToastContainer: () => null,
}));

const app = createAppHarness();
const { container } = app;
const PREVIEW = 'POST /api/Wasserbuch/ErstelleAbrechnung?stichtag=2026-10-31&dryRun=true';

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('Neue Abrechnung for the Kassier', () => {
  it('previews the proposed Stichtag without the Fehlersuche', async () => {
    app.api({
      ...signedIn(['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit']),
      'GET /api/Wasserbuch/GetWasserablesungLookup': () => json([{ datum: '2026-10-31', anzahl: 4, fehlend: 0 }]),
      'GET /api/Abrechnung/GetNewWasserabrechnung': () =>
        json({ von: '2026-04-01', stichtag: '2026-10-31', akontoStichtag: null }),
      'GET /api/Wasserbuch/GetWasserakontoberechnungStichtage': () => json([]),
      'GET /api/Wasserbuch/GetWasserabrechnungStichtage': () => json([]),
      'GET /api/Abrechnung/GetWassergrunddata?id=5': () => json({ id: 5, schwundWarnungProzent: '10' }),
      [PREVIEW]: () => json(BEISPIEL),
    });
    await app.renderAt('/wasserbuch/wasserabrechnung/jahresabrechnung');
    await waitFor(() => expect(button(container, 'Vorschau berechnen').disabled).toBe(false));
    await click(button(container, 'Vorschau berechnen'));
    await waitFor(() => expect(container.textContent).toContain('Vorschau – noch nicht gespeichert'));
    expect(container.textContent).not.toContain('Fehlersuche für diesen Zeitraum');
    expect(callsTo(app.fetchMock, 'GET', '/api/Wasserbuch/GetFehlersuche?stichtag=2026-10-31')).toHaveLength(0);
  });

  it('names what is missing without links to the Wasserablesung the Kassier cannot open', async () => {
    const missing = {
      text: 'Parzelle 12: Für den Zähler „W12“ fehlt die Ablesung am 31.10.2026.',
      parzelleId: 12,
      parzelleNummer: '12',
      hauptwasserzaehlerId: null,
      zaehlernummer: 'W12',
      datum: '2026-10-31',
    };
    app.api({
      ...signedIn(['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit']),
      'GET /api/Wasserbuch/GetWasserablesungLookup': () => json([{ datum: '2026-10-31', anzahl: 4, fehlend: 1 }]),
      'GET /api/Abrechnung/GetNewWasserabrechnung': () =>
        json({ von: '2026-04-01', stichtag: '2026-10-31', akontoStichtag: null }),
      'GET /api/Wasserbuch/GetWasserakontoberechnungStichtage': () => json([]),
      'GET /api/Wasserbuch/GetWasserabrechnungStichtage': () => json([]),
      [PREVIEW]: () =>
        new Response(
          JSON.stringify({
            title: 'Die Wasserabrechnung kann so nicht erstellt werden.',
            status: 422,
            code: 'validation_failed',
            errors: { stichtag: [missing.text] },
            befunde: [missing],
          }),
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    await app.renderAt('/wasserbuch/wasserabrechnung/jahresabrechnung');
    await waitFor(() => expect(button(container, 'Vorschau berechnen').disabled).toBe(false));
    await click(button(container, 'Vorschau berechnen'));
    await waitFor(() => expect(container.querySelector('ul[aria-label="Was fehlt"]')).not.toBeNull());
    const item = container.querySelector('ul[aria-label="Was fehlt"] li');
    expect(item?.textContent).toBe(missing.text);
    expect(item?.querySelector('a')).toBeNull();
  });

  const refused = () =>
    new Response(JSON.stringify({ title: 'Dafür fehlt Ihnen die Berechtigung.', status: 403, code: 'forbidden' }), {
      status: 403,
      headers: { 'Content-Type': 'application/problem+json' },
    });
  const calls = (over: Record<string, () => Response>) => ({
    ...signedIn(['WebApp.Abrechnung.View', 'WebApp.Abrechnung.Edit']),
    'GET /api/Wasserbuch/GetWasserablesungLookup': () => json([{ datum: '2026-10-31', anzahl: 4, fehlend: 0 }]),
    'GET /api/Abrechnung/GetNewWasserabrechnung': () =>
      json({ von: '2026-04-01', stichtag: '2026-10-31', akontoStichtag: null }),
    'GET /api/Wasserbuch/GetWasserakontoberechnungStichtage': () => json([]),
    'GET /api/Wasserbuch/GetWasserabrechnungStichtage': () => json([]),
    ...over,
  });

  it('says so when the stored settlements cannot be loaded', async () => {
    app.api(calls({ 'GET /api/Wasserbuch/GetWasserabrechnungStichtage': refused }));
    await app.renderAt('/wasserbuch/wasserabrechnung/jahresabrechnung');
    await waitFor(() =>
      expect(container.textContent).toContain('Die gespeicherten Abrechnungen ließen sich nicht laden.'),
    );
    expect(container.textContent).toContain('Dafür fehlt Ihnen die Berechtigung.');
    expect(button(container, 'Erneut versuchen')).toBeDefined();
  });

  it('says so when the reading dates cannot be loaded', async () => {
    app.api(calls({ 'GET /api/Wasserbuch/GetWasserablesungLookup': refused }));
    await app.renderAt('/wasserbuch/wasserabrechnung/jahresabrechnung');
    await waitFor(() => expect(container.textContent).toContain('Die Ablesungstage ließen sich nicht laden.'));
  });
});
