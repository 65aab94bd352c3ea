import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { swrConfig } from '../api/swrConfig';
import { json, waitFor } from '../testing/appHarness';
import { renderWithProvider } from '../testing/renderWithProvider';
import { YearPicker } from './YearPicker';

vi.mock('@adobe/react-spectrum/Toast', () => ({
  ToastQueue: { neutral: vi.fn(() => () => undefined), positive: vi.fn(), negative: vi.fn() },
  ToastContainer: () => null,
}));

const YEARS = [
  { id: 3, jahr: 2026, bezeichnung: 'Pachtjahr 2026' },
  { id: 2, jahr: 2025, bezeichnung: 'Pachtjahr 2025' },
];

async function render(path: string) {
  window.history.replaceState(null, '', path);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(YEARS)),
  );
  return renderWithProvider(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <YearPicker />
    </SWRConfig>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('YearPicker', () => {
  it('shows the newest year when the URL names none', async () => {
    const view = await render('/stammdatenverwalten/parzellen');
    try {
      await waitFor(() => expect(view.container.querySelector('button')?.textContent).toContain('Pachtjahr 2026'));
    } finally {
      await view.unmount();
    }
  });

  it('shows the year of ?jahr=', async () => {
    const view = await render('/stammdatenverwalten/parzellen?jahr=2');
    try {
      await waitFor(() => expect(view.container.querySelector('button')?.textContent).toContain('Pachtjahr 2025'));
    } finally {
      await view.unmount();
    }
  });
});
