import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, hasButton } from '../../../testing/testHelpers';
import { bodyOf, signedIn } from '../../../testing/testKit';
import type { RundeZeile } from './ablesungApi';
import { KLEINER_ALS_LETZTE, MEHR_ALS_FAKTOR, parseStand, pruefe, STAND_HINT, standToInput } from './readingLogic';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;
const WASSER_EDIT = ['WebApp.Wasser.View', 'WebApp.Wasser.Edit'];
const DATUM = '2026-10-01';
const SAVE = 'POST /api/Wasserbuch/UpdateWasserablesung';

function zeile(id: number, nummer: string, over: Partial<RundeZeile> = {}): RundeZeile {
  return {
    id,
    version: 1,
    datum: DATUM,
    parzelleId: id,
    parzelleNummer: nummer,
    hauptwasserzaehlerId: null,
    hauptwasserzaehlerNummer: 'H1',
    zaehlernummer: `WZ-${nummer}`,
    stand: null,
    isZaehlerwechsel: false,
    quelle: 'manuell',
    notiz: '',
    adresseName: `Huber ${nummer}`,
    letzteAblesung: { datum: '2026-04-01', stand: '100.000' },
    letzterVerbrauch: '10.000',
    ...over,
  };
}

// Walking order as the server answers it: plot 2 before plot 10.
const ZEILEN = [zeile(11, '2'), zeile(12, '10'), zeile(13, '11')];

/** The fake server: answers a save with the stored row (version + 1, stand with 3 decimals). */
function api(
  options: { zeilen?: RundeZeile[]; save?: (body: Record<string, unknown>) => Response; faktor?: string } = {},
) {
  const zeilen = options.zeilen ?? ZEILEN;
  const faktor = options.faktor ?? '3';
  app.api({
    ...signedIn(WASSER_EDIT),
    'GET /api/Wasserbuch/GetWasserablesungLookup': () => json([{ datum: DATUM, anzahl: zeilen.length, fehlend: 3 }]),
    [`GET /api/Wasserbuch/GetAblesungsrunde?datum=${DATUM}`]: () =>
      json({ datum: DATUM, verbrauchsWarnFaktor: faktor, zeilen }),
    [SAVE]: (init) => {
      const body = bodyOf(init);
      if (options.save) return options.save(body);
      const row = zeilen.find((z) => z.id === body.id);
      const stand = body.stand === null ? null : Number(body.stand).toFixed(3);
      return json({ ...row, ...body, stand, version: Number(body.version) + 1 });
    },
  });
}

const standInput = (nummer: string) => {
  const input = container.querySelector<HTMLInputElement>(`input[aria-label="Stand Parzelle ${nummer} (m³)"]`);
  if (!input) throw new Error(`no input for Parzelle ${nummer}`);
  return input;
};
const rowOf = (nummer: string) => standInput(nummer).closest('tr') as HTMLTableRowElement;

async function press(input: HTMLInputElement, key: string, shiftKey = false) {
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));
  });
}

async function typeAt(nummer: string, value: string) {
  const input = standInput(nummer);
  await act(async () => input.focus());
  await typeInto(input, value);
  return input;
}

async function open(path = `/wasserbuch/wasserablesung?datum=${DATUM}`) {
  await app.renderAt(path);
  await waitFor(() => expect(standInput('2')).toBeTruthy());
}

beforeEach(() => {
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('readingLogic', () => {
  it('reads comma and dot, at most 3 decimals, and empty as not read', () => {
    expect(parseStand('150,25')).toEqual({ kind: 'stand', wire: '150.25', liter: 150250 });
    expect(parseStand('150.25')).toEqual({ kind: 'stand', wire: '150.25', liter: 150250 });
    expect(parseStand(' 1.234,5 ')).toMatchObject({ wire: '1234.5' });
    expect(parseStand('')).toEqual({ kind: 'leer' });
    expect(parseStand('1,2345').kind).toBe('ungueltig');
    expect(parseStand('abc').kind).toBe('ungueltig');
    expect(standToInput('150.250')).toBe('150,25');
    expect(standToInput('150.000')).toBe('150');
  });

  it('flags a reading below the last one and a consumption above 3 times the last', () => {
    const v = { letzterStand: '100.000', letzterVerbrauch: '10.000', isZaehlerwechsel: false };
    expect(pruefe('99,999', v)).toMatchObject({ kleiner: true, warnungen: [KLEINER_ALS_LETZTE], verbrauch: '-0.001' });
    expect(pruefe('130', v)).toMatchObject({ kleiner: false, warnungen: [], verbrauch: '30.000' });
    expect(pruefe('130,001', v).warnungen).toEqual([MEHR_ALS_FAKTOR]);
    expect(pruefe('90', { ...v, isZaehlerwechsel: true }).warnungen).toEqual([]);
    expect(pruefe('125,001', { ...v, faktor: '2.5' }).warnungen).toEqual(['mehr als 2,5-mal der letzte Verbrauch']);
    expect(pruefe('125', { ...v, faktor: '2.5' }).warnungen).toEqual([]);
    expect(pruefe('1,2345', v).fehler).toBe(STAND_HINT);
    expect(pruefe('', v)).toMatchObject({ fehler: null, warnungen: [], verbrauch: null });
  });
});

describe('WasserablesungScreen', () => {
  it('shows the round in walking order with last reading and consumption, and the counter', async () => {
    api();
    await open();
    const names = [...container.querySelectorAll('tbody th')].map((th) => th.textContent);
    expect(names).toEqual(['2 · H1', '10 · H1', '11 · H1']);
    const cells = [...rowOf('2').querySelectorAll('td')].map((td) => (td.textContent ?? '').replace(/\s/g, ' '));
    expect(cells[0]).toBe('Huber 2');
    expect(cells[1]).toBe('WZ-2');
    expect(cells[2]).toBe('100,000 m³ am 01.04.2026');
    expect(cells[3]).toBe('10,000 m³');
    expect(container.textContent).toContain('0 von 3 abgelesen');
    await waitFor(() => expect(document.title).toBe('Wasserablesung – KGV Sonnenhang'));
  });

  it('saves a comma reading on Enter, moves to the next plot, and Shift+Enter goes back', async () => {
    api();
    await open();
    const first = await typeAt('2', '112,5');
    // The consumption shows while typing, before anything is saved.
    expect(rowOf('2').textContent).toContain('12,500 m³');
    expect(callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/UpdateWasserablesung')).toHaveLength(0);
    await press(first, 'Enter');
    expect(document.activeElement).toBe(standInput('10'));
    await waitFor(() => expect(rowOf('2').textContent).toContain('gespeichert ✓'));
    const [call] = callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/UpdateWasserablesung');
    expect(bodyOf(call?.[1])).toMatchObject({ id: 11, version: 1, datum: DATUM, stand: '112.5', quelle: 'manuell' });
    expect(container.textContent).toContain('1 von 3 abgelesen');

    await typeInto(standInput('10'), '120.25');
    await press(standInput('10'), 'Enter');
    expect(document.activeElement).toBe(standInput('11'));
    await press(standInput('11'), 'Enter', true);
    expect(document.activeElement).toBe(standInput('10'));
    await waitFor(() => expect(container.textContent).toContain('2 von 3 abgelesen'));
    const bodies = callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/UpdateWasserablesung').map(([, i]) => bodyOf(i));
    expect(bodies.map((b) => b.stand)).toEqual(['112.5', '120.25']);
  });

  it('flags a value below the last reading as it is typed; Enter asks once more before it saves', async () => {
    api();
    await open();
    const input = await typeAt('2', '95');
    expect(rowOf('2').textContent).toContain(KLEINER_ALS_LETZTE);
    await press(input, 'Enter');
    expect(document.activeElement).toBe(input);
    expect(rowOf('2').textContent).toContain('Noch einmal Enter');
    expect(callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/UpdateWasserablesung')).toHaveLength(0);
    await press(input, 'Enter');
    expect(document.activeElement).toBe(standInput('10'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/UpdateWasserablesung')).toHaveLength(1));
    // The flag stays beside the saved value.
    await waitFor(() => expect(rowOf('2').textContent).toContain('gespeichert ✓'));
    expect(rowOf('2').textContent).toContain(KLEINER_ALS_LETZTE);
  });

  it('warns about more than 3 times the last consumption but saves at once', async () => {
    api();
    await open();
    const input = await typeAt('2', '131');
    expect(rowOf('2').textContent).toContain(MEHR_ALS_FAKTOR);
    await press(input, 'Enter');
    expect(document.activeElement).toBe(standInput('10'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/UpdateWasserablesung')).toHaveLength(1));
  });

  it("flags the consumption with the round's own factor", async () => {
    api({ faktor: '1.5' });
    await open();
    await typeAt('2', '116');
    expect(rowOf('2').textContent).toContain('mehr als 1,5-mal der letzte Verbrauch');
    await typeAt('10', '114,999');
    expect(rowOf('10').textContent).not.toContain('mehr als');
  });

  it('keeps the focus on a value that is no reading and saves nothing', async () => {
    api();
    await open();
    const input = await typeAt('2', '1,2345');
    await press(input, 'Enter');
    expect(document.activeElement).toBe(input);
    expect(rowOf('2').textContent).toContain(STAND_HINT);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/UpdateWasserablesung')).toHaveLength(0);
  });

  it('shows the server refusal beside the row and goes back to it', async () => {
    api({
      save: () =>
        json(
          {
            type: 'about:blank',
            title: 'Bitte prüfen Sie die Eingaben.',
            status: 422,
            code: 'validation',
            errors: { datum: ['Für den Zähler „WZ-2“ gibt es am 01.10.2026 bereits eine Ablesung.'] },
          },
          422,
        ),
    });
    await open();
    await press(await typeAt('2', '110'), 'Enter');
    await waitFor(() => expect(rowOf('2').textContent).toContain('bereits eine Ablesung'));
    expect(document.activeElement).toBe(standInput('2'));
    expect(container.textContent).toContain('1 Zeile nicht gespeichert');
  });

  it('on a version conflict shows the other value and takes it on request', async () => {
    const theirs = { ...ZEILEN[0], stand: '111.000', version: 2, notiz: 'Nachbar' };
    app.api({
      ...signedIn(WASSER_EDIT),
      'GET /api/Wasserbuch/GetWasserablesungLookup': () => json([{ datum: DATUM, anzahl: 3, fehlend: 3 }]),
      [`GET /api/Wasserbuch/GetAblesungsrunde?datum=${DATUM}`]: () =>
        json({ datum: DATUM, verbrauchsWarnFaktor: '3', zeilen: ZEILEN }),
      [SAVE]: () =>
        json(
          { type: 'about:blank', title: 'Von Max Muster inzwischen geändert.', status: 409, code: 'version_conflict' },
          409,
        ),
      'GET /api/Wasserbuch/GetWasserAblesung?id=11': () => json(theirs),
    });
    await open();
    await press(await typeAt('2', '110'), 'Enter');
    await waitFor(() => expect(container.textContent).toContain('Dort gespeichert: 111,000 m³'));
    expect(container.textContent).toContain('Ihr Wert: 110 m³');
    await click(button(container, 'Anderen Wert übernehmen'));
    expect(standInput('2').value).toBe('111');
    expect(rowOf('2').textContent).toContain('gespeichert ✓');
  });

  it('opens the round of a deep link and focuses the named reading; "nur fehlende" keeps the missing rows', async () => {
    api({ zeilen: [zeile(11, '2', { stand: '110.000' }), zeile(12, '10'), zeile(13, '11')] });
    await open(`/wasserbuch/wasserablesung?datum=${DATUM}&ablesung=13`);
    await waitFor(() => expect(document.activeElement).toBe(standInput('11')));
    expect(container.textContent).toContain('1 von 3 abgelesen');
    await click(container.querySelector('input[role="switch"]') as HTMLInputElement);
    await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(2));
    // A row typed in stays on screen while the filter is on.
    await press(await typeAt('10', '111'), 'Enter');
    await waitFor(() => expect(container.textContent).toContain('2 von 3 abgelesen'));
    expect(container.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('says when a deep link names a plot without a row and proposes that date for completing the round', async () => {
    api();
    await open(`/wasserbuch/wasserablesung?datum=${DATUM}&parzelle=99`);
    expect(container.textContent).toContain('Die gesuchte Parzelle hat am 01.10.2026 keine Zeile.');
    await click(button(container, 'Neue Ablesungsrunde'));
    await waitFor(() => expect(document.body.querySelector('[role="dialog"] input')).toBeTruthy());
    expect((document.body.querySelector('[role="dialog"] input') as HTMLInputElement).value).toBe('01.10.2026');
  });

  it('shows the round read-only without the Edit right', async () => {
    app.api({
      ...signedIn(['WebApp.Wasser.View']),
      'GET /api/Wasserbuch/GetWasserablesungLookup': () => json([{ datum: DATUM, anzahl: 3, fehlend: 3 }]),
      [`GET /api/Wasserbuch/GetAblesungsrunde?datum=${DATUM}`]: () =>
        json({ datum: DATUM, verbrauchsWarnFaktor: '3', zeilen: ZEILEN }),
    });
    await open();
    expect(standInput('2').readOnly).toBe(true);
    expect(hasButton(container, 'Neue Ablesungsrunde')).toBe(false);
    expect(hasButton(container, 'Runde löschen')).toBe(false);
    expect(hasButton(container, 'Funkzähler einlesen')).toBe(false);
    await press(standInput('2'), 'Enter');
    expect(callsTo(app.fetchMock, 'POST', '/api/Wasserbuch/UpdateWasserablesung')).toHaveLength(0);
  });
});
