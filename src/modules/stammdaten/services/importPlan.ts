import type { Knex } from 'knex';

/** One problem of one cell, in German: "Zeile 7, Spalte PLZ: …". */
export type ImportError = { sheet?: string; row: number; column: string; message: string };

export const formatError = (e: ImportError) =>
  `${e.sheet ? `Tabelle ${e.sheet}, ` : ''}Zeile ${e.row}, Spalte ${e.column}: ${e.message}`;

/** A checked import, ready to write: rows per table, in insert order. */
export type ImportPlan = {
  kind: 'exportAll' | 'vereinsliste';
  errors: ImportError[];
  counts: Record<string, number>;
  /** Writes everything; `progress` is called once per written row. */
  apply(trx: Knex.Transaction, progress?: () => void): Promise<void>;
  total: number;
};

/** The name imported rows carry in the history (Verlauf: "kgv import stammdaten · importiert"). */
export const IMPORT_ACTOR_NAME = 'kgv import stammdaten';
