// Row types of the tables the E-Mail module owns (CONTEXT.md; ADR 0005).

/** A saved mail template; types without a row use the default of schema/mailTemplate.ts. */
export type MailTemplateRow = {
  typ: string;
  betreff: string;
  text: string;
  version: number;
  updated_at: string;
};

declare module 'knex/types/tables' {
  interface Tables {
    mail_templates: MailTemplateRow;
  }
}
