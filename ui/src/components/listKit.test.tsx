import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../../../src/platform/dates';
import { waitFor } from '../testing/appHarness';
import { setTestCookie } from '../testing/cookies';
import { renderWithProvider } from '../testing/renderWithProvider';
import { button, click } from '../testing/testHelpers';
import { fakeLayout, rowTexts } from '../testing/testKit';
import { countText, exportColumns, type ListColumn, ListScreen, RowAction } from './listKit';

vi.mock('@adobe/react-spectrum/Toast', () => ({
  ToastQueue: { neutral: vi.fn(() => () => undefined), positive: vi.fn(), negative: vi.fn() },
  ToastContainer: () => null,
}));

type Platz = { id: number; nummer: string; gebuehrCent: number; seit: string | null; aktiv: boolean };

const ROWS: Platz[] = [
  { id: 1, nummer: 'P10', gebuehrCent: 6000, seit: '2024-03-01', aktiv: true },
  { id: 2, nummer: 'P2', gebuehrCent: 2500, seit: null, aktiv: true },
  { id: 3, nummer: 'A1', gebuehrCent: 2500, seit: '2020-01-15', aktiv: false },
];

const COLUMNS: readonly ListColumn<Platz>[] = [
  { key: 'nummer', name: 'Nummer', rowHeader: true, sortValue: (r) => r.nummer, text: (r) => r.nummer },
  {
    key: 'gebuehr',
    name: 'Gebühr',
    align: 'end',
    sortValue: (r) => r.gebuehrCent,
    text: (r) => `€ ${r.gebuehrCent / 100}`,
    export: { typ: 'cent', value: (r) => r.gebuehrCent },
  },
  { key: 'seit', name: 'seit', text: (r) => r.seit ?? '', export: { typ: 'datum', value: (r) => r.seit } },
  { key: 'intern', name: 'Intern', text: () => 'x', export: false },
];

const query = (data: Platz[] | undefined) => ({ data, error: undefined, isLoading: false, mutate: vi.fn() });

function screen(props: Partial<Parameters<typeof ListScreen<Platz>>[0]> = {}) {
  return (
    <ListScreen<Platz>
      eyebrow="Stammdaten"
      title="Plätze"
      noun={['Platz', 'Plätze', 'Plätzen']}
      query={query(ROWS)}
      canEdit
      onNew={() => undefined}
      newLabel="Neuer Platz"
      empty={{ title: 'Noch keine Plätze', text: 'Anlegen', textReadOnly: 'Keine' }}
      columns={COLUMNS}
      defaultSort={{ column: 'nummer', direction: 'ascending' }}
      searchText={(r) => r.nummer}
      {...props}
    />
  );
}

let views: { unmount: () => Promise<void> }[] = [];
async function render(path: string, props: Partial<Parameters<typeof ListScreen<Platz>>[0]> = {}) {
  window.history.replaceState(null, '', path);
  const view = await renderWithProvider(screen(props));
  views.push(view);
  return view.container;
}

beforeEach(() => {
  fakeLayout();
  setTestCookie('XSRF-TOKEN', 'xsrf-1');
});
afterEach(async () => {
  for (const view of views) await view.unmount();
  views = [];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('exportColumns', () => {
  it('exports a column as its text unless it names a type and value; false leaves it out', () => {
    const columns = exportColumns(COLUMNS);
    expect(columns.map((c) => [c.name, c.typ, c.align])).toEqual([
      ['Nummer', 'text', undefined],
      ['Gebühr', 'cent', 'end'],
      ['seit', 'datum', undefined],
    ]);
    expect(columns.map((c) => c.value(ROWS[1]!))).toEqual(['P2', 2500, null]);
  });
});

describe('countText', () => {
  it('counts in the plural and after "von" in the dative where German wants it', () => {
    expect(countText(1, 1, ['Benutzer', 'Benutzer', 'Benutzern'])).toBe('1 Benutzer');
    expect(countText(1, 3, ['Benutzer', 'Benutzer', 'Benutzern'])).toBe('1 von 3 Benutzern');
    expect(countText(2, 5, ['Parzelle', 'Parzellen'])).toBe('2 von 5 Parzellen');
  });
});

describe('ListScreen', () => {
  it('searches from the URL, sorts, counts, and orders the toolbar: Suchen … Export, new', async () => {
    const container = await render('/plaetze?q=p');
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    // German order with numbers: P2 before P10.
    expect(rowTexts(container).map((cells) => cells[0])).toEqual(['P2', 'P10']);
    expect(container.textContent).toContain('2 von 3 Plätzen');
    const search = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect([...(search.labels ?? [])].map((label) => label.textContent)).toEqual(['Suchen']);
    const labels = [...container.querySelectorAll('button')].map((b) => b.textContent?.trim()).filter(Boolean);
    expect(labels.indexOf('Export')).toBeLessThan(labels.indexOf('Neuer Platz'));
    expect(container.querySelector('h1')?.textContent).toBe('Plätze');
  });

  it('inside a tab it leaves out the heading', async () => {
    const container = await render('/plaetze', { hideHeading: true });
    await waitFor(() => expect(rowTexts(container)).toHaveLength(3));
    expect(container.querySelector('h1')).toBeNull();
  });

  it('Export → Excel sends exactly the shown rows in the shown order with the filter in words, and saves the file', async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob(['xlsx']), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const container = await render('/plaetze?q=p', {
      rowFilter: (r) => r.aktiv,
      filterText: ['Status: Aktiv', null],
    });
    await waitFor(() => expect(rowTexts(container)).toHaveLength(2));
    await click(button(container, 'Export'));
    await waitFor(() => expect(document.querySelectorAll('[role="menuitem"]').length).toBe(2));
    const excel = [...document.querySelectorAll('[role="menuitem"]')].find((item) => item.textContent === 'Excel')!;
    await act(async () => {
      excel.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', button: 0 }));
      excel.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse', button: 0 }));
      (excel as HTMLElement).click();
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/Common/ListExport');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(JSON.parse(String(init.body))).toEqual({
      format: 'xlsx',
      titel: 'Plätze',
      untertitel: 'Status: Aktiv · Suche „p“',
      spalten: [
        { name: 'Nummer', typ: 'text' },
        { name: 'Gebühr', typ: 'cent', align: 'end' },
        { name: 'seit', typ: 'datum' },
      ],
      zeilen: [
        ['P2', 2500, null],
        ['P10', 6000, '2024-03-01'],
      ],
    });
    await waitFor(() => expect(saved).toEqual([`Plätze ${todayIso()}.xlsx`]));
  });

  it('puts the row actions right after the first column when the columns do not fit', async () => {
    // fakeLayout measures 1000 px; four columns of 300 px do not fit.
    const wide = COLUMNS.map((c) => ({ ...c, minWidth: 300 }));
    const container = await render('/plaetze', {
      columns: wide,
      actions: (row) => <RowAction label={`Platz ${row.nummer} löschen`} icon={<span />} onPress={() => undefined} />,
    });
    await waitFor(() => expect(rowTexts(container)).toHaveLength(3));
    const headers = [...container.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(['Nummer', 'Aktionen', 'Gebühr']);
  });

  it('keeps the row actions at the end when everything fits', async () => {
    const container = await render('/plaetze', {
      actions: (row) => <RowAction label={`Platz ${row.nummer} löschen`} icon={<span />} onPress={() => undefined} />,
    });
    await waitFor(() => expect(rowTexts(container)).toHaveLength(3));
    const headers = [...container.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent);
    expect(headers.at(-1)).toBe('Aktionen');
  });

  it('shows the empty state with the first action when there is nothing yet', async () => {
    window.history.replaceState(null, '', '/plaetze');
    const view = await renderWithProvider(
      screen({
        query: query([]),
        empty: { title: 'Noch keine Plätze', text: 'Legen Sie einen an.', textReadOnly: '', action: 'Platz anlegen' },
      }),
    );
    views.push(view);
    expect(view.container.textContent).toContain('Noch keine Plätze');
    expect(button(view.container, 'Platz anlegen')).toBeDefined();
    expect(view.container.querySelector('[role="grid"]')).toBeNull();
  });
});
