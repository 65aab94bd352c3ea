import type { Knex } from 'knex';

// Issue 14 (Jahresvorschreibung): the rates of a billing year (Pachtberechnung, 1:1 with the
// Pachtabrechnung), surcharges, club and group positions; the receivables a run books
// (Rechnungspruefung owns them; issue 15 adds payments and reminders to the same tables), their
// gapless numbers per year, the insurances a plot pays with the payment request, the booked runs
// (one per kind, year and key: a run is booked once) and the protocol of what each run did per
// recipient (booked, printed; the mail issue adds sent). Rates, areas and volumes are exact decimal
// strings; money is integer cents (BIGINT).
export async function up(knex: Knex): Promise<void> {
  // 1:1 with pachtabrechnungen (the Pachtberechnung's id is the Pachtabrechnung's): a year without a
  // row has no rates yet. A table of its own, so the year table other modules key on stays untouched.
  await knex.schema.createTable('pachtberechnungen', (t) => {
    t.integer('pachtabrechnung_id').unsigned().primary().references('pachtabrechnungen.id').onDelete('CASCADE');
    t.integer('version').unsigned().notNullable().defaultTo(1);
    t.string('pachtzins_pro_m2', 20).notNullable().defaultTo('0.00');
    /** null: the year charges no Grundsteuer. */
    t.string('grundsteuer_pro_m2', 20).nullable();
    /** m² of common area the plots share (2 decimals). */
    t.string('gemeinschaftsflaeche', 20).notNullable().defaultTo('0.00');
    /** null: the settings' Zahlungsziel (anzahl.zahlungszielTage). */
    t.integer('zahlungsziel_tage').nullable();
    /** The lease positions' tax rate (0: Kleingartenpacht is exempt). */
    t.integer('pacht_steuersatz').notNullable().defaultTo(0);
    t.integer('bk_pachtzins_id').unsigned().nullable().references('buchungskonten.id').onDelete('SET NULL');
    t.integer('bk_gemeinschaftsflaeche_id').unsigned().nullable().references('buchungskonten.id').onDelete('SET NULL');
    t.integer('bk_grundsteuer_id').unsigned().nullable().references('buchungskonten.id').onDelete('SET NULL');
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['bk_pachtzins_id']);
    t.index(['bk_gemeinschaftsflaeche_id']);
    t.index(['bk_grundsteuer_id']);
  });
  await knex.schema.createTable('pachtzuschlaege', (t) => {
    t.increments('id').primary();
    t.integer('version').unsigned().notNullable().defaultTo(1);
    t.integer('pachtabrechnung_id').unsigned().notNullable().references('pachtabrechnungen.id').onDelete('CASCADE');
    t.integer('sortierung').notNullable().defaultTo(0);
    t.string('bezeichnung', 200).notNullable();
    /** proM2 | proParzelle | prozent */
    t.string('art', 20).notNullable();
    t.string('wert', 20).notNullable();
    /** For 'prozent': comma list of pachtzins, gemeinschaftsflaeche, grundsteuer. */
    t.string('basis', 100).notNullable().defaultTo('');
    t.integer('parzellen_flag').nullable();
    /** JSON array of plot ids; null: every plot. */
    t.text('parzellen_ids').nullable();
    t.integer('buchungskonto_id').unsigned().nullable().references('buchungskonten.id').onDelete('SET NULL');
    t.integer('steuersatz').notNullable().defaultTo(0);
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['pachtabrechnung_id']);
    t.index(['buchungskonto_id']);
  });
  await knex.schema.createTable('vereinsabrechnungen', (t) => {
    t.increments('id').primary();
    t.integer('version').unsigned().notNullable().defaultTo(1);
    t.integer('pachtabrechnung_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('pachtabrechnungen.id')
      .onDelete('CASCADE');
    t.string('bezeichnung', 200).notNullable().defaultTo('');
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('vereinsabrechnung_positionen', (t) => {
    t.increments('id').primary();
    t.integer('vereinsabrechnung_id').unsigned().notNullable().references('vereinsabrechnungen.id').onDelete('CASCADE');
    t.integer('sortierung').notNullable().defaultTo(0);
    t.string('text', 200).notNullable();
    /** proMitglied | proWeiteresMitglied | proParzelle | proM2 | proAbstellplatz | proAdresse */
    t.string('art', 30).notNullable();
    t.bigInteger('betrag_cent').nullable();
    /** € per m² for 'proM2'. */
    t.string('satz', 20).nullable();
    t.integer('steuersatz').notNullable().defaultTo(0);
    t.integer('buchungskonto_id').unsigned().nullable().references('buchungskonten.id').onDelete('SET NULL');
    t.boolean('nur_mitglieder').notNullable().defaultTo(false);
    t.index(['vereinsabrechnung_id']);
    t.index(['buchungskonto_id']);
  });
  await knex.schema.createTable('gruppenabrechnung_positionen', (t) => {
    t.increments('id').primary();
    t.integer('version').unsigned().notNullable().defaultTo(1);
    t.integer('pachtabrechnung_id').unsigned().notNullable().references('pachtabrechnungen.id').onDelete('CASCADE');
    t.integer('gruppe_id').unsigned().notNullable().references('gruppen.id').onDelete('RESTRICT');
    t.integer('sortierung').notNullable().defaultTo(0);
    t.string('text', 200).notNullable();
    /** The group's amount, split over its plots. */
    t.bigInteger('betrag_cent').notNullable();
    /** gleich (equal parts) | flaeche (by plot area) */
    t.string('verteilung', 20).notNullable().defaultTo('gleich');
    t.integer('steuersatz').notNullable().defaultTo(0);
    t.integer('buchungskonto_id').unsigned().nullable().references('buchungskonten.id').onDelete('SET NULL');
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['pachtabrechnung_id', 'gruppe_id']);
    t.index(['gruppe_id']);
    t.index(['buchungskonto_id']);
  });
  await knex.schema.createTable('versicherungen', (t) => {
    t.increments('id').primary();
    t.integer('version').unsigned().notNullable().defaultTo(1);
    t.integer('jahr').notNullable();
    t.integer('parzelle_id').unsigned().notNullable().references('parzellen.id').onDelete('RESTRICT');
    t.string('versicherer', 200).notNullable().defaultTo('');
    t.string('polizze', 100).notNullable().defaultTo('');
    t.string('text', 200).notNullable().defaultTo('');
    t.bigInteger('praemie_cent').notNullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['jahr', 'parzelle_id']);
    t.index(['parzelle_id']);
  });
  await knex.schema.createTable('abrechnungslaeufe', (t) => {
    t.increments('id').primary();
    /** Zahlungsvorschreibung | Gruppenrechnung | WeitereMitgliedschaft | Wasserrechnung */
    t.string('art', 30).notNullable();
    t.integer('pachtabrechnung_id').unsigned().notNullable().references('pachtabrechnungen.id').onDelete('RESTRICT');
    /** What the run is about beyond kind and year ('' or e.g. 'wasserabrechnung:12'): booked once. */
    t.string('schluessel', 100).notNullable().defaultTo('');
    t.date('datum').notNullable();
    t.date('faellig_am').notNullable();
    t.boolean('interim_billing').notNullable().defaultTo(false);
    t.boolean('rechnungen_teilen').notNullable().defaultTo(false);
    t.integer('anzahl').notNullable();
    t.bigInteger('summe_cent').notNullable();
    t.string('gebucht_von', 200).notNullable();
    t.dateTime('gebucht_am').notNullable();
    t.unique(['art', 'pachtabrechnung_id', 'schluessel'], { indexName: 'abrechnungslaeufe_einmal' });
    t.index(['pachtabrechnung_id']);
  });
  await knex.schema.createTable('rechnungsnummern', (t) => {
    t.integer('jahr').primary();
    t.integer('naechste').notNullable();
  });
  await knex.schema.createTable('rechnungen', (t) => {
    t.increments('id').primary();
    t.integer('version').unsigned().notNullable().defaultTo(1);
    /** YYYY-NNNNN, gapless per year, never reused. */
    t.string('nummer', 20).notNullable().unique();
    t.integer('jahr').notNullable();
    t.integer('laufnummer').notNullable();
    /** Zahlungsvorschreibung | Wasserrechnung | Gruppenrechnung | WeitereMitgliedschaft | manuell */
    t.string('art', 30).notNullable();
    t.integer('adresse_id').unsigned().notNullable().references('adressen.id').onDelete('RESTRICT');
    /** The name as billed (the letter keeps it when the address changes later). */
    t.string('adresse_name', 300).notNullable();
    t.integer('parzelle_id').unsigned().nullable().references('parzellen.id').onDelete('RESTRICT');
    t.integer('gruppe_id').unsigned().nullable().references('gruppen.id').onDelete('RESTRICT');
    t.integer('pachtabrechnung_id').unsigned().nullable().references('pachtabrechnungen.id').onDelete('RESTRICT');
    t.integer('lauf_id').unsigned().nullable().references('abrechnungslaeufe.id').onDelete('RESTRICT');
    t.date('datum').notNullable();
    t.date('faellig_am').notNullable();
    /** Signed: a credit note (Gutschrift, e.g. a water Guthaben) is negative. */
    t.bigInteger('betrag_cent').notNullable();
    /** ISO 11649 RF reference derived from the number. */
    t.string('zahlungsreferenz', 35).notNullable();
    t.integer('mahnstufe').notNullable().defaultTo(0);
    t.date('letzte_mahnung_am').nullable();
    t.date('mahnsperre_bis').nullable();
    t.text('notiz').nullable();
    t.dateTime('versendet_am').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.unique(['jahr', 'laufnummer'], { indexName: 'rechnungen_jahr_laufnummer' });
    t.index(['adresse_id']);
    t.index(['parzelle_id']);
    t.index(['gruppe_id']);
    t.index(['pachtabrechnung_id']);
    t.index(['lauf_id']);
    t.index(['zahlungsreferenz']);
    t.index(['faellig_am']);
  });
  await knex.schema.createTable('rechnung_positionen', (t) => {
    t.increments('id').primary();
    t.integer('rechnung_id').unsigned().notNullable().references('rechnungen.id').onDelete('CASCADE');
    t.integer('sortierung').notNullable();
    t.integer('parzelle_id').unsigned().nullable().references('parzellen.id').onDelete('RESTRICT');
    /** The plot number as billed (for the letter's per-plot grouping). */
    t.string('parzelle_nummer', 20).notNullable().defaultTo('');
    /** The position's kind (ZvPositionArt), for totals per kind. */
    t.string('art', 30).notNullable();
    t.string('text', 300).notNullable();
    t.string('menge', 30).nullable();
    t.string('satz', 30).nullable();
    t.bigInteger('betrag_cent').notNullable();
    t.integer('steuersatz').notNullable().defaultTo(0);
    t.integer('buchungskonto_id').unsigned().nullable().references('buchungskonten.id').onDelete('SET NULL');
    t.index(['rechnung_id']);
    t.index(['parzelle_id']);
    t.index(['buchungskonto_id']);
  });
  await knex.schema.createTable('versandprotokoll', (t) => {
    t.increments('id').primary();
    t.integer('lauf_id').unsigned().notNullable().references('abrechnungslaeufe.id').onDelete('CASCADE');
    t.integer('rechnung_id').unsigned().nullable().references('rechnungen.id').onDelete('SET NULL');
    t.integer('adresse_id').unsigned().nullable().references('adressen.id').onDelete('SET NULL');
    t.string('adresse_name', 300).notNullable().defaultTo('');
    /** gebucht | gedruckt | email (the mail issue) */
    t.string('aktion', 20).notNullable();
    /** ok | fehler */
    t.string('status', 10).notNullable().defaultTo('ok');
    t.string('empfaenger', 300).notNullable().defaultTo('');
    t.text('fehler').nullable();
    t.string('benutzer', 200).notNullable().defaultTo('');
    t.dateTime('zeitpunkt').notNullable();
    t.index(['lauf_id']);
    t.index(['rechnung_id']);
    t.index(['adresse_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'versandprotokoll',
    'rechnung_positionen',
    'rechnungen',
    'rechnungsnummern',
    'abrechnungslaeufe',
    'versicherungen',
    'gruppenabrechnung_positionen',
    'vereinsabrechnung_positionen',
    'vereinsabrechnungen',
    'pachtzuschlaege',
    'pachtberechnungen',
  ])
    await knex.schema.dropTableIfExists(table);
}
