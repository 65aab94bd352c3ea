import Router from '@koa/router';
import Koa, { type Context, type Next } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import compose from 'koa-compose';
import { badRequest } from '../platform/errors';
import type { AppServices } from '../platform/services';
import { authMiddleware } from './auth';
import { compression } from './compression';
import { jsonEtag } from './etag';
import { errorMiddleware, HttpRefusal, problem } from './problem';
import { type AnyRoute, checkRoutes, dispatch, type HttpPolicy } from './router';
import { staticUi } from './staticUi';

export { MAX_UPLOAD_BYTES } from './upload';

/** JSON and text bodies are read into memory up front; files only by routes that take them. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;

function securityHeaders(ctx: Context, next: Next) {
  ctx.set('X-Content-Type-Options', 'nosniff');
  // Only when the browser reached us by https (behind a proxy that says so, with TRUST_PROXY=1):
  // over plain http the header is ignored anyway and would only confuse a test setup.
  if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('X-Frame-Options', 'DENY');
  if (!ctx.response.get('Content-Security-Policy')) {
    ctx.set(
      'Content-Security-Policy',
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'",
    );
  }
  return next();
}

/** `Stammdaten/GetParzelle` → `stammdaten`; `User` → `user`. */
const controllerOf = (path: string): string => (path.split('/', 1)[0] ?? '').toLowerCase();

/**
 * The Koa app: problem-details errors, sessions and anti-forgery for /api, body parsing, the
 * routes of every module, and the built UI for everything else.
 */
export function createHttpApp(services: AppServices, routes: AnyRoute[], policy: HttpPolicy = {}): Koa {
  checkRoutes(routes);
  const app = new Koa({ proxy: services.config.trustProxy });
  app.keys = [services.config.sessionSecret];
  app.silent = true;

  // One router per controller (the first segment of `Controller/Action`, case aside): @koa/router
  // tests every route's pattern on every request, and with all 112 routes in one router that was
  // the largest part of a small answer's cost (profiled on GET /api/User: 0.67 of the bare route
  // with one router, 0.75 without any). The controller is found by a map, its router matches.
  const routers = new Map<string, Router>();
  for (const r of routes) {
    const controller = controllerOf(r.path);
    let router = routers.get(controller);
    if (!router) {
      router = new Router({ prefix: '/api', sensitive: false, strict: false });
      routers.set(controller, router);
    }
    router.register(`/${r.path}`, [r.method], (ctx) => dispatch(ctx, r, services, policy));
  }
  const controllerRoutes = new Map(
    [...routers].map(([c, router]) => [c, router.routes() as unknown as Koa.Middleware]),
  );
  const routeByController = (ctx: Context, next: Next) => {
    const routed = controllerRoutes.get(controllerOf(ctx.path.slice('/api/'.length)));
    return routed ? routed(ctx, next) : next();
  };

  // Multipart is not parsed here: that would write files of anonymous callers to disk before any
  // check. Routes that take files parse it themselves after their checks (router `upload`).
  const bodyParser = koaBody({
    multipart: false,
    json: true,
    text: true,
    urlencoded: false,
    jsonStrict: true,
    jsonLimit: MAX_JSON_BYTES,
    textLimit: MAX_JSON_BYTES,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    onError(err) {
      const status = (err as { status?: unknown }).status;
      if (status === 413) {
        throw new HttpRefusal(413, 'payload_too_large', 'Die Anfrage ist zu groß (höchstens 2 MB).');
      }
      if (status === 415)
        throw new HttpRefusal(415, 'unsupported_media_type', 'Dieses Datenformat wird nicht unterstützt.');
      throw badRequest('Die Anfrage ist fehlerhaft und konnte nicht gelesen werden.');
    },
  });
  const notFound = (ctx: Context) => {
    ctx.status = 404;
    ctx.type = 'application/problem+json';
    ctx.body = problem(404, 'not_found', 'Diese Schnittstelle gibt es nicht.', { detail: `${ctx.method} ${ctx.path}` });
  };
  // GET and HEAD carry no body: they skip the parser (a layer less on every list request).
  const parseBody = (ctx: Context, next: Next) =>
    ctx.method === 'GET' || ctx.method === 'HEAD' ? next() : bodyParser(ctx, next);
  const api = compose<Context>([
    // `no-store` by default; GET JSON answers switch to `private, no-cache` with an ETag.
    jsonEtag,
    authMiddleware(services.db, services.config.sessionSecret),
    parseBody,
    routeByController,
    notFound,
  ]);

  // Outermost: it compresses whatever body the rest settled on, problem answers included.
  app.use(compression());
  app.use(errorMiddleware(services.log));
  app.use(securityHeaders);
  app.use((ctx, next) => (ctx.path === '/api' || ctx.path.startsWith('/api/') ? api(ctx) : next()));
  app.use(staticUi());
  return app;
}
