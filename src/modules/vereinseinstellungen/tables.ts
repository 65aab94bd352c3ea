// Row types of the tables Vereinseinstellungen owns (CONTEXT.md; ADR 0005). The sections are rows of
// the platform's `settings` (platform/settings/tables.ts).

export type AbstellplatzKategorieRow = {
  id: number;
  version: number;
  name: string;
  /** BIGINT: a string on MySQL. */
  jahresgebuehr_cent: number | string;
  aktiv: boolean | number;
  created_at: string;
  updated_at: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    abstellplatz_kategorien: AbstellplatzKategorieRow;
  }
}
