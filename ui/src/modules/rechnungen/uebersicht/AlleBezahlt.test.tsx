import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../../../../../src/platform/dates';
import { createAppHarness, json, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { button, callsTo, click, hasButton } from '../../../testing/testHelpers';
import { bodyOf, dialog, fakeLayout } from '../../../testing/testKit';
import {
  api,
  EDIT,
  GAERTNER,
  HUBER,
  LADEN,
  R,
  rechnung,
  STANDARD,
  tabellenZeilen,
  uebersicht,
} from './rechnungsuebersichtTestdaten';

// "Als bezahlt buchen": the chosen receivables with an open amount paid in cash at the club house
// (POST AlleBezahlt) — the Konto (Handkassa by default), the date, a refusal in the dialog, the toast,
// the list refreshed and the selection cleared.

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const app = createAppHarness();
const { container } = app;

const flat = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const summenText = () => flat(container.querySelector('[aria-label="Summen der gezeigten Rechnungen"]')?.textContent);
const KONTEN = {
  'GET /api/Common/Konten': () =>
    json([
      { id: 1, name: 'Girokonto', art: 'bank', aktiv: true, iban: 'AT611904300234573201' },
      { id: 2, name: 'Handkassa', art: 'kassa', aktiv: true, iban: null },
    ]),
};
/** A paid receivable the list shows too (status filter "bezahlt" on): nothing left to book. */
const BEZAHLT = rechnung({
  id: 9,
  nummer: '2026-00009',
  adresseName: 'Bezahlt Berta',
  bezahltCent: 155_344,
  offenCent: 0,
  ueberfaelligCent: 0,
  status: 'bezahlt',
});
const bezahltVon = (r: typeof HUBER) =>
  rechnung({ ...r, bezahltCent: r.betragCent, offenCent: 0, ueberfaelligCent: 0, status: 'bezahlt' });

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
  toasts.positive.mockClear();
  toasts.negative.mockClear();
  return app.setUp();
});
afterEach(async () => {
  await app.tearDown();
  vi.restoreAllMocks();
});

describe('Als bezahlt buchen', () => {
  it('books the chosen open receivables in cash, shows a refusal in the dialog, then refreshes and clears the choice', async () => {
    let gebucht = false;
    let versuche = 0;
    app.api(
      api(EDIT, {
        ...KONTEN,
        [`GET ${STANDARD}`]: () =>
          json(uebersicht(gebucht ? [bezahltVon(GAERTNER), bezahltVon(HUBER), BEZAHLT] : [GAERTNER, HUBER, BEZAHLT])),
        [`POST ${R}/AlleBezahlt`]: () => {
          versuche += 1;
          if (versuche === 1)
            return new Response(
              JSON.stringify({
                type: 'about:blank',
                title: 'Die Zahlung ist nicht möglich.',
                status: 422,
                errors: { datum: ['Die Periode 2026 ist abgeschlossen.'] },
              }),
              { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
            );
          gebucht = true;
          return json({ anzahl: 2, summeCent: 245_123, kassabuchIds: [101, 102] });
        },
      }),
    );
    await app.renderAt('/rechnungen/rechnungsuebersicht');
    await waitFor(() => expect(tabellenZeilen(container)).toHaveLength(3), LADEN);
    // Nothing chosen: the button is there but does nothing yet.
    expect(button(container, 'Als bezahlt buchen').disabled).toBe(true);

    // All three chosen: only the two with an open amount count.
    await click(container.querySelector('input[aria-label="Alle Rechnungen der Liste auswählen"]')!);
    await waitFor(() => expect(hasButton(container, 'Als bezahlt buchen (2)')).toBe(true));
    expect(hasButton(container, 'Rechnungen drucken (3)')).toBe(true);
    await click(button(container, 'Als bezahlt buchen (2)'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Als bezahlt buchen'));
    expect(flat(dialog()?.textContent)).toContain('2 Rechnungen mit zusammen € 2.451,23 offen');
    // Cash at the club house: Handkassa is preselected.
    await waitFor(() => expect(flat(dialog()?.textContent)).toContain('Handkassa'));

    await click(button(dialog()!, '2 Zahlungen buchen'));
    await waitFor(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toContain('abgeschlossen'));
    expect(dialog()?.textContent).toContain('Die Zahlung ist nicht möglich.');
    expect(bodyOf(callsTo(app.fetchMock, 'POST', `${R}/AlleBezahlt`)[0]![1])).toEqual({
      rechnungIds: [3, 17],
      kontoId: 2,
      datum: todayIso(),
    });
    // Nothing booked yet: the sums stand.
    expect(summenText()).toContain('Offen€ 2.451,23');

    // Second try goes through: toast, dialog closed, list and sums refreshed, choice cleared.
    await click(button(dialog()!, '2 Zahlungen buchen'));
    await waitFor(() =>
      expect(toasts.positive.mock.calls.map((c: unknown[]) => c[0])).toContain('2 Zahlungen gebucht'),
    );
    await waitFor(() => expect(dialog()).toBeNull());
    await waitFor(() => expect(summenText()).toContain('Offen€ 0,00'));
    expect(tabellenZeilen(container).map((z) => z.at(-1))).toEqual(['bezahlt', 'bezahlt', 'bezahlt']);
    expect(button(container, 'Als bezahlt buchen').disabled).toBe(true);
    expect(hasButton(container, 'Rechnungen drucken')).toBe(true);
  });

  it('is not offered without the right to book in Kassa', async () => {
    app.api(
      api(
        EDIT.filter((r) => r !== 'WebApp.Kassa.Edit'),
        KONTEN,
      ),
    );
    await app.renderAt('/rechnungen/rechnungsuebersicht');
    await waitFor(() => expect(tabellenZeilen(container)).toHaveLength(2), LADEN);
    await click(container.querySelector('input[aria-label="Rechnung 2026-00017 auswählen"]')!);
    await waitFor(() => expect(hasButton(container, 'Zahlscheine (1)')).toBe(true));
    expect(hasButton(container, 'Als bezahlt buchen (1)')).toBe(false);
    expect(hasButton(container, 'Als bezahlt buchen')).toBe(false);
  });
});
