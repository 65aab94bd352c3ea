import { type Browser, type BrowserContext, chromium, type Page, type Route } from 'playwright-core';
import type { ReactElement } from 'react';
import type { Logger } from '../logger';
import { type HtmlDocumentOptions, htmlDocument } from './htmlDocument';

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
};

export type PdfElementOptions = PdfRenderOptions & HtmlDocumentOptions;

export type PdfStats = { launches: number; documents: number };

export type PdfService = {
  /** One HTML document → one PDF (A4, backgrounds printed, margins from CSS @page). */
  render(html: string, options?: PdfRenderOptions): Promise<Buffer>;
  /** Many documents, yielded in input order, printed on the shared pages (two at a time). */
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

export function createPdfService({ chromiumPath, log, poolSize = 2 }: PdfServiceOptions): PdfService {
  if (!Number.isInteger(poolSize) || poolSize < 1) throw new RangeError(`poolSize must be ≥ 1, got ${poolSize}`);
  let current: Session | null = null;
  let launching: Promise<Session> | null = null;
  let launches = 0;
  let documents = 0;
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

  async function print(page: Page, html: string, options: PdfRenderOptions): Promise<Buffer> {
    // Chromium follows the orientation of a CSS @page size even when told otherwise, so forcing
    // landscape means adding a later @page rule (a style after </html> still lands in the body).
    const source = options.landscape ? `${html}<style>@page { size: A4 landscape; }</style>` : html;
    await page.setContent(source, { waitUntil: 'load' });
    const headerFooter = options.headerFooter;
    return page.pdf({
      format: 'A4',
      landscape: options.landscape === true,
      // The document's @page decides size and margins.
      preferCSSPageSize: true,
      printBackground: true,
      displayHeaderFooter: headerFooter !== undefined,
      // An empty element, because Chromium prints date and title when a template is missing.
      headerTemplate: headerFooter?.header ?? '<span></span>',
      footerTemplate: headerFooter?.footer ?? '<span></span>',
    });
  }

  async function render(html: string, options: PdfRenderOptions = {}): Promise<Buffer> {
    for (let attempt = 1; ; attempt++) {
      const lease = await acquire();
      const started = performance.now();
      try {
        const pdf = await print(lease.page, html, options);
        release(lease, true);
        documents++;
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

  async function* renderBatch(
    htmls: Iterable<string> | AsyncIterable<string>,
    options: PdfRenderOptions = {},
  ): AsyncGenerator<Buffer> {
    // One more in flight than pages, so a page never idles while the consumer handles a result.
    const lookahead = poolSize + 1;
    const inFlight: Promise<Buffer>[] = [];
    try {
      for await (const html of htmls) {
        const pdf = render(html, options);
        // Marked as handled now; the error still reaches the consumer when this result's turn comes.
        pdf.catch(() => {});
        inFlight.push(pdf);
        if (inFlight.length >= lookahead) yield await (inFlight.shift() as Promise<Buffer>);
      }
      while (inFlight.length > 0) yield await (inFlight.shift() as Promise<Buffer>);
    } finally {
      // Stopped early or failed: let the started documents finish so their pages return to the pool.
      await Promise.allSettled(inFlight);
    }
  }

  async function close(): Promise<void> {
    const s = current ?? (launching ? await launching.catch(() => null) : null);
    current = null;
    if (!s || s.closed) return;
    s.closedByUs = true;
    await s.browser.close();
    log.info('pdf: chromium closed', { launches, documents });
  }

  return {
    render,
    renderBatch,
    renderElement: (element, { landscape, headerFooter, ...doc }) =>
      render(htmlDocument(element, { ...doc, landscape }), { landscape, headerFooter }),
    stats: () => ({ launches, documents }),
    close,
  };
}
