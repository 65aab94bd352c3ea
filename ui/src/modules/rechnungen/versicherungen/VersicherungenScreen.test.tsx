import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentYear } from '../../../../../src/platform/dates';
import { createAppHarness, json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { blur, button, callsTo, click, field, hasButton, signedIn } from '../../../testing/testHelpers';
import { alertDialog, bodyOf, dialog, fakeLayout, rowTexts } from '../../../testing/testKit';

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
const JAHR = currentYear();
const R = '/api/Rechnungspruefung';
const V17 = {
  id: 5,
  version: 1,
  jahr: JAHR,
  parzelleId: 17,
  parzelleNummer: '17',
  versicherer: 'Wiener Städtische',
  polizze: 'P-4711',
  text: 'Gartenhausversicherung',
  praemieCent: 4_250,
};
const V3 = { ...V17, id: 6, parzelleId: 3, parzelleNummer: '3', polizze: 'P-0815', praemieCent: 3_900 };
const IMPORT_ADD = `${R}/ImportAddVersicherungen`;
const IMPORT_ERSETZEN = `${R}/ImportVersicherungenDeleteExisting`;

function api(rights: string[], extra: Record<string, (init: RequestInit | undefined) => Response> = {}) {
  return {
    ...signedIn(rights),
    [`GET ${R}/GetVersicherungen?jahr=${JAHR}`]: () => json([V17, V3]),
    [`GET ${R}/GetVersicherungen?jahr=2025`]: () => json([]),
    [`GET ${R}/GetVersicherungenImportJahre`]: () =>
      json([
        { jahr: JAHR, anzahl: 2 },
        { jahr: 2025, anzahl: 0 },
      ]),
    'GET /api/Common/Parzellen': () =>
      json([
        { id: 3, name: '3' },
        { id: 17, name: '17' },
      ]),
    ...extra,
  };
}

const text = (root: Element | null) => (root?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function chooseFile(name: string) {
  const input = dialog()?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  const file = new File(['Parzelle;Text;Prämie\n17;Gartenhaus;42,50\n'], name, { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.positive.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('VersicherungenScreen', () => {
  it('lists the year’s insurances by plot with the premiums’ sum', async () => {
    app.api(api(EDIT));
    await app.renderAt('/rechnungen/versicherungen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(rowTexts(container).map((r) => r.filter((c) => c !== ''))).toEqual([
      ['3', 'Gartenhausversicherung', 'Wiener Städtische', 'P-0815', '€ 39,00'],
      ['17', 'Gartenhausversicherung', 'Wiener Städtische', 'P-4711', '€ 42,50'],
    ]);
    expect(text(container)).toContain('2 Versicherungen · Prämien zusammen € 81,50');
  });

  it('edits an insurance and says when the year’s payment request is booked already', async () => {
    const hinweis = `Die Zahlungsvorschreibung ${JAHR} ist bereits gebucht.`;
    app.api(
      api(EDIT, {
        [`POST ${R}/UpdateVersicherung`]: (init) => json({ ...V17, ...bodyOf(init), version: 2, hinweis }),
      }),
    );
    await app.renderAt('/rechnungen/versicherungen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click([...container.querySelectorAll('[role="rowheader"]')][1]!);
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typeInto(field(dialog()!, 'Prämie'), '45');
    await blur(field(dialog()!, 'Prämie'));
    await click(button(dialog()!, 'Speichern'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'POST', `${R}/UpdateVersicherung`)).toHaveLength(1));
    expect(bodyOf(callsTo(app.fetchMock, 'POST', `${R}/UpdateVersicherung`)[0]![1])).toEqual({
      id: 5,
      version: 1,
      jahr: JAHR,
      parzelleId: 17,
      versicherer: 'Wiener Städtische',
      polizze: 'P-4711',
      text: 'Gartenhausversicherung',
      praemieCent: 4_500,
    });
    await waitFor(() =>
      expect(toasts.positive).toHaveBeenCalledWith(`Versicherung für Parzelle 17 gespeichert. ${hinweis}`, {
        timeout: 5000,
      }),
    );
  });

  it('deletes an insurance after asking', async () => {
    app.api(api(EDIT, { [`DELETE ${R}/DeleteVersicherung?id=6`]: () => new Response(null, { status: 204 }) }));
    await app.renderAt('/rechnungen/versicherungen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Versicherung Parzelle 3 löschen'));
    await waitFor(() => expect(alertDialog()).not.toBeNull());
    expect(text(alertDialog())).toContain('Versicherung Parzelle 3 löschen?');
    await click(button(alertDialog()!, 'Löschen'));
    await waitFor(() => expect(callsTo(app.fetchMock, 'DELETE', `${R}/DeleteVersicherung?id=6`)).toHaveLength(1));
  });

  it('imports a file only after a preview without errors, showing the wrong rows first', async () => {
    let versuch = 0;
    const zeile = { zeile: 2, parzelleId: 17, parzelleNummer: '17', versicherer: '', polizze: '', text: 'Gartenhaus' };
    app.api(
      api(EDIT, {
        [`POST ${IMPORT_ADD}`]: () => {
          versuch += 1;
          if (versuch === 1)
            return json(
              {
                title: 'Eine Zeile ist nicht gültig: nichts wurde importiert.',
                status: 422,
                errors: { 'Zeile 3': ['Parzelle „99“ gibt es nicht.'] },
              },
              422,
            );
          return json({
            jahr: JAHR,
            angelegt: 1,
            geloescht: 0,
            dryRun: versuch === 2,
            zeilen: [{ ...zeile, praemieCent: 4_250 }],
          });
        },
      }),
    );
    await app.renderAt('/rechnungen/versicherungen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Aus Datei importieren'));
    await waitFor(() => expect(text(dialog())).toContain(`Versicherungen ${JAHR} importieren`));
    expect(button(dialog()!, 'Vorschau').disabled).toBe(true);
    await chooseFile('falsch.csv');
    await click(button(dialog()!, 'Vorschau'));
    await waitFor(() => expect(dialog()?.querySelector('[role="alert"]')).not.toBeNull());
    expect(text(dialog()!.querySelector('[role="alert"]'))).toBe(
      'Eine Zeile ist nicht gültig: nichts wurde importiert.Zeile 3: Parzelle „99“ gibt es nicht.',
    );
    expect(button(dialog()!, 'Importieren').disabled).toBe(true);

    await chooseFile('richtig.csv');
    await click(button(dialog()!, 'Vorschau'));
    await waitFor(() => expect(text(dialog())).toContain('1 Versicherung über zusammen € 42,50.'));
    const [, vorschau] = callsTo(app.fetchMock, 'POST', IMPORT_ADD)[1]!;
    expect((vorschau!.body as FormData).get('dryRun')).toBe('true');
    expect((vorschau!.body as FormData).get('jahr')).toBe(String(JAHR));
    await click(button(dialog()!, '1 Versicherung importieren'));
    await waitFor(() => expect(text(dialog())).toContain(`1 Versicherung für ${JAHR} importiert.`));
    const [, echt] = callsTo(app.fetchMock, 'POST', IMPORT_ADD)[2]!;
    expect((echt!.body as FormData).get('dryRun')).toBe('false');
  });

  it('replaces the year’s insurances when chosen', async () => {
    app.api(
      api(EDIT, {
        [`POST ${IMPORT_ERSETZEN}`]: () => json({ jahr: JAHR, angelegt: 0, geloescht: 2, dryRun: true, zeilen: [] }),
      }),
    );
    await app.renderAt('/rechnungen/versicherungen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Aus Datei importieren'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await chooseFile('neu.csv');
    const ersetzen = [...dialog()!.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
      (r) => r.value === 'ersetzen',
    )!;
    await click(ersetzen);
    await click(button(dialog()!, 'Vorschau'));
    await waitFor(() => expect(text(dialog())).toContain('2 Versicherungen des Jahres werden gelöscht'));
    expect(callsTo(app.fetchMock, 'POST', IMPORT_ERSETZEN)).toHaveLength(1);
  });

  it('shows the year of the URL, also one without a billing year', async () => {
    app.api(api(EDIT, { [`GET ${R}/GetVersicherungen?jahr=2019`]: () => json([]) }));
    await app.renderAt('/rechnungen/versicherungen?jahr=2019');
    await waitFor(() => expect(text(container)).toContain('Noch keine Versicherungen für 2019'));
    const picker = [...container.querySelectorAll('button')].find((b) => b.getAttribute('aria-haspopup') === 'listbox');
    expect(text(picker ?? null)).toContain('2019');
  });

  it('is read-only without the Edit right', async () => {
    app.api(api(VIEW));
    await app.renderAt('/rechnungen/versicherungen');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    expect(hasButton(container, 'Neue Versicherung')).toBe(false);
    expect(hasButton(container, 'Aus Datei importieren')).toBe(false);
  });
});
