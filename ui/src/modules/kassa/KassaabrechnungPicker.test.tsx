import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { swrConfig } from '../../api/swrConfig';
import { json, problem, waitFor } from '../../testing/appHarness';
import { renderWithProvider } from '../../testing/renderWithProvider';
import { GeschlossenBanner, KassaabrechnungPicker, useSelectedKassaabrechnung } from './KassaabrechnungPicker';

const toasts = vi.hoisted(() => ({ neutral: vi.fn(() => () => undefined), positive: vi.fn(), negative: vi.fn() }));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: toasts, ToastContainer: () => null }));

const PERIODEN = [
  { id: 3, name: 'Kassa 2027', jahr: 2027, von: '2027-01-01', bis: '2027-12-31', geschlossen: false },
  { id: 2, name: 'Kassa 2026', jahr: 2026, von: '2026-01-01', bis: '2026-12-31', geschlossen: false },
  { id: 1, name: 'Kassa 2025', jahr: 2025, von: '2025-01-01', bis: '2025-12-31', geschlossen: true },
];

/** What a screen does with the hook: the picker, the banner and the id it loads. */
function Probe() {
  const { kassaabrechnungId, kassaabrechnung } = useSelectedKassaabrechnung();
  return (
    <>
      <KassaabrechnungPicker />
      <GeschlossenBanner kassaabrechnung={kassaabrechnung} />
      <output>{kassaabrechnungId ?? 'keine'}</output>
    </>
  );
}

async function render(path: string, datum: () => Response) {
  window.history.replaceState(null, '', path);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/Abrechnung/GetKassaabrechnungDatum') ? datum() : json(PERIODEN),
    ),
  );
  return renderWithProvider(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <Probe />
    </SWRConfig>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.negative.mockClear();
});

const shown = (container: HTMLElement) => container.querySelector('output')?.textContent;

describe('KassaabrechnungPicker', () => {
  it('defaults to the period containing today (the server’s GetKassaabrechnungDatum), not the newest', async () => {
    const view = await render('/kassa/konten', () => json({ id: 2, von: '2026-01-01', bis: '2026-12-31' }));
    try {
      await waitFor(() => expect(view.container.querySelector('button')?.textContent).toContain('Kassa 2026'));
      expect(shown(view.container)).toBe('2');
    } finally {
      await view.unmount();
    }
  });

  it('takes ?kassaabrechnung= and says when that period is closed', async () => {
    const view = await render('/kassa/konten?kassaabrechnung=1', () =>
      json({ id: 2, von: '2026-01-01', bis: '2026-12-31' }),
    );
    try {
      await waitFor(() =>
        expect(view.container.textContent).toContain('Kassaabrechnung 2025 ist abgeschlossen – nur Ansicht'),
      );
      expect(view.container.querySelector('button')?.textContent).toContain('Kassa 2025 (abgeschlossen)');
      expect(shown(view.container)).toBe('1');
    } finally {
      await view.unmount();
    }
  });

  it('choosing another period puts it in the URL; the default one needs no parameter', async () => {
    const view = await render('/kassa/konten?kassaabrechnung=1', () =>
      json({ id: 2, von: '2026-01-01', bis: '2026-12-31' }),
    );
    try {
      await waitFor(() => expect(shown(view.container)).toBe('1'));
      const select = view.container.querySelector('select') as HTMLSelectElement;
      const choose = (value: string) =>
        act(async () => {
          select.value = value;
          select.dispatchEvent(new Event('change', { bubbles: true }));
        });
      await choose('3');
      await waitFor(() => expect(window.location.search).toBe('?kassaabrechnung=3'));
      await choose('2');
      await waitFor(() => expect(window.location.search).toBe(''));
      expect(shown(view.container)).toBe('2');
    } finally {
      await view.unmount();
    }
  });

  it('no period yet: nothing chosen and no error toast', async () => {
    const view = await render('/kassa/konten', () => problem(404, 'Es gibt noch keine Kassaabrechnung.'));
    try {
      await waitFor(() =>
        expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain(
          '/api/Abrechnung/GetKassaabrechnungDatum',
        ),
      );
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(shown(view.container)).toBe('keine');
      expect(toasts.negative).not.toHaveBeenCalled();
    } finally {
      await view.unmount();
    }
  });
});
