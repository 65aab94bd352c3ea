import type { Db } from '../../../platform/db/db';
import type { ReadSheet } from '../../../platform/excel/excelReader';
import { isExportAllWorkbook, planExportAll } from './importExportAll';
import type { ImportPlan } from './importPlan';
import { planVereinsliste } from './importVereinsliste';

export { formatError, type ImportError, type ImportPlan } from './importPlan';

/** Reads and checks every row of the workbook (ExportAll or a club's own sheet); writes nothing. */
export async function planImport(db: Db, sheets: ReadSheet[]): Promise<ImportPlan> {
  if (isExportAllWorkbook(sheets)) return planExportAll(db, sheets);
  const sheet = sheets.find((s) => s.rows.length > 0) ?? sheets[0];
  if (!sheet) throw new Error('Die Arbeitsmappe hat kein Blatt.');
  return planVereinsliste(db, sheet);
}
