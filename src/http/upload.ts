import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { badRequest } from '../platform/errors';
import { HttpRefusal } from './problem';

/** The largest upload any route takes. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Only routes that declare `upload` take multipart bodies; this is their limit. */
export type UploadSpec = { maxBytes: number };

/** An uploaded file of a multipart request, in a temp file that the router deletes when the request ends. */
export type UploadedFile = { field: string; name: string; mime: string; size: number; path: string };

/**
 * Where multipart uploads are written while a request runs: a folder of DATA_DIR (not the shared
 * /tmp), so that operators see it and a left-over is easy to find. Each request gets a subfolder.
 */
export function uploadDir(dataDir: string): string {
  return path.join(dataDir, 'tmp-uploads');
}

/**
 * Removes what a crashed process left in the upload folder; called at start. Only folders older
 * than a request may last: another app instance on the same DATA_DIR may be receiving one now.
 */
export async function clearStaleUploads(dataDir: string, olderThanMs = 60 * 60 * 1000): Promise<void> {
  const dir = uploadDir(dataDir);
  const entries = await readdir(dir).catch(() => [] as string[]);
  const limit = Date.now() - olderThanMs;
  for (const e of entries) {
    const full = path.join(dir, e);
    const info = await stat(full).catch(() => undefined);
    if (info && info.mtimeMs < limit) await rm(full, { recursive: true, force: true }).catch(() => undefined);
  }
}

export function isMultipart(ctx: Context): boolean {
  return Boolean(ctx.request.is('multipart/*'));
}

export const unsupportedMultipart = () =>
  new HttpRefusal(
    415,
    'unsupported_media_type',
    'Diese Schnittstelle nimmt keine Dateien an (multipart/form-data wird nicht unterstützt).',
  );

const sizeText = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`.replace('.', ',');

export const fileTooLarge = (maxBytes: number) =>
  new HttpRefusal(413, 'payload_too_large', `Die Datei ist zu groß (höchstens ${sizeText(maxBytes)}).`);

type ParsedFile = { filepath: string; originalFilename?: string | null; mimetype?: string | null; size: number };

function collectFiles(files: Record<string, unknown> | undefined): UploadedFile[] {
  if (!files) return [];
  const out: UploadedFile[] = [];
  for (const [field, value] of Object.entries(files)) {
    for (const f of Array.isArray(value) ? value : [value]) {
      const file = f as ParsedFile;
      out.push({
        field,
        name: file.originalFilename ?? 'datei',
        mime: file.mimetype ?? 'application/octet-stream',
        size: file.size,
        path: file.filepath,
      });
    }
  }
  return out;
}

/**
 * Parses the multipart body of a route that takes files (only after its sign-in, rights and
 * anti-forgery checks passed), runs `fn`, and deletes every temp file when the request ends —
 * success, error, too large or aborted. Files are written by our own streams into a folder of
 * this request, so the clean-up can wait until each stream is closed before deleting.
 */
export async function withUpload<T>(
  ctx: Context,
  dataDir: string,
  spec: UploadSpec,
  fn: (body: unknown, files: UploadedFile[]) => Promise<T>,
): Promise<T> {
  const dir = path.join(uploadDir(dataDir), `${Date.now()}-${randomBytes(6).toString('hex')}`);
  const streams: WriteStream[] = [];
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const parser = koaBody({
      multipart: true,
      json: false,
      text: false,
      urlencoded: false,
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
      formidable: {
        uploadDir: dir,
        keepExtensions: false,
        maxFileSize: spec.maxBytes,
        maxTotalFileSize: spec.maxBytes,
        maxFiles: 20,
        maxFields: 50,
        maxFieldsSize: 2 * 1024 * 1024,
        fileWriteStreamHandler: (file) => {
          const stream = createWriteStream((file as unknown as ParsedFile).filepath, { flags: 'wx', mode: 0o600 });
          streams.push(stream);
          return stream;
        },
      },
      onError(err) {
        const status = (err as { httpCode?: number; status?: number }).httpCode ?? (err as { status?: number }).status;
        if (status === 413) throw fileTooLarge(spec.maxBytes);
        throw badRequest('Die Anfrage ist fehlerhaft und konnte nicht gelesen werden.');
      },
    });
    await parser(ctx, async () => undefined);
    const request = ctx.request as typeof ctx.request & { body?: unknown; files?: Record<string, unknown> };
    return await fn(request.body, collectFiles(request.files));
  } finally {
    for (const s of streams) if (!s.closed) s.destroy();
    await Promise.all(streams.map((s) => (s.closed ? undefined : once(s, 'close').catch(() => undefined))));
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
