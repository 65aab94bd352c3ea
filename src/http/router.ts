import type { Context } from 'koa';
import { z } from 'zod';
import type { Actor, Principal } from '../platform/auth/principal';
import { actorOf, hasAnyRight, systemActor } from '../platform/auth/principal';
import type { Right } from '../platform/auth/rights';
import { JsonAnswer } from '../platform/db/answerCache';
import type { Db } from '../platform/db/db';
import { AppError, forbidden, unauthorized } from '../platform/errors';
import type { AppServices } from '../platform/services';
import { type AuthState, antiforgeryFailed, sessionExpired } from './auth';
import { isFileResult, writeFileResult } from './fileResult';
import { zodErrors } from './problem';
import { isMultipart, type UploadedFile, type UploadSpec, unsupportedMultipart, withUpload } from './upload';

export type { UploadedFile } from './upload';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiContext<Q, B> = {
  koa: Context;
  query: Q;
  body: B;
  files: UploadedFile[];
  /** The route's transaction (every POST, PUT, PATCH and DELETE unless it says `transaction: false`), else the database. */
  db: Db;
  services: AppServices;
  principal: Principal | undefined;
  /** The signed-in user; routes that are not public can rely on it. */
  user: Principal;
  actor: Actor;
  auth: AuthState;
};

/**
 * Who may call a route: `public`, any signed-in user (`signedIn`), or a user holding at least one
 * of `rights`. A route must say one of them or the app refuses to start.
 */
export type RouteSpec<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> = {
  method: HttpMethod;
  /** `Controller/Action` as in the spec, e.g. `Common/AppVersionInfo`; matched case-insensitively. */
  path: string;
  public?: true;
  signedIn?: true;
  rights?: readonly Right[];
  /** Callable while the sign-in waits for the second factor (Login2FA, Logout …). */
  allowPending2fa?: true;
  /** Callable by a user who still has to set up 2FA because the club requires it (level 2). */
  allowWithoutMfa?: true;
  query?: Q;
  body?: B;
  /** A GET with side effects (the spec makes some): demand the anti-forgery header anyway. */
  requireXsrf?: true;
  /**
   * Run the handler in one database transaction. Default: yes for POST, PUT, PATCH and DELETE, no
   * for GET. A mutating route that must not (its writes have to stay when it answers an error, it
   * mails after committing, it keeps slow work out of the write lock) says `false` with a comment
   * why; its services then open their own transactions. Inside the transaction a handler uses
   * `db`, never `services.db`: SQLite has one connection, so that would wait for ever.
   */
  transaction?: boolean;
  /**
   * The route takes files (multipart/form-data) up to `maxBytes`. Only such routes parse a
   * multipart body, and only after sign-in, rights and anti-forgery passed; any other route
   * answers a multipart body with 415 without reading it.
   */
  upload?: UploadSpec;
  handler: (ctx: ApiContext<z.output<Q>, z.output<B>>) => unknown;
};

export type AnyRoute = RouteSpec<z.ZodType, z.ZodType>;

/** Declares a route with typed query and body. */
export function route<Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
  spec: RouteSpec<Q, B>,
): AnyRoute {
  // The handler's parameter types are erased here so routes of different shapes fit in one list;
  // the router validates query and body with the same schemas before calling it.
  return spec as unknown as AnyRoute;
}

export function accessOf(r: AnyRoute): 'public' | 'signedIn' | 'rights' {
  return r.public ? 'public' : r.signedIn ? 'signedIn' : 'rights';
}

/** Refuses a route list where a route states no access rule, or more than one, or a duplicate. */
export function checkRoutes(routes: AnyRoute[]): void {
  const seen = new Set<string>();
  for (const r of routes) {
    const id = `${r.method} /api/${r.path}`;
    const rules = [r.public, r.signedIn, r.rights && r.rights.length > 0].filter(Boolean).length;
    if (rules !== 1) throw new Error(`Route ${id} must declare exactly one of public, signedIn or rights`);
    const key = id.toLowerCase();
    if (seen.has(key)) throw new Error(`Route ${id} is registered twice`);
    if (r.upload && (r.method === 'GET' || !(r.upload.maxBytes > 0))) {
      throw new Error(`Route ${id} declares an upload but is a GET or has no positive maxBytes`);
    }
    seen.add(key);
  }
}

/** Query names are matched case-insensitively, as ASP.NET's model binding does. */
function alignQueryKeys(schema: z.ZodType | undefined, raw: Record<string, unknown>): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject)) return raw;
  const byLower = new Map(Object.keys(schema.shape).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) out[byLower.get(k.toLowerCase()) ?? k] = v;
  return out;
}

function parseWith<T extends z.ZodType>(schema: T | undefined, value: unknown, where: string): z.output<T> | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError(422, 'validation_failed', 'Die Eingaben sind nicht gültig.', undefined, {
      ...zodErrors(result.error, where === 'body' ? '' : where),
    });
  }
  return result.data;
}

/** Club-wide rules the router enforces; the modules that own them provide the look-ups. */
export type HttpPolicy = { mfaLevel?: () => Promise<number> };

/** Whether a route's handler runs in a transaction: mutating methods do unless they opt out. */
export const runsInTransaction = (r: AnyRoute): boolean => r.transaction ?? r.method !== 'GET';

/** Authenticate, authorize, validate, run (mutations in a transaction) and write the response. */
export async function dispatch(
  koa: Context,
  r: AnyRoute,
  services: AppServices,
  policy: HttpPolicy = {},
): Promise<void> {
  const auth = koa.state.auth as AuthState;
  const principal = auth.principal;
  if (!r.public) {
    if (!principal) throw auth.sessionEnded ? sessionExpired() : unauthorized();
    if (auth.pending2fa && !r.allowPending2fa) {
      throw new AppError(401, 'second_factor_required', 'Bitte schließen Sie die Anmeldung mit dem zweiten Faktor ab.');
    }
    if (!principal.mfa && !r.allowWithoutMfa && policy.mfaLevel && (await policy.mfaLevel()) === 2) {
      throw forbidden(
        'Ihr Verein verlangt die Zwei-Faktor-Anmeldung. Bitte richten Sie sie im Profil ein.',
        'mfa_setup_required',
      );
    }
    if (r.rights && !hasAnyRight(principal, r.rights)) throw forbidden();
  }
  if (r.requireXsrf && !auth.xsrfValid) throw antiforgeryFailed();
  const query = parseWith(r.query, alignQueryKeys(r.query, { ...koa.query }), 'query');
  // Not async: a GET without upload then costs one promise less (this runs on every request).
  const run = (rawBody: unknown, files: UploadedFile[]): unknown => {
    const body = parseWith(r.body, rawBody, 'body');
    const call = (db: Db) =>
      r.handler({
        koa,
        query,
        body,
        files,
        db,
        services,
        principal,
        // Non-public routes were refused above without a principal; public handlers must not use it.
        user: principal as Principal,
        actor: principal ? actorOf(principal) : systemActor('Anonym'),
        auth,
      });
    return runsInTransaction(r) ? services.db.transaction(async (trx) => call(trx)) : call(services.db);
  };
  let result: unknown;
  if (isMultipart(koa)) {
    if (!r.upload) throw unsupportedMultipart();
    result = await withUpload(koa, services.config.dataDir, r.upload, async (body, files) => run(body, files));
  } else {
    result = await run((koa.request as typeof koa.request & { body?: unknown }).body, []);
  }
  writeResult(koa, result);
}

function writeResult(koa: Context, result: unknown): void {
  if (isFileResult(result)) {
    writeFileResult(koa, result);
    return;
  }
  if (result === undefined) {
    if (koa.body == null) koa.status = 204;
    return;
  }
  koa.status = 200;
  koa.type = 'application/json';
  koa.body = result instanceof JsonAnswer ? result.json : JSON.stringify(result);
}
