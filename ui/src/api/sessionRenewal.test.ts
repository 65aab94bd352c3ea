import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestCookie } from '../testing/cookies';
import { ApiError, isSessionEnded } from './errors';
import { apiFetch } from './fetcher';
import { registerSessionRenewer, sessionRenewalActive } from './sessionRenewal';

// Issue 11: a save after the session ended waits for the sign-in dialog, then goes through once.

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();

const expired = () =>
  new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 'Ihre Sitzung ist abgelaufen.',
      status: 401,
      code: 'session_expired',
    }),
    { status: 401, headers: { 'Content-Type': 'application/problem+json' } },
  );
const ok = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A renewer the test answers by hand, like a user in the dialog. */
function dialog() {
  const opened: Array<(signedIn: boolean) => void> = [];
  const unregister = registerSessionRenewer(() => new Promise<boolean>((resolve) => opened.push(resolve)));
  return { opened, unregister };
}

const xsrfSent = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('X-XSRF-TOKEN');
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let unregister: (() => void) | undefined;
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setTestCookie('XSRF-TOKEN', 'alt');
});
afterEach(() => {
  unregister?.();
  unregister = undefined;
  vi.unstubAllGlobals();
});

describe('a save after the session ended', () => {
  it('waits for the sign-in, then repeats the call once with the new session’s token and the same body', async () => {
    const d = dialog();
    unregister = d.unregister;
    fetchMock.mockResolvedValueOnce(expired()).mockResolvedValueOnce(ok({ id: 7 }));
    const save = apiFetch<{ id: number }>('/api/Stammdaten/UpdateParzelle', { method: 'POST', json: { nr: '17' } });
    await flush();
    expect(d.opened).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The sign-in sets the new session's token.
    setTestCookie('XSRF-TOKEN', 'neu');
    d.opened[0]?.(true);
    await expect(save).resolves.toEqual({ id: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(xsrfSent(0)).toBe('alt');
    expect(xsrfSent(1)).toBe('neu');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(JSON.stringify({ nr: '17' }));
  });

  it('shares one dialog between the calls that fail meanwhile', async () => {
    const d = dialog();
    unregister = d.unregister;
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(ok(1))
      .mockResolvedValueOnce(ok(2));
    const first = apiFetch('/api/a', { method: 'POST' });
    const second = apiFetch('/api/b');
    await flush();
    expect(d.opened).toHaveLength(1);
    d.opened[0]?.(true);
    expect((await Promise.all([first, second])).sort()).toEqual([1, 2]);
  });

  it('fails with the refusal when the user cancels, and asks again on the next save but not for a read', async () => {
    const d = dialog();
    unregister = d.unregister;
    fetchMock.mockResolvedValueOnce(expired());
    const save = apiFetch('/api/a', { method: 'POST' });
    await flush();
    d.opened[0]?.(false);
    const error = await save.catch((e: unknown) => e);
    expect(isSessionEnded(error)).toBe(true);
    expect((error as ApiError).message).toBe('Unauthorized');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(expired());
    await expect(apiFetch('/api/liste')).rejects.toBeInstanceOf(ApiError);
    expect(d.opened).toHaveLength(1);

    fetchMock.mockResolvedValueOnce(expired());
    const again = apiFetch('/api/a', { method: 'POST' });
    await flush();
    expect(d.opened).toHaveLength(2);
    d.opened[1]?.(false);
    await expect(again).rejects.toBeInstanceOf(ApiError);
  });

  it('retries only once: a second refusal is the answer', async () => {
    const d = dialog();
    unregister = d.unregister;
    fetchMock.mockResolvedValueOnce(expired()).mockResolvedValueOnce(expired());
    const save = apiFetch('/api/a', { method: 'POST' });
    await flush();
    d.opened[0]?.(true);
    await expect(save).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(d.opened).toHaveLength(1);
  });

  it('leaves the sign-in calls and other refusals alone', async () => {
    const d = dialog();
    unregister = d.unregister;
    fetchMock.mockResolvedValueOnce(expired());
    await expect(apiFetch('/api/User/Login2FA', { method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ title: 'Verboten', status: 403, code: 'antiforgery_failed' }), {
        status: 403,
        headers: { 'Content-Type': 'application/problem+json' },
      }),
    );
    await expect(apiFetch('/api/a', { method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    expect(d.opened).toHaveLength(0);
  });

  it('without a signed-in shell (login page, fresh load) fails at once', async () => {
    expect(sessionRenewalActive()).toBe(false);
    fetchMock.mockResolvedValueOnce(expired());
    const error = await apiFetch('/api/User').catch((e: unknown) => e);
    expect(isSessionEnded(error)).toBe(true);
  });
});
