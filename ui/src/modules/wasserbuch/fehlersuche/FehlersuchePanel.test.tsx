import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { swrConfig } from '../../../api/swrConfig';
import { json, waitFor } from '../../../testing/appHarness';
import { renderWithProvider } from '../../../testing/renderWithProvider';
import { type Befund, FehlersuchePanel } from './FehlersuchePanel';

vi.mock('@adobe/react-spectrum/Toast', () => ({
  ToastQueue: { neutral: vi.fn(() => () => undefined), positive: vi.fn(), negative: vi.fn() },
  ToastContainer: () => null,
}));

const leer: Omit<Befund, 'art' | 'text'> = {
  parzelleId: null,
  parzelleNummer: null,
  hauptwasserzaehlerId: null,
  zaehlernummer: null,
  datum: null,
  ablesungId: null,
};
const BEFUNDE: Befund[] = [
  {
    ...leer,
    art: 'fehlendeAblesung',
    text: 'Parzelle 7 (Zähler WZ-7): keine Ablesung am 01.10.2026.',
    parzelleId: 17,
    parzelleNummer: '7',
    zaehlernummer: 'WZ-7',
    datum: '2026-10-01',
    ablesungId: 301,
  },
  {
    ...leer,
    art: 'fehlendeAblesung',
    text: 'Parzelle 9 (Zähler WZ-9): keine Ablesung am 01.10.2026.',
    parzelleId: 19,
    parzelleNummer: '9',
    zaehlernummer: 'WZ-9',
    datum: '2026-10-01',
  },
  {
    ...leer,
    art: 'hoherSchwund',
    text: 'Hauptwasserzähler HWZ-1: Schwund 40,000 m³ (40 %) liegt über 30 %.',
    hauptwasserzaehlerId: 4,
    zaehlernummer: 'HWZ-1',
    datum: '2026-10-01',
    ablesungId: 290,
  },
];

function render(befunde: Befund[], props: { stichtag: string; von?: string }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/Wasserbuch/GetFehlersuche') return json({ title: 'nicht gefunden' }, 404);
    return json({
      stichtag: url.searchParams.get('stichtag'),
      von: url.searchParams.get('von') ?? '2026-04-01',
      befunde,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    view: renderWithProvider(
      <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
        <FehlersuchePanel {...props} />
      </SWRConfig>,
    ),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const links = (root: ParentNode) => [...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe('FehlersuchePanel', () => {
  it('groups the findings by kind with a heading and count, each linking to its row', async () => {
    const { view: pending, fetchMock } = render(BEFUNDE, { stichtag: '2026-10-01', von: '2026-04-01' });
    const view = await pending;
    try {
      await waitFor(() => expect(view.container.querySelectorAll('li')).toHaveLength(3));
      expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
        '/api/Wasserbuch/GetFehlersuche?stichtag=2026-10-01&von=2026-04-01',
      );
      const headings = [...view.container.querySelectorAll('h4')].map((h) => h.textContent);
      expect(headings).toEqual(['Fehlende Ablesungen (2)', 'Auffälliger Schwund (1)']);
      const missing = view.container.querySelector('section[aria-label="Fehlende Ablesungen (2)"]');
      expect(missing?.textContent).toContain('Parzelle 7 (Zähler WZ-7): keine Ablesung am 01.10.2026.');
      expect(links(view.container)).toEqual([
        ['Ablesung öffnen', '/wasserbuch/wasserablesung?datum=2026-10-01&ablesung=301'],
        ['Parzelle in der Ablesung öffnen', '/wasserbuch/wasserablesung?datum=2026-10-01&parzelle=19'],
        ['Hauptwasserzähler öffnen', '/stammdatenverwalten/hauptwasserzaehler?id=4'],
      ]);
    } finally {
      await view.unmount();
    }
  });

  it('says "Keine Auffälligkeiten" when the check finds nothing, and asks without von when none is given', async () => {
    const { view: pending, fetchMock } = render([], { stichtag: '2026-10-01' });
    const view = await pending;
    try {
      await waitFor(() => expect(view.container.textContent).toContain('Keine Auffälligkeiten'));
      expect(view.container.textContent).toContain('vom 01.04.2026 bis 01.10.2026');
      expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/Wasserbuch/GetFehlersuche?stichtag=2026-10-01');
      expect(view.container.querySelectorAll('li')).toHaveLength(0);
    } finally {
      await view.unmount();
    }
  });
});
