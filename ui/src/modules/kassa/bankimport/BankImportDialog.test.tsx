import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { swrConfig } from '../../../api/swrConfig';
import { json, typeInto, waitFor } from '../../../testing/appHarness';
import { setTestCookie } from '../../../testing/cookies';
import { renderWithProvider } from '../../../testing/renderWithProvider';
import { button, callsTo, click, field } from '../../../testing/testHelpers';
import { dialog } from '../../../testing/testKit';
import { BankImportDialog } from './BankImportDialog';
import type { BankImportErgebnis } from './bankImportApi';

const toasts = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const IBAN = 'AT611904300234573201';
const IMPORT = '/api/Kassa/ImportBank';
const VORSCHAU_URL = `${IMPORT}?kontoID=3&dryRun=true`;
const IMPORT_URL = `${IMPORT}?kontoID=3&dryRun=false`;

const EINTRAG = {
  datum: '2026-03-02',
  betragCent: 12000,
  name: 'Maria Huber',
  iban: 'AT022011100000000018',
  verwendungszweck: 'Pacht Parzelle 17',
  referenz: 'RF18539007547034',
  bankReferenz: 'B1',
  storno: false,
  duplikat: false,
};
const VORSCHAU: BankImportErgebnis = {
  importiert: 1,
  duplikate: 1,
  format: 'camt',
  eintraege: [
    EINTRAG,
    {
      ...EINTRAG,
      betragCent: -4550,
      name: 'Wiener Netze',
      verwendungszweck: 'Strom',
      bankReferenz: 'B0',
      duplikat: true,
    },
  ],
  saldo: { anfangCent: 100000, endeCent: 107450, summeCent: 7450, stimmt: true },
  auszuege: [{ iban: IBAN, anfangCent: 100000, endeCent: 107450, summeCent: 7450, stimmt: true }],
  warnungen: [],
  kassabuchIds: [],
};

function api(vorschau: BankImportErgebnis) {
  const handlers: Record<string, () => Response> = {
    'GET /api/Common/Konten': () =>
      json([
        { id: 3, name: 'Girokonto Erste', art: 'bank', aktiv: true, iban: IBAN },
        { id: 4, name: 'Handkassa', art: 'kassa', aktiv: true, iban: null },
      ]),
    'GET /api/Kassa/GetBankMappings': () =>
      json([
        {
          id: null,
          name: 'George (Erste Bank/Sparkasse)',
          eingebaut: true,
          mapping: {
            name: 'George',
            trennzeichen: 'auto',
            dezimalzeichen: ',',
            datumsformat: 'TT.MM.JJJJ',
            spalten: { datum: 'Buchungsdatum', betrag: 'Betrag', verwendungszweck: ['Verwendungszweck'] },
          },
        },
      ]),
    [`POST ${VORSCHAU_URL}`]: () => json(vorschau),
    [`POST ${IMPORT_URL}`]: () => json({ ...vorschau, kassabuchIds: [41] }),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const handler = handlers[`${init?.method ?? 'GET'} ${String(input)}`];
    return handler ? handler() : json({ title: `Kein Mock für ${String(input)}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function render(onImported = vi.fn()) {
  const view = await renderWithProvider(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <BankImportDialog isOpen onClose={() => undefined} onImported={onImported} kontoId={3} />
    </SWRConfig>,
  );
  await waitFor(() => expect(dialog()?.textContent).toContain('Kontoauszug importieren'));
  return view;
}

async function chooseFile() {
  const input = dialog()?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  const file = new File(['<Document/>'], 'auszug.xml', { type: 'text/xml' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

beforeEach(() => setTestCookie('XSRF-TOKEN', 'xsrf-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('BankImportDialog', () => {
  it('previews first: entries with duplicates greyed, the balance check, and imports only after it', async () => {
    const fetchMock = api(VORSCHAU);
    const onImported = vi.fn();
    const view = await render(onImported);
    const root = dialog() as Element;
    expect(button(root, 'Vorschau').disabled).toBe(true);
    await chooseFile();
    expect(button(root, 'Importieren').disabled).toBe(true);
    await click(button(root, 'Vorschau'));
    await waitFor(() => expect(root.textContent).toContain('Pacht Parzelle 17'));
    const text = (root.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(text).toContain('2 Buchungen in der Datei · 1 neu · 1 bereits importiert');
    expect(text).toContain('✓ Anfangssaldo € 1.000,00 + Summe € 74,50 = Endsaldo € 1.074,50');
    expect(text).toContain('02.03.2026');
    const duplikat = [...root.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes('Wiener Netze'));
    expect(duplikat?.className).toContain('kgv-bankimport-duplikat');
    expect(duplikat?.textContent).toContain('bereits importiert');
    const [vorschauCall] = callsTo(fetchMock, 'POST', VORSCHAU_URL);
    expect((vorschauCall?.[1]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    expect(callsTo(fetchMock, 'POST', IMPORT_URL)).toHaveLength(0);

    await click(button(root, '1 Buchung importieren'));
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    const erfolg = '1 importiert, 1 Duplikat übersprungen; die Buchungen stehen auf „offen/zu klären“.';
    expect(root.textContent).toContain(erfolg);
    expect(toasts.positive).toHaveBeenCalledWith(erfolg, expect.anything());
    expect(callsTo(fetchMock, 'POST', IMPORT_URL)).toHaveLength(1);
    await view.unmount();
  });

  it('says after the import how many payments were allocated to receivables and links the ones to clear (issue 15)', async () => {
    api({ ...VORSCHAU, importiert: 4, duplikate: 0, zugeordnet: 3, zuKlaeren: 1 });
    const view = await render();
    const root = dialog() as Element;
    await chooseFile();
    await click(button(root, 'Vorschau'));
    await click(button(root, '4 Buchungen importieren'));
    await waitFor(() => expect(root.textContent).toContain('3 Zahlungen automatisch zugeordnet, 1 zu klären'));
    // The allocated ones are no longer on the clearing account.
    expect(root.textContent).toContain('4 importiert, 0 Duplikate übersprungen; die übrigen Buchungen stehen auf');
    const link = [...root.querySelectorAll('a')].find((a) => a.textContent === 'Zahlungen zuordnen');
    expect(link?.getAttribute('href')).toBe('/rechnungen/zuklaeren');
    await view.unmount();
  });

  it('warns with the numbers when the statement does not add up, and offers nothing to import when all are duplicates', async () => {
    api({
      ...VORSCHAU,
      importiert: 0,
      duplikate: 2,
      eintraege: VORSCHAU.eintraege.map((e) => ({ ...e, duplikat: true })),
      saldo: { anfangCent: 100000, endeCent: 110000, summeCent: 7450, stimmt: false },
      // The server's own line for the mismatch (services/bankImportSaldo.ts) and one other warning.
      warnungen: [
        'Der Kontoauszug geht nicht auf: Anfangssaldo € 1.000,00 + Buchungen € 74,50 = € 1.074,50, der Endsaldo laut Bank ist aber € 1.100,00.',
        '1 Buchung(en) über 0,00 € werden nicht übernommen.',
      ],
    });
    const view = await render();
    const root = dialog() as Element;
    await chooseFile();
    await click(button(root, 'Vorschau'));
    await waitFor(() => expect(root.textContent).toContain('Der Kontoauszug geht nicht auf'));
    const text = (root.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(text).toContain('Anfangssaldo € 1.000,00 + Summe € 74,50 = € 1.074,50');
    expect(text).toContain('Endsaldo aber € 1.100,00 (Differenz € 25,50)');
    // The mismatch is said once (the dialog's banner), the other warning stays listed.
    expect(text.split('geht nicht auf').length - 1).toBe(1);
    expect(text).toContain('Bitte prüfen:1 Buchung(en) über 0,00 € werden nicht übernommen.');
    expect(button(root, '0 Buchungen importieren').disabled).toBe(true);
    await view.unmount();
  });

  it('asks before importing the statement of another IBAN', async () => {
    const fetchMock = api({
      ...VORSCHAU,
      auszuege: [{ ...VORSCHAU.auszuege[0], iban: 'AT483200000012345864' } as BankImportErgebnis['auszuege'][number]],
    });
    const view = await render();
    const root = dialog() as Element;
    await chooseFile();
    await click(button(root, 'Vorschau'));
    await waitFor(() => expect(root.textContent).toContain('IBAN nicht prüfen'));
    expect(button(root, '1 Buchung importieren').disabled).toBe(true);
    const checkbox = [...root.querySelectorAll('input[type="checkbox"]')].at(-1) as HTMLInputElement;
    await click(checkbox);
    expect(button(root, '1 Buchung importieren').disabled).toBe(false);
    fetchMock.mockClear();
    await click(button(root, '1 Buchung importieren'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${IMPORT_URL}&ignoreIban=true`)).toHaveLength(1));
    await view.unmount();
  });
});

describe('BankMappingEditor', () => {
  it('saves a copy of the built-in George mapping under an own name and shows the server’s error at the field', async () => {
    const fetchMock = api(VORSCHAU);
    const saved: unknown[] = [];
    let antwort: Response = json({}, 500);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/Kassa/UpdateBankMapping') {
        saved.push(JSON.parse(String(init?.body)));
        return antwort;
      }
      return (original as NonNullable<typeof original>)(input, init);
    });
    const view = await render();
    const root = dialog() as Element;
    await click(button(root, 'Eigene Zuordnung bearbeiten'));
    await waitFor(() => expect(button(root, 'Zuordnung speichern')).toBeTruthy());
    expect(field(root, 'Name der Zuordnung').value).toBe('George (Erste Bank/Sparkasse) (eigene)');
    expect(field(root, 'Spalte Buchungsdatum').value).toBe('Buchungsdatum');
    await typeInto(field(root, 'Spalte(n) Verwendungszweck'), 'Buchungstext + Zahlungsreferenz');
    await typeInto(field(root, 'Spalte Betrag'), '');

    antwort = new Response(
      JSON.stringify({
        type: 'about:blank',
        title: 'Die Eingaben sind nicht gültig.',
        status: 422,
        code: 'validation',
        errors: { 'mapping.spalten.betrag': ['Bitte geben Sie die Spalte an (Überschrift oder Buchstabe).'] },
      }),
      { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
    );
    await click(button(root, 'Zuordnung speichern'));
    await waitFor(() =>
      expect(root.textContent).toContain('Bitte geben Sie die Spalte an (Überschrift oder Buchstabe).'),
    );
    expect(saved[0]).toMatchObject({
      name: 'George (Erste Bank/Sparkasse) (eigene)',
      mapping: {
        spalten: { datum: 'Buchungsdatum', betrag: '', verwendungszweck: ['Buchungstext', 'Zahlungsreferenz'] },
      },
    });
    expect(saved[0]).not.toHaveProperty('id');

    antwort = json({ id: 9, name: 'George (Erste Bank/Sparkasse) (eigene)', eingebaut: false, mapping: {} });
    await typeInto(field(root, 'Spalte Betrag'), 'Betrag');
    await click(button(root, 'Zuordnung speichern'));
    await waitFor(() =>
      expect(toasts.positive).toHaveBeenCalledWith(
        'Zuordnung „George (Erste Bank/Sparkasse) (eigene)“ gespeichert.',
        expect.anything(),
      ),
    );
    await view.unmount();
  });
});
