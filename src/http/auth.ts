import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { loadPrincipal, type Principal } from '../platform/auth/principal';
import { createSession, destroySession, REMEMBER_DAYS, type SessionState } from '../platform/auth/sessions';
import { findSignedIn } from '../platform/auth/signedIn';
import type { Db } from '../platform/db/db';
import { AppError, forbidden } from '../platform/errors';

export const SESSION_COOKIE = 'kgv.sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a request knows about its sign-in, and how a route changes it. */
export type AuthState = {
  principal: Principal | undefined;
  sessionId: string | undefined;
  pending2fa: boolean;
  /** The session was started with "Angemeldet bleiben". */
  remember: boolean;
  /** The request carried a valid anti-forgery header (checked for GETs that have side effects). */
  xsrfValid: boolean;
  /**
   * The request came from a sign-in that has ended (expired, signed out elsewhere, cookie gone):
   * a refusal then says `session_expired`, so the client can offer sign-in in place.
   */
  sessionEnded: boolean;
  signIn(userId: number, opts?: { state?: SessionState; remember?: boolean }): Promise<void>;
  signOut(): Promise<void>;
};

const sign = (secret: string, nonce: string, sessionId: string | undefined) =>
  createHmac('sha256', secret)
    .update(`${nonce}:${sessionId ?? ''}`)
    .digest('base64url');

/** An anti-forgery token bound to the session (or to "no session"), so a token of one sign-in is useless in another. */
export function newXsrfToken(secret: string, sessionId: string | undefined): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce, sessionId)}`;
}

/** Tokens found valid, per secret and session: every request checks its token, mostly the same one. */
const validXsrf = new Set<string>();

export function verifyXsrfToken(secret: string, token: string | undefined, sessionId: string | undefined): boolean {
  if (!token) return false;
  const key = `${secret}\n${sessionId ?? ''}\n${token}`;
  if (validXsrf.has(key)) return true;
  if (!checkXsrfToken(secret, token, sessionId)) return false;
  if (validXsrf.size >= 1000) validXsrf.clear();
  validXsrf.add(key);
  return true;
}

function checkXsrfToken(secret: string, token: string, sessionId: string | undefined): boolean {
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(secret, nonce, sessionId));
  const actual = Buffer.from(mac);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const antiforgeryFailed = () =>
  forbidden(
    'Die Sicherheitsprüfung ist fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.',
    'antiforgery_failed',
  );

/** 401, not 403: the client signs in again and repeats the call; nothing was forged. */
export const sessionExpired = () => new AppError(401, 'session_expired', 'Ihre Sitzung ist abgelaufen.');

function cookieOptions(ctx: Context, httpOnly: boolean, maxAge?: number) {
  return {
    httpOnly,
    sameSite: 'lax' as const,
    secure: ctx.secure,
    path: '/',
    overwrite: true,
    ...(maxAge ? { maxAge } : {}),
  };
}

function setXsrfCookie(ctx: Context, secret: string, sessionId: string | undefined): void {
  ctx.cookies.set(XSRF_COOKIE, newXsrfToken(secret, sessionId), cookieOptions(ctx, false));
}

/**
 * Loads the session of the cookie, then checks the anti-forgery token: every unsafe method needs
 * the header X-XSRF-TOKEN equal to the XSRF-TOKEN cookie, and the token must belong to this session.
 */
export function authMiddleware(db: Db, secret: string) {
  return async (ctx: Context, next: Next) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    const signedIn = token ? await findSignedIn(db, token) : undefined;
    let session = signedIn?.session;
    const principal = signedIn?.principal;
    if (session && !principal) {
      await destroySession(db, session.id);
      session = undefined;
    }
    if (token && !session) ctx.cookies.set(SESSION_COOKIE, null, cookieOptions(ctx, true));

    const cookieToken = ctx.cookies.get(XSRF_COOKIE);
    const tokenValid = verifyXsrfToken(secret, cookieToken, session?.id);
    const xsrfValid = tokenValid && ctx.get(XSRF_HEADER) === cookieToken;
    // The sign-in has ended when the session cookie names no live session, or when there is no
    // session cookie but the page sends back (header = cookie, which a foreign page cannot read) a
    // token signed for a session that no longer exists. With a live session a bad token stays 403.
    const sessionEnded =
      !session &&
      (Boolean(token) || (cookieToken !== undefined && !tokenValid && ctx.get(XSRF_HEADER) === cookieToken));
    if (!SAFE_METHODS.has(ctx.method)) {
      if (!xsrfValid) {
        if (!tokenValid) setXsrfCookie(ctx, secret, session?.id);
        throw sessionEnded ? sessionExpired() : antiforgeryFailed();
      }
    } else if (!tokenValid) {
      setXsrfCookie(ctx, secret, session?.id);
    }

    const state: AuthState = {
      principal: session ? principal : undefined,
      sessionId: session?.id,
      pending2fa: session?.state === 'pending2fa',
      remember: Boolean(session?.remember),
      xsrfValid,
      sessionEnded,
      async signIn(userId, opts = {}) {
        if (state.sessionId) await destroySession(db, state.sessionId);
        const created = await createSession(db, userId, {
          state: opts.state,
          remember: opts.remember,
          ip: ctx.ip,
          userAgent: ctx.get('User-Agent'),
        });
        const maxAge = opts.remember ? REMEMBER_DAYS * 86_400_000 : undefined;
        ctx.cookies.set(SESSION_COOKIE, created.token, cookieOptions(ctx, true, maxAge));
        setXsrfCookie(ctx, secret, created.id);
        state.sessionId = created.id;
        state.principal = await loadPrincipal(db, userId);
        state.pending2fa = opts.state === 'pending2fa';
        state.remember = opts.remember ?? false;
      },
      async signOut() {
        if (state.sessionId) await destroySession(db, state.sessionId);
        ctx.cookies.set(SESSION_COOKIE, null, cookieOptions(ctx, true));
        setXsrfCookie(ctx, secret, undefined);
        // GET lists answer `private, no-cache` (ETag/304), so the browser may keep members' data in
        // its disk cache: signing out on a shared club computer clears it.
        ctx.set('Clear-Site-Data', '"cache"');
        state.sessionId = undefined;
        state.principal = undefined;
        state.pending2fa = false;
        state.remember = false;
      },
    };
    ctx.state.auth = state;
    await next();
  };
}
