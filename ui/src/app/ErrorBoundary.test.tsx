import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Broken(): never {
  throw new Error('kaputt');
}

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong.' when a child fails to render", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>,
      ),
    );
    expect(container.querySelector('[role="alert"] h1')?.textContent).toBe('Something went wrong.');
    await act(async () => root.unmount());
    consoleError.mockRestore();
  });

  it('renders its children when nothing fails', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <ErrorBoundary>
          <p>alles gut</p>
        </ErrorBoundary>,
      ),
    );
    expect(container.textContent).toBe('alles gut');
    await act(async () => root.unmount());
  });
});
