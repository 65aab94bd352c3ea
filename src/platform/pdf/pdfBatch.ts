import type { Logger } from '../logger';
import { type BatchLetter, combinedDocument, parseLetter, sameFrame, splitCombined } from './batchDocument';
import type { PdfHeaderFooter, PdfRenderOptions } from './pdfService';
import { stampPageNumbers } from './stampPageNumbers';

// renderBatch of the PDF service: letters in chunks of batchSize, each chunk one Chromium document
// cut into the letters' PDFs (batchDocument.ts), chunks printing side by side on the pool's pages.

export type BatchDeps = {
  poolSize: number;
  batchSize: number;
  log: Logger;
  /** One Chromium document printed on a pooled page, relaunching a crashed browser once. */
  printOnPool(html: string, landscape: boolean, headerFooter?: PdfHeaderFooter): Promise<Buffer>;
  /** One document on its own, with page numbers as asked. */
  printDocument(html: string, options: PdfRenderOptions): Promise<Buffer>;
  /** The header and footer with the page-number footer, when asked for. */
  withPageNumbers(options: PdfRenderOptions): PdfHeaderFooter | undefined;
  /** Counts a PDF handed out. */
  delivered(): void;
};

/** A header or footer that counts pages must count each letter's own: such letters print alone. */
function numbersEveryPage(options: PdfRenderOptions): boolean {
  const { header = '', footer = '' } = options.headerFooter ?? {};
  return options.pageNumbers === true || /\b(pageNumber|totalPages)\b/.test(header + footer);
}

export function createBatchRenderer({
  poolSize,
  batchSize,
  log,
  printOnPool,
  printDocument,
  withPageNumbers,
  delivered,
}: BatchDeps): (htmls: Iterable<string> | AsyncIterable<string>, options?: PdfRenderOptions) => AsyncGenerator<Buffer> {
  /** The PDFs of a chunk of letters, each letter's own result or error. Never rejects. */
  async function renderChunk(
    letters: BatchLetter[],
    options: PdfRenderOptions,
  ): Promise<PromiseSettledResult<Buffer>[]> {
    const oneByOne = () => Promise.allSettled(letters.map((letter) => printDocument(letter.html, options)));
    if (letters.length === 1) return oneByOne();
    const landscape = options.landscape === true;
    let split: Awaited<ReturnType<typeof splitCombined>> = null;
    try {
      // Without page numbers: 'multiPage' adds them below to the letters that need them.
      split = await splitCombined(
        await printOnPool(combinedDocument(letters), landscape, options.headerFooter),
        letters,
      );
    } catch (error) {
      log.warn('pdf: batch document failed, printing its letters one by one', {
        letters: letters.length,
        error: String(error),
      });
      return oneByOne();
    }
    if (!split) {
      log.warn('pdf: batch pages do not match its letters, printing them one by one', { letters: letters.length });
      return oneByOne();
    }
    const withNumbers = withPageNumbers(options);
    return Promise.allSettled(
      split.map(async ({ pdf, pages }, i) =>
        options.pageNumbers !== 'multiPage' || pages === 1
          ? pdf
          : options.headerFooter?.footer === undefined
            ? stampPageNumbers(pdf)
            : // A letter's own footer counts its pages: it prints again on its own with it.
              printOnPool(letters[i]?.html ?? '', landscape, withNumbers),
      ),
    );
  }

  return async function* renderBatch(
    htmls: Iterable<string> | AsyncIterable<string>,
    options: PdfRenderOptions = {},
  ): AsyncGenerator<Buffer> {
    // One more chunk in flight than pages, so a page never idles while the consumer handles results.
    const lookahead = poolSize + 1;
    const chunkSize = numbersEveryPage(options) ? 1 : batchSize;
    const inFlight: Promise<PromiseSettledResult<Buffer>[]>[] = [];
    const start = (chunk: BatchLetter[]) => {
      const results = renderChunk(chunk, options);
      // Marked as handled now; an error still reaches the consumer when its letter's turn comes.
      results.catch(() => {});
      inFlight.push(results);
    };
    async function* yieldUntil(left: number): AsyncGenerator<Buffer> {
      while (inFlight.length > left) {
        for (const result of await (inFlight.shift() as Promise<PromiseSettledResult<Buffer>[]>)) {
          if (result.status === 'rejected') throw result.reason;
          delivered();
          yield result.value;
        }
      }
    }
    let chunk: BatchLetter[] = [];
    try {
      for await (const html of htmls) {
        const letter = parseLetter(html);
        const first = chunk[0];
        if (first && (chunk.length >= chunkSize || !sameFrame(first, letter))) {
          start(chunk);
          chunk = [];
          yield* yieldUntil(lookahead - 1);
        }
        chunk.push(letter);
      }
      if (chunk.length > 0) start(chunk);
      chunk = [];
      yield* yieldUntil(0);
    } finally {
      // Stopped early or failed: let the started documents finish so their pages return to the pool.
      await Promise.allSettled(inFlight);
    }
  };
}
