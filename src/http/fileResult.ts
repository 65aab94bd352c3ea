import type { Readable } from 'node:stream';
import type { Context } from 'koa';

/** A download answer: a route returns it and the router writes type, disposition and body. */
export class FileResult {
  constructor(
    readonly body: Buffer | Readable,
    readonly contentType: string,
    readonly fileName: string,
    readonly inline = false,
  ) {}

  write(ctx: Context): void {
    ctx.status = 200;
    ctx.type = this.contentType;
    // RFC 6266: an ASCII fallback plus the UTF-8 name, so umlauts survive in every browser.
    const ascii = this.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    const disposition = this.inline ? 'inline' : 'attachment';
    ctx.set(
      'Content-Disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(this.fileName)}`,
    );
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = this.body;
  }
}

export const pdfFile = (body: Buffer, fileName: string, inline = true) =>
  new FileResult(body, 'application/pdf', fileName, inline);
export const xlsxFile = (body: Buffer | Readable, fileName: string) =>
  new FileResult(body, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName, false);
