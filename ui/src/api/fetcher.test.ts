import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestCookie } from '../testing/cookies';
import { ApiError } from './errors';
import { API_VERSION, apiFetch, readCookie, withQuery } from './fetcher';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function respond(body: BodyInit | null, init: ResponseInit & { contentType?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.contentType) headers.set('Content-Type', init.contentType);
  fetchMock.mockResolvedValueOnce(new Response(body, { ...init, headers }));
}

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init = {}] = call;
  return { url: String(input), init, headers: new Headers(init.headers) };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setTestCookie('XSRF-TOKEN', '', true);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch request', () => {
  it('sends Accept JSON, the API version and same-origin credentials', async () => {
    respond('{"ok":true}', { status: 200, contentType: 'application/json' });
    await apiFetch('/api/User');
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/User');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('X-Api-Version')).toBe(API_VERSION);
    expect(API_VERSION).toBe('3.0');
  });

  it('reads the XSRF token from document.cookie at request time, only for state-changing methods', async () => {
    setTestCookie('other', '1');
    setTestCookie('XSRF-TOKEN', 'tok%2Fen-1');
    respond(null, { status: 204 });
    await apiFetch('/api/User/Logout', { method: 'POST' });
    expect(lastRequest().headers.get('X-XSRF-TOKEN')).toBe('tok/en-1');

    setTestCookie('XSRF-TOKEN', 'rotated');
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      respond(null, { status: 204 });
      await apiFetch('/api/x', { method });
      expect(lastRequest().headers.get('X-XSRF-TOKEN')).toBe('rotated');
    }

    respond('[]', { status: 200, contentType: 'application/json' });
    await apiFetch('/api/x');
    expect(lastRequest().headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends JSON bodies with a content type and leaves multipart to the browser', async () => {
    respond('{}', { status: 200, contentType: 'application/json' });
    await apiFetch('/api/User/Login', { method: 'POST', json: { email: 'a@b.at', password: 'x' } });
    let request = lastRequest();
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.init.body).toBe('{"email":"a@b.at","password":"x"}');

    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.csv');
    respond(null, { status: 204 });
    await apiFetch('/api/Kassa/ImportBank', { method: 'POST', formData: form });
    request = lastRequest();
    expect(request.init.body).toBe(form);
    expect(request.headers.has('Content-Type')).toBe(false);
  });

  it('appends query parameters and skips empty ones', () => {
    expect(withQuery('/api/a', { id: 5, flag: false, none: null, missing: undefined, q: 'ä b' })).toBe(
      '/api/a?id=5&flag=false&q=%C3%A4+b',
    );
    expect(withQuery('/api/a?x=1', { y: 2 })).toBe('/api/a?x=1&y=2');
    expect(withQuery('/api/a', {})).toBe('/api/a');
  });

  it('parses cookies with = in the value', () => {
    setTestCookie('XSRF-TOKEN', 'a=b');
    expect(readCookie('XSRF-TOKEN')).toBe('a=b');
    expect(readCookie('nope')).toBeUndefined();
  });
});

describe('apiFetch response', () => {
  it('gives undefined for 204', async () => {
    respond(null, { status: 204 });
    await expect(apiFetch('/api/User/Logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('reads JSON or text by content type', async () => {
    respond('{"vereinsName":"KGV Sonnenhang"}', { status: 200, contentType: 'application/json; charset=utf-8' });
    await expect(apiFetch('/api/Common/GetVereinsName')).resolves.toEqual({ vereinsName: 'KGV Sonnenhang' });

    respond('true', { status: 200, contentType: 'text/plain' });
    await expect(apiFetch('/api/x')).resolves.toBe('true');

    respond('<p>hi</p>', { status: 200, contentType: 'text/html' });
    await expect(apiFetch('/api/x')).resolves.toBe('<p>hi</p>');
  });

  it('throws an ApiError with url, status, statusText and the parsed problem body', async () => {
    const problem = { type: 't', title: 'Die Eingaben sind nicht gültig.', status: 422, code: 'validation_failed' };
    respond(JSON.stringify(problem), {
      status: 422,
      statusText: 'Unprocessable Content',
      contentType: 'application/problem+json',
    });
    const error = await caught(apiFetch('/api/Stammdaten/UpdateParzelle', { method: 'POST', json: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.url).toBe('/api/Stammdaten/UpdateParzelle');
    expect(error.status).toBe(422);
    expect(error.statusText).toBe('Unprocessable Content');
    expect(error.body).toEqual(problem);
    expect(error.message).toBe('Generic Error');
  });

  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [418, 'Generic Error'],
    [409, 'Generic Error'],
  ])('uses the standard message for %i', async (status, message) => {
    respond('Fehlertext', { status, contentType: 'text/plain' });
    const error = await caught(apiFetch('/api/x'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.body).toBe('Fehlertext');
  });

  it("turns an aborted request into 'Request aborted'", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    const pending = caught(apiFetch('/api/slow', { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error.message).toBe('Request aborted');
    expect(error.aborted).toBe(true);
    expect(error.status).toBe(0);
  });

  it('reports a network failure as status 0 with a German body', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await caught(apiFetch('/api/x'));
    expect(error.status).toBe(0);
    expect(error.aborted).toBe(false);
    expect(error.message).toBe('Generic Error');
    expect(typeof error.body).toBe('string');
  });
});
