import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Next } from 'koa';
import send from 'koa-send';

/**
 * The built UI. KGV_UI_DIST points elsewhere for parallel development checkouts that build into
 * their own folder (`vite build --outDir`) and run the browser tests against it. Read when the app
 * is made, not when this module loads, so a benchmark can build and point there first.
 */
export function uiDist(): string {
  return process.env.KGV_UI_DIST
    ? path.resolve(process.env.KGV_UI_DIST)
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../ui/dist');
}

/**
 * Serves the built UI: hashed assets for a year, everything else falls back to index.html so that
 * client routes like /stammdatenverwalten/parzellen survive a reload. The build writes a .br and a
 * .gz beside every text file (ui/vite.config.ts); koa-send serves the one the browser accepts, so
 * nothing is compressed per request.
 */
export function staticUi(root = uiDist()) {
  return async (ctx: Context, next: Next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      return next();
    }
    if (!existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'Die Oberfläche ist nicht gebaut. Bitte „npm run build“ ausführen (npm start tut das automatisch).';
      return;
    }
    // Which file comes back depends on Accept-Encoding: caches must keep one per encoding.
    ctx.vary('Accept-Encoding');
    const isAsset = ctx.path.startsWith('/assets/');
    // The precompressed copies are served in place of their originals, never by their own name.
    if (/\.(br|gz)$/.test(ctx.path)) {
      ctx.status = 404;
      return;
    }
    const precompressed = { brotli: true, gzip: true };
    try {
      const served = await send(ctx, ctx.path, {
        root,
        index: 'index.html',
        immutable: isAsset,
        maxage: isAsset ? 365 * 24 * 3600 * 1000 : 0,
        ...precompressed,
      });
      if (served) {
        if (!isAsset) ctx.set('Cache-Control', 'no-cache');
        return;
      }
    } catch (err) {
      if ((err as { status?: number }).status !== 404) throw err;
      if (isAsset) {
        ctx.status = 404;
        return;
      }
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root, ...precompressed });
  };
}
