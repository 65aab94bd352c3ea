// Row types of the file store's table (ADR 0005).
export type FileRow = {
  id: number;
  sha256: string;
  name: string;
  mime: string;
  /** BIGINT: a string on MySQL. */
  size: number | string;
  owner_type: string | null;
  owner_id: string | null;
  created_at: string | Date;
  created_by: number | null;
};

declare module 'knex/types/tables' {
  interface Tables {
    files: FileRow;
  }
}
