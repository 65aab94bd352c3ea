import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export type HtmlDocumentOptions = {
  /** The document title: PDF metadata and the name a mail client shows for an attachment preview. */
  title: string;
  /** Extra CSS of the template, appended after the base print CSS so it can override it. */
  css?: string;
  lang?: string;
  /** A4 landscape instead of portrait (wide lists such as the Pachtzinsliste). */
  landscape?: boolean;
};

/**
 * Base print CSS for every document. Fonts are the ones installed with Chromium in the image
 * (Liberation, DejaVu: umlauts and € present), so nothing is fetched and output is stable.
 */
export function basePrintCss(landscape = false): string {
  return `
@page { size: A4${landscape ? ' landscape' : ''}; margin: 20mm 18mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: "Liberation Sans", "DejaVu Sans", sans-serif; font-size: 10.5pt; line-height: 1.35; color: #000; }
h1 { font-size: 15pt; margin: 0 0 4mm; }
h2 { font-size: 12.5pt; margin: 5mm 0 2mm; }
h3 { font-size: 11pt; margin: 4mm 0 2mm; }
p { margin: 0 0 2.5mm; }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 1mm 1.5mm; text-align: left; vertical-align: top; }
thead th { border-bottom: 0.4pt solid #000; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
td.money, th.money, td.number, th.number { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tfoot td { border-top: 0.4pt solid #000; font-weight: bold; }
.page-break { break-after: page; }
.avoid-break { break-inside: avoid; }
`.trim();
}

/** A complete HTML page for the PDF service: doctype, UTF-8, title, print CSS and the rendered body. */
export function htmlDocument(body: ReactElement, options: HtmlDocumentOptions): string {
  const { title, css = '', lang = 'de-AT', landscape = false } = options;
  const markup = renderToStaticMarkup(
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        {/* React writes style text unescaped (selectors with ">" survive) but neutralizes "</style". */}
        <style>{`${basePrintCss(landscape)}\n${css}`}</style>
      </head>
      <body>{body}</body>
    </html>,
  );
  return `<!doctype html>${markup}`;
}
