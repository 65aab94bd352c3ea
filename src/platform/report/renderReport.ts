import { createElement } from 'react';
import { formatGermanDate, todayIso } from '../dates';
import { buildWorkbook } from '../excel/excelWriter';
import { type FileResult, pdfFile, xlsxFile } from '../files/fileResult';
import type { PdfService } from '../pdf';
import { Liste, type ListeColumn, listeCss } from './Liste';
import type { Report, ReportFormat } from './report';

/** What a printed report needs besides the report: the PDF service and the club's name for the heading. */
export type ReportPrintContext = { pdf: PdfService; vereinsName: string };

/** The report printed on A4 with the Liste template; "Seite x von y" once it runs over a page. */
export async function reportPdf<T>(report: Report<T>, ctx: ReportPrintContext): Promise<FileResult> {
  const element = createElement(Liste, {
    title: report.title,
    vereinsName: ctx.vereinsName,
    datum: formatGermanDate(report.datum ?? todayIso()),
    subtitle: report.subtitle,
    signature: report.signature,
    columns: report.columns.map((c): ListeColumn => ({ header: c.header, className: c.className, width: c.width })),
    rows: report.rows.map((r) => report.columns.map((c) => c.print(r))),
  });
  const pdf = await ctx.pdf.renderElement(element, {
    title: report.title,
    css: listeCss,
    pageNumbers: report.pageNumbers ?? 'multiPage',
  });
  return pdfFile(pdf, `${report.fileName}.pdf`);
}

/** The report as a one-sheet workbook, each column written in its kind. */
export async function reportXlsx<T>(report: Report<T>): Promise<FileResult> {
  const buffer = await buildWorkbook([
    {
      name: report.title,
      columns: report.columns.map((c) => ({ header: c.header, key: c.excel, kind: c.kind, places: c.places })),
      rows: report.rows,
    },
  ]);
  return xlsxFile(buffer, `${report.fileName}.xlsx`);
}

/**
 * The answer in the asked format: a PDF or a workbook, or for JSON `json` (the rows when absent).
 * `print` is asked only for a PDF, so JSON and Excel answers do not look up the club's name.
 */
export async function renderReport<T>(
  format: ReportFormat,
  report: Report<T>,
  print: () => Promise<ReportPrintContext>,
  json: unknown = report.rows,
): Promise<unknown> {
  if (format === 'pdf') return reportPdf(report, await print());
  if (format === 'xlsx') return reportXlsx(report);
  return json;
}
