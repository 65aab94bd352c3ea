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
};

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

/** Turns any thrown error into a problem; unknown errors become a bare 500 with a trace id. */
export function toProblem(err: unknown, log: Logger, ctx?: Context): Problem {
  if (err instanceof AppError) {
    return problem(err.status, err.code, err.title, {
      ...(err.detail ? { detail: err.detail } : {}),
      ...(err.errors ? { errors: err.errors } : {}),
    });
  }
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
