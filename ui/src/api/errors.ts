/** RFC 9457 problem details as the server writes them (ASP.NET shape). */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
  code: string;
}

/** The spec's standard messages (§8); every other non-success status is 'Generic Error'. */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const GENERIC_ERROR = 'Generic Error';
export const REQUEST_ABORTED = 'Request aborted';
export const UNKNOWN_ERROR_TEXT = 'Unbekannter Fehler';

export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? GENERIC_ERROR;
}

/** A failed API call. `status` is 0 when no response arrived (aborted or network failure). */
export class ApiError extends Error {
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  readonly aborted: boolean;

  constructor(init: { url: string; status: number; statusText: string; body: unknown; aborted?: boolean }) {
    super(init.aborted ? REQUEST_ABORTED : statusMessage(init.status));
    this.name = 'ApiError';
    this.url = init.url;
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
    this.aborted = init.aborted ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Aborted requests are the user's (or React's) own doing: the UI never reports them. */
export function isAbortedError(error: unknown): boolean {
  if (error instanceof ApiError) return error.aborted;
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Refusals that mean "this sign-in has ended" (ADR 0003): `session_expired` for a session that ran
 * out or was ended, `unauthorized` once the browser holds no session at all, and
 * `second_factor_required` while a new sign-in waits for its second factor.
 */
const SESSION_ENDED_CODES: ReadonlySet<string> = new Set(['session_expired', 'unauthorized', 'second_factor_required']);

/** Whether the call failed because the user must sign in again (a 401 with one of the codes above). */
export function isSessionEnded(error: unknown): error is ApiError {
  if (!isApiError(error) || error.status !== 401) return false;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && SESSION_ENDED_CODES.has(code);
}

export function isProblemDetails(body: unknown): body is ProblemDetails {
  return typeof body === 'object' && body !== null && typeof (body as { title?: unknown }).title === 'string';
}

/**
 * The error toast text (spec §5, §8): the problem title, then one '- ' line per message of the
 * errors map; otherwise a plain string body; otherwise 'Unbekannter Fehler'.
 */
export function errorToastText(body: unknown): string {
  if (isProblemDetails(body)) {
    const lines = [body.title];
    for (const messages of Object.values(body.errors ?? {})) {
      for (const message of Array.isArray(messages) ? messages : [messages]) {
        lines.push(`- ${String(message)}`);
      }
    }
    return lines.join('\n');
  }
  if (typeof body === 'string' && body.trim() !== '') return body;
  return UNKNOWN_ERROR_TEXT;
}

/** Text for any thrown value: API errors by their body, everything else as unknown. */
export function describeError(error: unknown): string {
  return isApiError(error) ? errorToastText(error.body) : UNKNOWN_ERROR_TEXT;
}

/**
 * The problem's field errors keyed by the first path segment with a lower-case first letter, so
 * forms can show them under the field whether the server wrote `email` or `Email`.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(error) || !isProblemDetails(error.body)) return out;
  for (const [path, messages] of Object.entries(error.body.errors ?? {})) {
    const field = path.split('.')[0] ?? path;
    const key = field.charAt(0).toLowerCase() + field.slice(1);
    const text = (Array.isArray(messages) ? messages : [messages]).join(' ');
    out[key] = out[key] ? `${out[key]} ${text}` : text;
  }
  return out;
}
