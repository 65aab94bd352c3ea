import { ApiError, isSessionEnded } from './errors';
import { renewSession } from './sessionRenewal';

/** The API version this client speaks; the server reports a versionError when the major differs. */
export const API_VERSION = '3.0';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Appended to the URL; null and undefined values are left out. */
  query?: Query;
  /** Sent as JSON. Use at most one of json, formData, text and blob. */
  json?: unknown;
  /** Sent as multipart; the browser sets the boundary. */
  formData?: FormData;
  text?: string;
  blob?: Blob;
  signal?: AbortSignal;
  /** 'blob' for downloads (PDF, Excel); otherwise the body is read by its content type. */
  responseType?: 'auto' | 'blob';
  /** Send the anti-forgery header on a GET too: for the spec's GETs with side effects (SendTestMail). */
  xsrf?: boolean;
}

const UNSAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Read at request time: the server may rotate the token at login. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function requestBody(options: RequestOptions, headers: Headers): BodyInit | undefined {
  if (options.formData) return options.formData;
  if (options.blob) {
    if (options.blob.type) headers.set('Content-Type', options.blob.type);
    return options.blob;
  }
  if (options.text !== undefined) {
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return options.text;
  }
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(options.json);
  }
  return undefined;
}

async function readBody(response: Response, responseType: RequestOptions['responseType']): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (responseType === 'blob' && response.ok) return response.blob();
  const contentType = response.headers.get('Content-Type') ?? '';
  // application/json and application/problem+json alike.
  if (/[/+]json\b/i.test(contentType)) {
    const text = await response.text();
    return text === '' ? undefined : JSON.parse(text);
  }
  return response.text();
}

/** The sign-in calls themselves: their 401 is an answer for the sign-in form, not a reason to ask for one. */
const SIGN_IN_URL = /^\/api\/User\/(Login|Logout|ForgotPassword|ResetPassword)/i;

/**
 * The one fetcher of the app (spec §7): same-origin cookies, JSON Accept, API version and the
 * anti-forgery header on every state-changing call. Failures throw an {@link ApiError}.
 *
 * A call refused because the sign-in has ended waits while the shell asks the user to sign in
 * again, then runs once more (with the new session's anti-forgery token, read at request time);
 * cancelled, it throws the refusal. Spec §7's "mutations are never retried" holds otherwise: the
 * first attempt was refused before the server did anything.
 */
export async function apiFetch<T>(url: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await fetchOnce<T>(url, options);
  } catch (error) {
    if (!isSessionEnded(error) || SIGN_IN_URL.test(url) || options.signal?.aborted) throw error;
    const method = options.method ?? 'GET';
    const save = UNSAFE_METHODS.has(method) || options.xsrf === true;
    if (!(await renewSession(save ? 'save' : 'read'))) throw error;
    return fetchOnce<T>(url, options);
  }
}

async function fetchOnce<T>(url: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const fullUrl = withQuery(url, options.query);
  const headers = new Headers({ Accept: 'application/json', 'X-Api-Version': API_VERSION });
  if (UNSAFE_METHODS.has(method) || options.xsrf) {
    const token = readCookie(XSRF_COOKIE);
    if (token !== undefined) headers.set(XSRF_HEADER, token);
  }
  const body = requestBody(options, headers);

  let response: Response;
  try {
    response = await fetch(fullUrl, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    const aborted = options.signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
    throw new ApiError({
      url: fullUrl,
      status: 0,
      statusText: aborted ? 'Aborted' : 'Network Error',
      body: aborted ? undefined : 'Der Server ist nicht erreichbar. Bitte prüfen Sie die Verbindung.',
      aborted,
    });
  }

  let data: unknown;
  try {
    data = await readBody(response, options.responseType);
  } catch (error) {
    if (options.signal?.aborted) {
      throw new ApiError({ url: fullUrl, status: 0, statusText: 'Aborted', body: undefined, aborted: true });
    }
    // A body that claims JSON but is not: report the status, keep nothing from the broken body.
    if (!response.ok) {
      throw new ApiError({ url: fullUrl, status: response.status, statusText: response.statusText, body: undefined });
    }
    throw error;
  }
  if (!response.ok) {
    throw new ApiError({ url: fullUrl, status: response.status, statusText: response.statusText, body: data });
  }
  return data as T;
}
