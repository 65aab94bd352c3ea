import Router from '@koa/router';
import Koa, { type Context, type Next } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import compose from 'koa-compose';
import type { AppServices } from '../platform/services';
import { authMiddleware } from './auth';
import { errorMiddleware, problem } from './problem';
import { type AnyRoute, checkRoutes, dispatch, type HttpPolicy } from './router';
import { staticUi } from './staticUi';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

function securityHeaders(ctx: Context, next: Next) {
  ctx.set('X-Content-Type-Options', 'nosniff');
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

/**
 * The Koa app: problem-details errors, sessions and anti-forgery for /api, body parsing, the
 * routes of every module, and the built UI for everything else.
 */
export function createHttpApp(services: AppServices, routes: AnyRoute[], policy: HttpPolicy = {}): Koa {
  checkRoutes(routes);
  const app = new Koa({ proxy: services.config.trustProxy });
  app.keys = [services.config.sessionSecret];
  app.silent = true;

  const router = new Router({ prefix: '/api', sensitive: false, strict: false });
  for (const r of routes) {
    router.register(`/${r.path}`, [r.method], (ctx) => dispatch(ctx, r, services, policy));
  }

  const bodyParser = koaBody({
    multipart: true,
    json: true,
    text: true,
    urlencoded: false,
    jsonStrict: true,
    jsonLimit: '2mb',
    textLimit: '2mb',
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    formidable: { maxFileSize: MAX_UPLOAD_BYTES, maxTotalFileSize: MAX_UPLOAD_BYTES, keepExtensions: false },
  });
  const notFound = (ctx: Context) => {
    ctx.status = 404;
    ctx.type = 'application/problem+json';
    ctx.body = problem(404, 'not_found', 'Diese Schnittstelle gibt es nicht.', { detail: `${ctx.method} ${ctx.path}` });
  };
  const api = compose<Context>([
    async (ctx, next) => {
      ctx.set('Cache-Control', 'no-store');
      await next();
    },
    authMiddleware(services.db, services.config.sessionSecret),
    bodyParser,
    router.routes() as unknown as Koa.Middleware,
    notFound,
  ]);

  app.use(errorMiddleware(services.log));
  app.use(securityHeaders);
  app.use((ctx, next) => (ctx.path === '/api' || ctx.path.startsWith('/api/') ? api(ctx) : next()));
  app.use(staticUi());
  return app;
}
