import type { Context } from 'koa';
import { FileResult } from '../platform/files/fileResult';

export { FileResult, pdfFile, xlsxFile } from '../platform/files/fileResult';

/** Writes a download answer: type, disposition (inline or attachment) and body. */
export function writeFileResult(ctx: Context, file: FileResult): void {
  ctx.status = 200;
  ctx.type = file.contentType;
  // RFC 6266: an ASCII fallback plus the UTF-8 name, so umlauts survive in every browser.
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const disposition = file.inline ? 'inline' : 'attachment';
  ctx.set(
    'Content-Disposition',
    `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  );
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = file.body;
}

/** Whether a handler's answer is a download. */
export const isFileResult = (value: unknown): value is FileResult => value instanceof FileResult;
