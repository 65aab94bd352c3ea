import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { ForeignKeyViolationError, NotFoundError, UniqueViolationError, ValidationError } from 'objection';
import { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation } from '../platform/db/dbErrors';
import { AppError } from '../platform/errors';
import type { Logger } from '../platform/logger';

/** RFC 9457 problem details as ASP.NET writes them. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
  code: string;
  traceId?: string;
  /** Further members a problem type defines, e.g. `currentVersion` of a version_conflict. */
  [member: string]: unknown;
};

/**
 * A refusal of the HTTP layer itself, with a status that services never raise (AppError keeps to
 * the statuses of the API contract): too large, wrong media type, storage full or not writable.
 */
export class HttpRefusal extends Error {
  constructor(
    readonly status: 413 | 415 | 503 | 507,
    readonly code: string,
    readonly title: string,
  ) {
    super(title);
    this.name = 'HttpRefusal';
  }
}

const typeByStatus: Record<number, string> = {
  400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
  409: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
  413: 'https://tools.ietf.org/html/rfc9110#section-15.5.14',
  415: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
  422: 'https://tools.ietf.org/html/rfc9110#section-15.5.21',
  500: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
  503: 'https://tools.ietf.org/html/rfc9110#section-15.6.4',
  507: 'https://tools.ietf.org/html/rfc4918#section-11.5',
};

export function problem(status: number, code: string, title: string, extra: Partial<Problem> = {}): Problem {
  return { type: typeByStatus[status] ?? 'about:blank', title, status, code, ...extra };
}

/** Zod issues as the `errors` map: field path -> German messages. */
export function zodErrors(error: z.ZodError, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '$';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/**
 * A write to DATA_DIR (or the temp folder) that failed because the disk is full or not writable:
 * the operator must act, so say so in German instead of a generic 500. The cause goes to the log.
 */
function storageProblem(err: unknown): Problem | undefined {
  const { code, syscall } = (err ?? {}) as NodeJS.ErrnoException;
  // A browser or mail process that may not be started is not a storage problem.
  if (syscall?.startsWith('spawn')) return undefined;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return problem(
      507,
      'storage_full',
      'Der Speicherplatz des Servers ist voll. Bitte verständigen Sie den Betreuer der Anwendung.',
    );
  }
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'ENOTDIR') {
    return problem(
      503,
      'storage_not_writable',
      'Der Server kann keine Dateien speichern (Datenordner schreibgeschützt, ohne Berechtigung oder falsch eingerichtet). Bitte verständigen Sie den Betreuer der Anwendung.',
    );
  }
  if (code === 'SQLITE_FULL') {
    return problem(
      507,
      'storage_full',
      'Der Speicherplatz des Servers ist voll. Bitte verständigen Sie den Betreuer der Anwendung.',
    );
  }
  if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN') {
    return problem(
      503,
      'storage_not_writable',
      'Die Datenbank ist schreibgeschützt oder nicht erreichbar. Bitte verständigen Sie den Betreuer der Anwendung.',
    );
  }
  return undefined;
}

/** Turns any thrown error into a problem; unknown errors become a bare 500 with a trace id. */
export function toProblem(err: unknown, log: Logger, ctx?: Context): Problem {
  if (err instanceof AppError) {
    return problem(err.status, err.code, err.title, {
      ...(err.detail ? { detail: err.detail } : {}),
      ...(err.errors ? { errors: err.errors } : {}),
      ...err.extra,
    });
  }
  if (err instanceof HttpRefusal) return problem(err.status, err.code, err.title);
  const storage = storageProblem(err);
  if (storage) return storage;
  if (err instanceof z.ZodError) {
    return problem(422, 'validation_failed', 'Die Eingaben sind nicht gültig.', { errors: zodErrors(err) });
  }
  if (err instanceof ValidationError) {
    return problem(422, 'validation_failed', 'Die Eingaben sind nicht gültig.');
  }
  if (err instanceof NotFoundError) return problem(404, 'not_found', 'Nicht gefunden.');
  if (err instanceof UniqueViolationError || isUniqueViolation(err)) {
    return problem(409, 'duplicate', 'Ein Eintrag mit diesen Werten existiert bereits.');
  }
  if (err instanceof ForeignKeyViolationError || isForeignKeyViolation(err)) {
    return problem(
      409,
      'still_referenced',
      'Der Eintrag wird noch verwendet oder verweist auf einen fehlenden Eintrag.',
    );
  }
  const status = (err as { status?: unknown })?.status;
  const expose = (err as { expose?: unknown })?.expose;
  // koa-body and http-errors raise these for malformed bodies (a SyntaxError carrying status 400,
  // without `expose`), too-large uploads and wrong content types.
  if (typeof status === 'number' && status >= 400 && status < 500 && (expose || err instanceof SyntaxError)) {
    if (status === 413)
      return problem(413, 'payload_too_large', 'Die Datei oder Anfrage ist zu groß (höchstens 20 MB).');
    if (status === 415) return problem(415, 'unsupported_media_type', 'Dieses Datenformat wird nicht unterstützt.');
    return problem(400, 'bad_request', 'Die Anfrage ist fehlerhaft und konnte nicht gelesen werden.');
  }
  const traceId = randomUUID();
  log.error('unhandled error', {
    traceId,
    path: ctx?.path,
    method: ctx?.method,
    error: err instanceof Error ? err.message : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  return problem(500, 'internal_error', 'Ein unerwarteter Fehler ist aufgetreten.', {
    detail: `Bitte melden Sie den Fehler mit der Kennung ${traceId}.`,
    traceId,
  });
}

export function errorMiddleware(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const body = toProblem(err, log, ctx);
      ctx.status = body.status;
      ctx.type = 'application/problem+json';
      ctx.body = body;
    }
  };
}
