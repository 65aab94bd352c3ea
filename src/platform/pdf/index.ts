// The public face of the PDF platform service.
export { basePrintCss, type HtmlDocumentOptions, htmlDocument } from './htmlDocument';
export {
  CHROMIUM_ARGS,
  createPdfService,
  type PdfElementOptions,
  type PdfHeaderFooter,
  type PdfRenderOptions,
  type PdfService,
  type PdfServiceOptions,
  type PdfStats,
  pageNumberFooter,
} from './pdfService';
