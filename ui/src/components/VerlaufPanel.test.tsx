import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { swrConfig } from '../api/swrConfig';
import { json, waitFor } from '../testing/appHarness';
import { renderWithProvider } from '../testing/renderWithProvider';
import { summaryOf, VerlaufPanel } from './VerlaufPanel';

vi.mock('@adobe/react-spectrum/Toast', () => ({
  ToastQueue: { neutral: vi.fn(() => () => undefined), positive: vi.fn(), negative: vi.fn() },
  ToastContainer: () => null,
}));

const URL = '/api/Common/GetHistory?entityID=Parzelle%3A17';
const ENTRIES = [
  {
    id: 5,
    entityType: 'Parzelle',
    entityId: '17',
    action: 'update',
    userId: 2,
    userName: 'Maria Huber',
    at: new Date(2025, 0, 15, 14, 3).toISOString(),
    before: { flaeche: '380.00', gruppeId: 1, notiz: '' },
    after: { flaeche: '400.00', gruppeId: 2, notiz: '' },
    changed: ['flaeche', 'gruppeId'],
  },
  {
    id: 2,
    entityType: 'Parzelle',
    entityId: '17',
    action: 'create',
    userId: 1,
    userName: 'Olga Obfrau',
    at: new Date(2024, 4, 2, 9, 30).toISOString(),
    before: null,
    after: { nummer: '17', flaeche: '380.00' },
    changed: [],
  },
];

function render(answer: unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === URL ? json(answer) : json({ title: 'nicht gefunden' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
  return renderWithProvider(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <VerlaufPanel entityType="Parzelle" entityId={17} />
    </SWRConfig>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VerlaufPanel', () => {
  it('lists who changed what, newest first, and expands before/after', async () => {
    const view = await render(ENTRIES);
    try {
      await waitFor(() => expect(view.container.querySelectorAll('li')).toHaveLength(2));
      const lines = [...view.container.querySelectorAll('li')].map((li) => li.textContent ?? '');
      expect(lines[0]).toContain('15.01.2025 14:03 · Maria Huber · geändert: Fläche, Gruppe');
      expect(lines[1]).toContain('02.05.2024 09:30 · Olga Obfrau · angelegt');
      const toggle = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Details anzeigen');
      if (!toggle) throw new Error('no toggle');
      await act(async () => toggle.click());
      const cells = [...view.container.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.children].map((cell) => cell.textContent),
      );
      expect(cells).toEqual([
        ['Fläche', '380.00', '400.00'],
        ['Gruppe', '1', '2'],
      ]);
    } finally {
      await view.unmount();
    }
  });

  it('says when nothing was changed yet', async () => {
    const view = await render([]);
    try {
      await waitFor(() => expect(view.container.textContent).toContain('Noch keine Änderungen'));
    } finally {
      await view.unmount();
    }
  });

  it('names the other actions in German', () => {
    const entry = (action: string, changed: string[]) => ({ ...ENTRIES[0]!, action, changed });
    expect(summaryOf(entry('gartenwechsel', ['parzelle']))).toBe('Gartenwechsel: Parzelle');
    expect(summaryOf(entry('neuzuordnung', ['abstellplatz']))).toBe('Neuzuordnung: Abstellplatz');
    expect(summaryOf(entry('wechsel', ['nummer']))).toBe('Zählerwechsel: Nummer');
    expect(summaryOf(entry('person-create', ['weiterePerson']))).toBe('Weitere Person angelegt');
    expect(summaryOf(entry('irgendwas', []))).toBe('irgendwas');
  });
});
