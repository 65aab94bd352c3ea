// The public face of the report pipeline: one column list answered as JSON, PDF or Excel.
export { Liste, type ListeColumn, type ListeProps, listeCss } from './Liste';
export { ListenKopf, listenCss } from './ListenKopf';
export { type ReportPrintContext, renderReport, reportPdf, reportXlsx } from './renderReport';
export type { Report, ReportColumn, ReportFormat } from './report';
