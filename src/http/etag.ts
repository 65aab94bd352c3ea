import { hash } from 'node:crypto';
import type { Context, Next } from 'koa';

/**
 * ETag and 304 for the JSON answers of GET routes (the lists above all). The tag is a hash of the
 * body the handler just produced for this caller, so a 304 is only ever sent when the caller already
 * holds exactly these bytes: a change of data gives a new tag, and another user's answer can never
 * be confirmed to a browser that holds a different one. `private, no-cache` lets the browser keep
 * the answer for this user only and makes it ask every time (If-None-Match), so nothing stale is
 * shown; every other /api answer (downloads, mutations, errors) keeps the `no-store` set here first.
 */
export async function jsonEtag(ctx: Context, next: Next): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  await next();
  if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status !== 200) return;
  // A plain prefix test: type-is parses the header, a noticeable part of a small answer's cost.
  if (!String(ctx.response.get('Content-Type')).startsWith('application/json')) return;
  const body: unknown = ctx.body;
  if (typeof body !== 'string') return;
  // One UTF-8 encoding for the hash and the socket instead of one each.
  const bytes = Buffer.from(body, 'utf8');
  ctx.body = bytes;
  ctx.set('Cache-Control', 'private, no-cache');
  // The one-shot hash: no Hash object per answer (this runs on every GET).
  ctx.set('ETag', `"${hash('sha1', bytes, 'base64url')}"`);
  // Only a request that names a tag can be fresh; the others skip parsing both headers.
  if (ctx.request.headers['if-none-match'] !== undefined && ctx.fresh) ctx.status = 304;
}
