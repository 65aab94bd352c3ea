import type { Knex } from 'knex';

// Abstellplatz-Kategorien (parking space kinds with a yearly fee in cents). The Abstellplätze that
// refer to them arrive with the Stammdaten module.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('abstellplatz_kategorien', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable().unique();
    t.bigInteger('jahresgebuehr_cent').notNullable().defaultTo(0);
    t.boolean('aktiv').notNullable().defaultTo(true);
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('abstellplatz_kategorien');
}
