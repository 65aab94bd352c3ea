import { constants } from 'node:zlib';
import type { Middleware } from 'koa';
import compress from 'koa-compress';

/**
 * Types worth compressing: JSON (also problem+json), text (HTML, CSV, plain), JavaScript, CSS and
 * SVG. Everything else — PDF, xlsx/zip, PNG/JPEG, fonts — is compressed already or binary, and a
 * second pass would only cost time.
 */
export function isCompressibleType(type: string): boolean {
  const mime = type.split(';')[0]!.trim().toLowerCase();
  return (
    mime.startsWith('text/') ||
    mime === 'application/json' ||
    mime.endsWith('+json') ||
    mime === 'application/javascript' ||
    mime === 'image/svg+xml'
  );
}

/** Cheap enough to run on every answer: brotli 4 about as fast as gzip 6 and smaller. */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;
/** Below this a compressed body saves less than the work costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses dynamic answers (API JSON, index.html when no precompressed copy is there) with
 * brotli or gzip, whichever the client prefers, and sets `Vary: Accept-Encoding` on every answer.
 * Settings are for answers compressed on every request: brotli quality 4 is about as fast as gzip
 * level 6 and still smaller; bodies under 1 KB are not worth the CPU. A body that already has a
 * Content-Encoding (the precompressed UI files) is left alone. zstd and deflate stay off: Node
 * 20 has no zstd, and every browser that takes deflate takes gzip.
 */
export function compression(): Middleware {
  return compress({
    filter: isCompressibleType,
    threshold: COMPRESS_THRESHOLD,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    gzip: { level: GZIP_LEVEL },
    deflate: false,
    zstd: false,
  }) as unknown as Middleware;
}
