import type { Knex } from 'knex';

// Wasserbuch (issue 12): the water basis data of a billing year, the water groups' own prices, the
// stored settlements and the akonto per stichtag and plot.
// - Rates (€/m³, the warning factor and percentage) are exact decimal strings: a DECIMAL is a float
//   on SQLite, and the settlement must reproduce every cent.
// - Volumes are whole litres (BIGINT), as in wasserablesungen; money integer cents.
// - A stored settlement keeps what it computed from (price, method, period, the meter segments with
//   their start and end readings as JSON per plot and main meter), so every number a member asks
//   about can be shown again even after readings or Stammdaten changed.
// - betrag and differenz are not stored: they are sums of the stored parts.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wassergrunddaten', (t) => {
    t.increments('id').primary();
    t.integer('version').notNullable().defaultTo(1);
    t.integer('pachtabrechnung_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('pachtabrechnungen.id')
      .onDelete('RESTRICT');
    t.string('preis_pro_m3', 20).notNullable();
    t.integer('grundgebuehr_cent').notNullable().defaultTo(0);
    /** keine | proportional | gleichverteilt */
    t.string('schwund_methode', 20).notNullable();
    t.integer('akonto_mindest_cent').notNullable().defaultTo(0);
    t.string('verbrauchsfaktor_warnung', 20).notNullable();
    t.string('schwund_warnung_prozent', 20).notNullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('wassergrunddaten_gruppen', (t) => {
    t.increments('id').primary();
    t.integer('wassergrunddaten_id').unsigned().notNullable().references('wassergrunddaten.id').onDelete('CASCADE');
    t.integer('gruppe_id').unsigned().notNullable().references('gruppen.id').onDelete('RESTRICT');
    t.string('preis_pro_m3', 20).notNullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.unique(['wassergrunddaten_id', 'gruppe_id'], { indexName: 'wassergrunddaten_gruppen_unique' });
    t.index(['gruppe_id']);
  });
  await knex.schema.createTable('wasserabrechnungen', (t) => {
    t.increments('id').primary();
    t.integer('version').notNullable().defaultTo(1);
    t.date('stichtag').notNullable().unique();
    t.date('von').notNullable();
    t.integer('pachtabrechnung_id').unsigned().notNullable().references('pachtabrechnungen.id').onDelete('RESTRICT');
    t.integer('wassergrunddaten_id').unsigned().notNullable().references('wassergrunddaten.id').onDelete('RESTRICT');
    t.string('schwund_methode', 20).notNullable();
    t.string('preis_pro_m3', 20).notNullable();
    t.date('akonto_stichtag').nullable();
    /** Set when the settlement went on a Zahlungsvorschreibung or Wasserrechnung: then it is final. */
    t.dateTime('gebucht_am').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['pachtabrechnung_id']);
    t.index(['wassergrunddaten_id']);
    t.index(['akonto_stichtag']);
  });
  await knex.schema.createTable('wasserabrechnung_zeilen', (t) => {
    t.increments('id').primary();
    t.integer('wasserabrechnung_id').unsigned().notNullable().references('wasserabrechnungen.id').onDelete('CASCADE');
    t.integer('parzelle_id').unsigned().notNullable().references('parzellen.id').onDelete('RESTRICT');
    t.string('parzelle_nummer', 20).notNullable();
    t.integer('adresse_id').unsigned().nullable().references('adressen.id').onDelete('SET NULL');
    t.string('adresse_name', 300).notNullable().defaultTo('');
    t.integer('hauptwasserzaehler_id').unsigned().nullable().references('hauptwasserzaehler.id').onDelete('SET NULL');
    /** JSON: [{ zaehlernummer, anfang: { datum, stand }, ende: { datum, stand }, verbrauch }] */
    t.text('zaehler').notNullable();
    t.bigInteger('verbrauch_liter').notNullable();
    t.bigInteger('schwund_liter').notNullable();
    t.string('preis_pro_m3', 20).notNullable();
    t.integer('verbrauch_cent').notNullable();
    t.integer('schwund_cent').notNullable();
    t.integer('grundgebuehr_cent').notNullable();
    t.integer('korrektur_cent').notNullable().defaultTo(0);
    t.text('korrektur_grund').nullable();
    t.integer('akonto_cent').notNullable().defaultTo(0);
    t.unique(['wasserabrechnung_id', 'parzelle_id'], { indexName: 'wasserabrechnung_zeilen_unique' });
    t.index(['parzelle_id']);
    t.index(['adresse_id']);
    t.index(['hauptwasserzaehler_id']);
  });
  await knex.schema.createTable('wasserabrechnung_hauptzaehler', (t) => {
    t.increments('id').primary();
    t.integer('wasserabrechnung_id').unsigned().notNullable().references('wasserabrechnungen.id').onDelete('CASCADE');
    t.integer('hauptwasserzaehler_id').unsigned().nullable().references('hauptwasserzaehler.id').onDelete('SET NULL');
    t.string('nummer', 50).notNullable();
    /** JSON: the main meter's segments, as for a plot. */
    t.text('zaehler').notNullable();
    t.bigInteger('verbrauch_liter').notNullable();
    t.bigInteger('summe_parzellen_liter').notNullable();
    t.bigInteger('schwund_liter').notNullable();
    t.string('schwund_prozent', 20).notNullable();
    t.index(['wasserabrechnung_id']);
    t.index(['hauptwasserzaehler_id']);
  });
  await knex.schema.createTable('wasserakonto', (t) => {
    t.increments('id').primary();
    t.date('stichtag').notNullable();
    t.integer('parzelle_id').unsigned().notNullable().references('parzellen.id').onDelete('RESTRICT');
    t.integer('akonto_cent').notNullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.unique(['stichtag', 'parzelle_id'], { indexName: 'wasserakonto_stichtag_parzelle_unique' });
    t.index(['parzelle_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'wasserakonto',
    'wasserabrechnung_hauptzaehler',
    'wasserabrechnung_zeilen',
    'wasserabrechnungen',
    'wassergrunddaten_gruppen',
    'wassergrunddaten',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
