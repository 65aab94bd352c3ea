// Row types of the tables Abrechnung owns (CONTEXT.md; ADR 0005).

export type PachtabrechnungRow = {
  id: number;
  jahr: number;
  bezeichnung: string;
  created_at: string;
  updated_at: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    pachtabrechnungen: PachtabrechnungRow;
  }
}
