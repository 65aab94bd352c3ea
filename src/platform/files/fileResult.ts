import type { Readable } from 'node:stream';

/**
 * A download: what a service answers for a PDF or a spreadsheet. The HTTP layer writes its type,
 * disposition and body (src/http/fileResult.ts); the CLI writes it to a file.
 */
export class FileResult {
  constructor(
    readonly body: Buffer | Readable,
    readonly contentType: string,
    readonly fileName: string,
    readonly inline = false,
  ) {}
}

export const PDF_TYPE = 'application/pdf';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const pdfFile = (body: Buffer, fileName: string, inline = true) =>
  new FileResult(body, PDF_TYPE, fileName, inline);
export const xlsxFile = (body: Buffer | Readable, fileName: string) => new FileResult(body, XLSX_TYPE, fileName, false);
