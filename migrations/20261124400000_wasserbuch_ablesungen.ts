import type { Knex } from 'knex';

// Wasserbuch (issue 12): the water readings of plot meters and main meters. Stammdaten has only
// the plot's current meter number (parzellen.wasserzaehler_nummer) and the main meters' change
// readings (hauptwasserzaehler_ablesungen, written by WechselHWZ); the water book's readings with
// their source, note, meter-change flag and version live here.
// - stand_liter: the reading in whole litres (m³ × 1000), exact on SQLite and MariaDB alike (a
//   DECIMAL is a float on SQLite); null = not read yet (an empty row of a reading round).
// - zaehler_key: 'P<parzelle_id>' or 'H<hauptwasserzaehler_id>', so "one reading per meter and
//   date" is a unique index on both databases (a unique index ignores rows with a NULL column).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wasserablesungen', (t) => {
    t.increments('id').primary();
    t.integer('version').notNullable().defaultTo(1);
    t.date('datum').notNullable();
    t.integer('parzelle_id').unsigned().nullable().references('parzellen.id').onDelete('RESTRICT');
    t.integer('hauptwasserzaehler_id').unsigned().nullable().references('hauptwasserzaehler.id').onDelete('RESTRICT');
    t.string('zaehler_key', 20).notNullable();
    t.string('zaehlernummer', 50).notNullable();
    t.bigInteger('stand_liter').nullable();
    t.boolean('is_zaehlerwechsel').notNullable().defaultTo(false);
    /** manuell | funk | import */
    t.string('quelle', 10).notNullable().defaultTo('manuell');
    t.text('notiz').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.unique(['zaehler_key', 'zaehlernummer', 'datum'], { indexName: 'wasserablesungen_zaehler_datum_unique' });
    t.index(['parzelle_id', 'datum']);
    t.index(['hauptwasserzaehler_id', 'datum']);
    t.index(['datum']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('wasserablesungen');
}
