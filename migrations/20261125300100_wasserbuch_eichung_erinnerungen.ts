import type { Knex } from 'knex';

// Meter calibration reminders (issue 12, meter lifecycle): which meter's due date the daily job
// `wasserbuch.eichung` has already mailed, so it mails each once. A meter change gives the owner a
// new meter number and due date, hence a new row and a new mail.
// - zaehler_key: 'P<parzelle_id>' or 'H<hauptwasserzaehler_id>' as in wasserablesungen.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wasserzaehler_eichung_erinnerungen', (t) => {
    t.increments('id').primary();
    t.string('zaehler_key', 20).notNullable();
    t.string('zaehlernummer', 50).notNullable();
    t.date('eichung_faellig_am').notNullable();
    t.dateTime('gemeldet_am').notNullable();
    t.unique(['zaehler_key', 'zaehlernummer', 'eichung_faellig_am'], { indexName: 'wasserzaehler_eichung_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('wasserzaehler_eichung_erinnerungen');
}
