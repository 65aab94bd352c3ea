import type { Knex } from 'knex';

// Stammdaten: the year scope (Pachtabrechnung), plots, addresses with further persons, leases
// (Pachtverhältnis), parking spaces with assignments and parking cards, groups, functions and
// officials, main water meters with their readings. References are RESTRICT: deleting a record
// that is still used must be refused with a sentence, never cascade silently. Parts of a record
// (a plot's yearly values, an address's further persons) go with it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pachtabrechnungen', (t) => {
    t.increments('id').primary();
    t.integer('jahr').notNullable().unique();
    t.string('bezeichnung', 100).notNullable().defaultTo('');
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('gruppen', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable().unique();
    t.string('beschreibung', 500).notNullable().defaultTo('');
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('hauptwasserzaehler', (t) => {
    t.increments('id').primary();
    t.string('nummer', 50).notNullable().unique();
    t.string('bezeichnung', 200).notNullable().defaultTo('');
    t.string('standort', 200).notNullable().defaultTo('');
    t.date('eichdatum').nullable();
    t.boolean('aktiv').notNullable().defaultTo(true);
    t.text('notiz').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('hauptwasserzaehler_ablesungen', (t) => {
    t.increments('id').primary();
    t.integer('hauptwasserzaehler_id').unsigned().notNullable().references('hauptwasserzaehler.id').onDelete('CASCADE');
    t.date('datum').notNullable();
    t.decimal('stand', 12, 3).notNullable();
    /** ablesung | wechsel-ende | wechsel-start */
    t.string('art', 20).notNullable().defaultTo('ablesung');
    t.string('zaehlernummer', 50).notNullable().defaultTo('');
    t.dateTime('created_at').notNullable();
    t.index(['hauptwasserzaehler_id', 'datum']);
  });
  await knex.schema.createTable('parzellen', (t) => {
    t.increments('id').primary();
    t.string('nummer', 20).notNullable().unique();
    t.decimal('flaeche', 10, 2).notNullable().defaultTo(0);
    /** Surcharge flags: 1 ständig wohnen, 2 größer bauen, 4 Kanalanschluss, … */
    t.integer('flags').notNullable().defaultTo(0);
    t.string('wasserzaehler_nummer', 50).nullable();
    t.integer('hauptwasserzaehler_id').unsigned().nullable().references('hauptwasserzaehler.id').onDelete('RESTRICT');
    t.integer('gruppe_id').unsigned().nullable().references('gruppen.id').onDelete('RESTRICT');
    t.boolean('aktiv').notNullable().defaultTo(true);
    t.text('notiz').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('parzelle_jahr', (t) => {
    t.integer('parzelle_id').unsigned().notNullable().references('parzellen.id').onDelete('CASCADE');
    t.integer('pachtabrechnung_id').unsigned().notNullable().references('pachtabrechnungen.id').onDelete('CASCADE');
    t.decimal('gemeinschaftsflaeche', 10, 2).nullable();
    t.integer('anzahl_parkkarten').notNullable().defaultTo(0);
    t.primary(['parzelle_id', 'pachtabrechnung_id']);
  });
  await knex.schema.createTable('adressen', (t) => {
    t.increments('id').primary();
    t.string('anrede', 20).notNullable().defaultTo('');
    t.string('titel', 50).notNullable().defaultTo('');
    t.string('vorname', 100).notNullable().defaultTo('');
    t.string('nachname', 100).notNullable();
    t.string('strasse', 200).notNullable().defaultTo('');
    t.string('plz', 10).notNullable().defaultTo('');
    t.string('ort', 100).notNullable().defaultTo('');
    t.string('land', 100).notNullable().defaultTo('');
    t.string('telefon', 50).notNullable().defaultTo('');
    t.string('mobil', 50).notNullable().defaultTo('');
    t.string('email', 254).notNullable().defaultTo('');
    t.date('geburtsdatum').nullable();
    t.date('eintrittsdatum').nullable();
    t.date('austrittsdatum').nullable();
    /** Spec bit flags: Hauptwohnsitz 1, BevorzugtEmail 2, KGVMitglied 256, KGVMitarbeiter 512. */
    t.integer('flags').notNullable().defaultTo(0);
    /** Spec address type: 0 None, 1 Wohnadresse, 2 Parzelle, 3 Sonstiges. */
    t.integer('adresstyp').notNullable().defaultTo(1);
    t.string('iban', 34).notNullable().defaultTo('');
    t.boolean('zeitung_erlaubt').notNullable().defaultTo(false);
    t.text('notiz').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['nachname', 'vorname']);
  });
  await knex.schema.createTable('weitere_personen', (t) => {
    t.increments('id').primary();
    t.integer('adresse_id').unsigned().notNullable().references('adressen.id').onDelete('CASCADE');
    t.string('anrede', 20).notNullable().defaultTo('');
    t.string('titel', 50).notNullable().defaultTo('');
    t.string('vorname', 100).notNullable().defaultTo('');
    t.string('nachname', 100).notNullable();
    t.string('beziehung', 50).notNullable().defaultTo('');
    t.string('telefon', 50).notNullable().defaultTo('');
    t.string('email', 254).notNullable().defaultTo('');
    t.date('geburtsdatum').nullable();
    t.date('eintrittsdatum').nullable();
    t.integer('flags').notNullable().defaultTo(0);
    t.boolean('zeitung_erlaubt').notNullable().defaultTo(false);
    t.text('notiz').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('pachtverhaeltnisse', (t) => {
    t.increments('id').primary();
    t.integer('parzelle_id').unsigned().notNullable().references('parzellen.id').onDelete('RESTRICT');
    t.integer('adresse_id').unsigned().notNullable().references('adressen.id').onDelete('RESTRICT');
    t.date('von').notNullable();
    t.date('bis').nullable();
    t.dateTime('created_at').notNullable();
    t.index(['parzelle_id', 'von']);
    t.index(['adresse_id']);
  });
  await knex.schema.createTable('abstellplaetze', (t) => {
    t.increments('id').primary();
    t.string('nummer', 20).notNullable().unique();
    t.integer('kategorie_id').unsigned().notNullable().references('abstellplatz_kategorien.id').onDelete('RESTRICT');
    t.boolean('aktiv').notNullable().defaultTo(true);
    t.text('notiz').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('abstellplatz_zuordnungen', (t) => {
    t.increments('id').primary();
    t.integer('abstellplatz_id').unsigned().notNullable().references('abstellplaetze.id').onDelete('RESTRICT');
    t.integer('adresse_id').unsigned().notNullable().references('adressen.id').onDelete('RESTRICT');
    t.date('von').notNullable();
    t.date('bis').nullable();
    t.dateTime('created_at').notNullable();
    t.index(['abstellplatz_id', 'von']);
    t.index(['adresse_id']);
  });
  await knex.schema.createTable('parkkarten_info', (t) => {
    t.integer('pachtabrechnung_id').unsigned().primary().references('pachtabrechnungen.id').onDelete('CASCADE');
    t.bigInteger('gebuehr_cent').notNullable().defaultTo(0);
    t.date('gueltig_bis').nullable();
    t.text('hinweis').nullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('funktionen', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable().unique();
    t.integer('sortierung').notNullable().defaultTo(0);
    /** A function the club must fill (Obmann, Kassier …): an alert when nobody holds it. */
    t.boolean('pflicht').notNullable().defaultTo(false);
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('funktionaere', (t) => {
    t.increments('id').primary();
    t.integer('funktion_id').unsigned().notNullable().references('funktionen.id').onDelete('RESTRICT');
    t.integer('adresse_id').unsigned().notNullable().references('adressen.id').onDelete('RESTRICT');
    t.date('von').notNullable();
    t.date('bis').nullable();
    t.text('notiz').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['funktion_id']);
    t.index(['adresse_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'funktionaere',
    'funktionen',
    'parkkarten_info',
    'abstellplatz_zuordnungen',
    'abstellplaetze',
    'pachtverhaeltnisse',
    'weitere_personen',
    'adressen',
    'parzelle_jahr',
    'parzellen',
    'hauptwasserzaehler_ablesungen',
    'hauptwasserzaehler',
    'gruppen',
    'pachtabrechnungen',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
