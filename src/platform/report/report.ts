import type { Column, ColumnKind } from '../excel/excelWriter';

/** The three answers of a report: the rows as JSON, a printed list, a spreadsheet. */
export type ReportFormat = 'json' | 'pdf' | 'xlsx';

/** One column of a report: its header, the printed cell, the spreadsheet cell and its format. */
export type ReportColumn<T> = {
  header: string;
  /** The cell as printed (already German: "01.03.2026", "1.234,50"). */
  print: (row: T) => string | number;
  /** The spreadsheet cell: a field of the row or a function of it, written as `kind` says. */
  excel: Column<T>['key'];
  kind?: ColumnKind;
  /** Decimal places of a 'decimal' column in the spreadsheet. */
  places?: number;
  /** Print only: a CSS class of the Liste template ('number' aligns right) and a fixed width. */
  className?: string;
  width?: string;
};

/**
 * A list as the club prints and exports it: a title, columns and rows. Kassa's reports, the
 * receivables overview and the water settlement are reports as well as the Stammdaten lists.
 */
export type Report<T> = {
  title: string;
  /** The download's name without extension. */
  fileName: string;
  subtitle?: string;
  /** The day in the heading ("Stand:"), ISO; today when absent. */
  datum?: string;
  /** Taller rows with room to sign. */
  signature?: boolean;
  /** Page numbers of the printed list: by default only when it runs over a page ('multiPage'). */
  pageNumbers?: boolean | 'multiPage';
  columns: ReportColumn<T>[];
  rows: T[];
};
