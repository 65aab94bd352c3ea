import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';
import { clearCache } from '../api/swrConfig';
import { App } from '../app/App';

// Lets React flush effects inside act() as in a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Handler = (init: RequestInit | undefined) => Response;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const problem = (status: number, title: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title, status, code: 'x' }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

export const VERSION = {
  versionError: null,
  webAppVersion: '0.1.0',
  apiVersion: '3.0',
  serverTime: '2026-11-22T10:00:00+01:00',
  database: 'SQLite',
  supplier: { name: 'Betreuer GmbH', email: 'hilfe@example.at', phone: '+43 1 234', url: 'https://example.at' },
};

/** Renders the whole App against a fake /api, one harness per test. */
export function createAppHarness() {
  let handlers: Record<string, Handler> = {};
  let root: Root | undefined;
  const container = document.createElement('div');
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    return handler ? handler(init) : problem(404, `Kein Mock für ${key}`);
  });

  return {
    container,
    fetchMock,
    /** Answers by "METHOD url"; public calls answer, /api/User says 401 unless overridden. */
    api(extra: Record<string, Handler>) {
      handlers = {
        'GET /api/Common/AppVersionInfo?reload=false': () => json(VERSION),
        'GET /api/Common/GetVereinsName': () => json({ vereinsName: 'KGV Sonnenhang' }),
        'GET /api/User': () => problem(401, 'Nicht angemeldet'),
        ...extra,
      };
    },
    async setUp() {
      fetchMock.mockClear();
      vi.stubGlobal('fetch', fetchMock);
      document.body.append(container);
      root = createRoot(container);
    },
    async tearDown() {
      await act(async () => root?.unmount());
      container.remove();
      clearCache();
      vi.unstubAllGlobals();
    },
    async renderAt(path: string) {
      window.history.replaceState(null, '', path);
      await act(async () => root?.render(<App />));
    },
  };
}

export async function waitFor(check: () => void, timeout = 4000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - started > timeout) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
  }
}

/** Types into a React-controlled input the way a browser does. */
export async function typeInto(input: HTMLInputElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => form.requestSubmit());
}
