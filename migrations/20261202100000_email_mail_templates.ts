import type { Knex } from 'knex';

// Mail templates of the E-Mail module (issue 16): one row per saved template; types without a row
// use the default text in code (src/modules/email/services/platzhalter.ts).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_templates', (t) => {
    t.string('typ', 40).primary();
    t.string('betreff', 250).notNullable();
    t.text('text').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.dateTime('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_templates');
}
