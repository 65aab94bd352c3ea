import { type Browser, type BrowserContext, chromium, type Page, type Route } from 'playwright-core';
import type { ReactElement } from 'react';
import type { Logger } from '../logger';
import { pageCount } from './batchDocument';
import { type HtmlDocumentOptions, htmlDocument } from './htmlDocument';
import { createBatchRenderer } from './pdfBatch';
import { stampPageNumbers } from './stampPageNumbers';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type PdfHeaderFooter = {
  /** Chromium header template (HTML; classes pageNumber, totalPages, title, date are filled in). */
  header?: string;
  footer?: string;
};

export type PdfRenderOptions = {
  /** Forces A4 landscape, whatever size the document's @page asks for. */
  landscape?: boolean;
  /** Header and footer drawn in the page margins, e.g. pageNumberFooter. */
  headerFooter?: PdfHeaderFooter;
  /**
   * "Seite x von y" in the bottom margin (pageNumberFooter, unless headerFooter brings its own
   * footer): true on every document, 'multiPage' only on documents longer than one page, since
   * "Seite 1 von 1" says nothing (a one-page document is printed a second time, without it).
   * In a batch, each letter counts its own pages.
   */
  pageNumbers?: boolean | 'multiPage';
};

export type PdfElementOptions = PdfRenderOptions & HtmlDocumentOptions;

export type PdfStats = {
  launches: number;
  /** PDFs handed out. */
  documents: number;
  /** Documents Chromium printed: a batch chunk is one, a 'multiPage' document one (two only with its own footer and one page). */
  prints: number;
};

export type PdfService = {
  /** One HTML document → one PDF (A4, backgrounds printed, margins from CSS @page). */
  render(html: string, options?: PdfRenderOptions): Promise<Buffer>;
  /**
   * Many documents, one PDF each, yielded in input order. Consecutive documents with the same
   * head (CSS; the title may differ) print together as one Chromium document of up to batchSize
   * letters, which is then cut into the letters' PDFs: each letter starts on a new page and keeps
   * its own pages, page numbers and title. Templates must not depend on being the body's child.
   */
  renderBatch(htmls: Iterable<string> | AsyncIterable<string>, options?: PdfRenderOptions): AsyncGenerator<Buffer>;
  /** A React template wrapped in htmlDocument (base print CSS) and printed. */
  renderElement(element: ReactElement, options: PdfElementOptions): Promise<Buffer>;
  stats(): PdfStats;
  /** Closes the browser; a later render launches a new one. */
  close(): Promise<void>;
};

export type PdfServiceOptions = {
  chromiumPath: string;
  log: Logger;
  /** Pages printing at once; two match two cores (a reused page prints in ~55 ms, two in ~28 ms each). */
  poolSize?: number;
  /**
   * Letters of a batch printed as one Chromium document. One document is ~3× faster than a
   * document per letter; 50 keeps a chunk at about 0.5 MB of HTML and PDF, so 2,000 letters
   * never sit in memory at once, and lets two chunks print side by side on the two pages.
   */
  batchSize?: number;
};

/** "Seite 1 von 3", centred in the bottom margin. Header/footer templates need an explicit font size. */
export const pageNumberFooter =
  '<div style="width:100%;font-family:\'Liberation Sans\',sans-serif;font-size:8pt;color:#444;text-align:center">' +
  'Seite <span class="pageNumber"></span> von <span class="totalPages"></span></div>';

type Session = {
  browser: Browser;
  context: BrowserContext;
  idle: Page[];
  /** Pages that exist (idle or lent out); never more than poolSize. */
  open: number;
  closed: boolean;
  closedByUs: boolean;
};

type Lease = { session: Session; page: Page };

// Templates must not fetch anything: no tracking pixel, no web font, no data leaving the machine.
// data: and about: never reach the router; everything else (http, https, file, ws…) is refused.
function blockRequest(route: Route): Promise<void> {
  const url = route.request().url();
  return url.startsWith('data:') || url.startsWith('about:') ? route.continue() : route.abort('blockedbyclient');
}

function withPageNumbers(options: PdfRenderOptions): PdfHeaderFooter | undefined {
  if (!options.pageNumbers) return options.headerFooter;
  return { ...options.headerFooter, footer: options.headerFooter?.footer ?? pageNumberFooter };
}

export function createPdfService({ chromiumPath, log, poolSize = 2, batchSize = 50 }: PdfServiceOptions): PdfService {
  if (!Number.isInteger(poolSize) || poolSize < 1) throw new RangeError(`poolSize must be ≥ 1, got ${poolSize}`);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be ≥ 1, got ${batchSize}`);
  let current: Session | null = null;
  let launching: Promise<Session> | null = null;
  let launches = 0;
  let documents = 0;
  let prints = 0;
  const waiters: (() => void)[] = [];
  const wakeOne = () => waiters.shift()?.();
  const wakeAll = () => {
    for (const wake of waiters.splice(0)) wake();
  };

  async function launch(): Promise<Session> {
    const started = performance.now();
    const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    launches++;
    try {
      // No JavaScript: templates are static markup, and nothing in them can run or phone home.
      const context = await browser.newContext({ javaScriptEnabled: false });
      await context.route('**/*', blockRequest);
      const session: Session = { browser, context, idle: [], open: 0, closed: false, closedByUs: false };
      browser.on('disconnected', () => {
        session.closed = true;
        if (!session.closedByUs) log.warn('pdf: chromium disconnected, will relaunch on next use');
        // Whoever waits for a page of this browser must try again with a new one.
        wakeAll();
      });
      log.info('pdf: chromium launched', { version: browser.version(), ms: Math.round(performance.now() - started) });
      return session;
    } catch (error) {
      await browser.close().catch(() => {});
      throw error;
    }
  }

  /** The live browser session, launched on first use; concurrent callers share one launch. */
  function session(): Promise<Session> {
    if (current && !current.closed) return Promise.resolve(current);
    launching ??= launch()
      .then((session) => {
        current = session;
        return session;
      })
      .finally(() => {
        launching = null;
      });
    return launching;
  }

  async function acquire(): Promise<Lease> {
    for (;;) {
      const s = await session();
      const page = s.idle.pop();
      if (page) return { session: s, page };
      if (s.open < poolSize) {
        s.open++;
        try {
          // newPage costs 110–190 ms, so pages are kept and reused for the next documents.
          return { session: s, page: await s.context.newPage() };
        } catch (error) {
          s.open--;
          wakeOne();
          if (s.closed && !s.closedByUs) continue;
          throw error;
        }
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  function release({ session: s, page }: Lease, healthy: boolean): void {
    if (healthy && !s.closed && !page.isClosed()) {
      s.idle.push(page);
    } else {
      // A page that failed may hold a half-loaded document or a hung navigation: replace it.
      s.open--;
      if (!page.isClosed()) void page.close().catch(() => {});
    }
    wakeOne();
  }

  async function print(page: Page, html: string, landscape: boolean, headerFooter?: PdfHeaderFooter): Promise<Buffer> {
    // Chromium follows the orientation of a CSS @page size even when told otherwise, so forcing
    // landscape means adding a later @page rule (a style after </html> still lands in the body).
    const source = landscape ? `${html}<style>@page { size: A4 landscape; }</style>` : html;
    await page.setContent(source, { waitUntil: 'load' });
    return page.pdf({
      format: 'A4',
      landscape,
      // The document's @page decides size and margins.
      preferCSSPageSize: true,
      printBackground: true,
      displayHeaderFooter: headerFooter !== undefined,
      // An empty element, because Chromium prints date and title when a template is missing.
      headerTemplate: headerFooter?.header ?? '<span></span>',
      footerTemplate: headerFooter?.footer ?? '<span></span>',
    });
  }

  /** One Chromium document printed on a pooled page. */
  async function printOnPool(html: string, landscape: boolean, headerFooter?: PdfHeaderFooter): Promise<Buffer> {
    for (let attempt = 1; ; attempt++) {
      const lease = await acquire();
      const started = performance.now();
      try {
        const pdf = await print(lease.page, html, landscape, headerFooter);
        release(lease, true);
        prints++;
        log.debug('pdf: rendered', { bytes: pdf.length, ms: Math.round(performance.now() - started) });
        return pdf;
      } catch (error) {
        release(lease, false);
        // A crashed browser is relaunched once for the same document; other errors are the caller's.
        const browserGone = lease.session.closed || !lease.session.browser.isConnected();
        if (attempt === 1 && browserGone && !lease.session.closedByUs) continue;
        throw error;
      }
    }
  }

  /** One document, with page numbers as asked; not yet counted. */
  async function printDocument(html: string, options: PdfRenderOptions): Promise<Buffer> {
    const landscape = options.landscape === true;
    if (options.pageNumbers === 'multiPage' && options.headerFooter?.footer === undefined) {
      // One print without footer; numbers only once it turns out longer than a page.
      const pdf = await printOnPool(html, landscape, options.headerFooter);
      return (await pageCount(pdf)) > 1 ? stampPageNumbers(pdf) : pdf;
    }
    const pdf = await printOnPool(html, landscape, withPageNumbers(options));
    // A document's own footer counts pages itself: the second print without it has the same
    // single page (the footer sits in the margin and never moves the page breaks).
    if (options.pageNumbers === 'multiPage' && (await pageCount(pdf)) === 1) {
      return printOnPool(html, landscape, options.headerFooter);
    }
    return pdf;
  }

  async function render(html: string, options: PdfRenderOptions = {}): Promise<Buffer> {
    const pdf = await printDocument(html, options);
    documents++;
    return pdf;
  }

  const renderBatch = createBatchRenderer({
    poolSize,
    batchSize,
    log,
    printOnPool,
    printDocument,
    withPageNumbers,
    delivered: () => {
      documents++;
    },
  });

  async function close(): Promise<void> {
    const s = current ?? (launching ? await launching.catch(() => null) : null);
    current = null;
    if (!s || s.closed) return;
    s.closedByUs = true;
    await s.browser.close();
    log.info('pdf: chromium closed', { launches, documents, prints });
  }

  return {
    render,
    renderBatch,
    renderElement: (element, { landscape, headerFooter, pageNumbers, ...doc }) =>
      render(htmlDocument(element, { ...doc, landscape }), { landscape, headerFooter, pageNumbers }),
    stats: () => ({ launches, documents, prints }),
    close,
  };
}
