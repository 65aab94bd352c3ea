import type { Knex } from 'knex';

// Wasserbuch (issue 12): the column mappings of radio-meter exports, stored per club by name
// (ImportFunkwasserablesungData?mapping=). "Standard" is built into the code; a stored row of that
// name replaces it. name_key is the name in lower case, so names are unique case-insensitively on
// both databases.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wasser_funk_mappings', (t) => {
    t.increments('id').primary();
    t.string('name', 50).notNullable();
    t.string('name_key', 50).notNullable().unique();
    t.string('spalte_seriennummer', 100).notNullable();
    t.string('spalte_stand', 100).notNullable();
    t.string('spalte_zeitstempel', 100).notNullable().defaultTo('');
    /** auto | ; | , | tab */
    t.string('trennzeichen', 5).notNullable().defaultTo('auto');
    /** auto | , | . */
    t.string('dezimalzeichen', 5).notNullable().defaultTo('auto');
    /** auto | utf-8 | windows-1252 */
    t.string('zeichensatz', 20).notNullable().defaultTo('auto');
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('wasser_funk_mappings');
}
