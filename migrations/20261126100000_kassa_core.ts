import type { Knex } from 'knex';

// Kassa (issue 13): cash periods, accounts with their opening balance per period, booking accounts,
// cost centres, the cash book, stored bank mappings and imports, the fixed-asset register.
// - Money is integer cents (INTEGER holds ± 21 million euros, far above a club's year).
// - Belegnummern are gapless per period: `kassaabrechnungen.naechste_belegnummer` is the counter,
//   read with FOR UPDATE and raised in the booking's own transaction (services/belegnummer.ts), so
//   a rolled-back booking gives its number back and two Kassiere never get the same one; the unique
//   key is the last guard.
// - Checked entries carry the hash chain (services/hashKette.ts): `ketten_position` is the order they
//   were checked in, unique; a closed period keeps the chain end it was closed with.
// - Receipts are files of the platform file store (owner_type 'Kassabuch', owner_id the entry id).
// - A bank-imported entry keeps its duplicate key, unique per account, so the same file twice adds nothing.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('kassaabrechnungen', (t) => {
    t.increments('id').primary();
    t.integer('version').notNullable().defaultTo(1);
    t.integer('jahr').notNullable().unique();
    t.string('bezeichnung', 200).notNullable();
    t.date('von').notNullable();
    t.date('bis').notNullable();
    t.boolean('geschlossen').notNullable().defaultTo(false);
    t.dateTime('geschlossen_am').nullable();
    /** The hash chain's end when the period was closed (printed on the Kassabericht). */
    t.string('ketten_kopf', 64).nullable();
    /** The next Belegnummer of this period (counter; never goes down). */
    t.integer('naechste_belegnummer').notNullable().defaultTo(1);
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['von', 'bis']);
  });
  await knex.schema.createTable('konten', (t) => {
    t.increments('id').primary();
    t.integer('version').notNullable().defaultTo(1);
    t.string('name', 200).notNullable();
    /** bank | kassa */
    t.string('art', 10).notNullable();
    t.string('iban', 34).nullable();
    t.string('bic', 11).nullable();
    t.boolean('aktiv').notNullable().defaultTo(true);
    /** The stored CSV column mapping this account's bank exports use (George/ELBA), if any. */
    t.integer('bank_mapping_id').unsigned().nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('konto_anfangsbestaende', (t) => {
    t.increments('id').primary();
    t.integer('konto_id').unsigned().notNullable().references('konten.id').onDelete('CASCADE');
    t.integer('kassaabrechnung_id').unsigned().notNullable().references('kassaabrechnungen.id').onDelete('CASCADE');
    t.integer('anfangsbestand_cent').notNullable().defaultTo(0);
    t.unique(['konto_id', 'kassaabrechnung_id'], { indexName: 'konto_anfangsbestaende_unique' });
    t.index(['kassaabrechnung_id']);
  });
  await knex.schema.createTable('buchungskonten', (t) => {
    t.increments('id').primary();
    t.integer('version').notNullable().defaultTo(1);
    t.integer('kassaabrechnung_id').unsigned().notNullable().references('kassaabrechnungen.id').onDelete('CASCADE');
    t.string('nummer', 20).notNullable();
    t.string('name', 200).notNullable();
    /** einnahme | ausgabe */
    t.string('art', 10).notNullable();
    /** 0 | 10 | 20 | 100: the default rate of its entries. */
    t.integer('steuersatz').notNullable().defaultTo(0);
    t.boolean('parzellenspezifisch').notNullable().defaultTo(false);
    t.integer('jahresbetrag_cent').notNullable().defaultTo(0);
    t.boolean('geloescht').notNullable().defaultTo(false);
    /** The period's "offen/zu klären" account: imported entries wait here until the Kassier assigns one. */
    t.boolean('klaerung').notNullable().defaultTo(false);
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['kassaabrechnung_id', 'nummer']);
  });
  await knex.schema.createTable('buchungskonto_parzellen', (t) => {
    t.increments('id').primary();
    t.integer('buchungskonto_id').unsigned().notNullable().references('buchungskonten.id').onDelete('CASCADE');
    t.integer('parzelle_id').unsigned().notNullable().references('parzellen.id').onDelete('CASCADE');
    t.unique(['buchungskonto_id', 'parzelle_id'], { indexName: 'buchungskonto_parzellen_unique' });
    t.index(['parzelle_id']);
  });
  await knex.schema.createTable('kostenstellen', (t) => {
    t.increments('id').primary();
    t.integer('version').notNullable().defaultTo(1);
    t.integer('kassaabrechnung_id').unsigned().notNullable().references('kassaabrechnungen.id').onDelete('CASCADE');
    t.string('nummer', 20).notNullable();
    t.string('name', 200).notNullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['kassaabrechnung_id', 'nummer']);
  });
  await knex.schema.createTable('bank_mappings', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable().unique();
    /** JSON of a BankCsvMapping (services/bank/bankCsv.ts). */
    t.text('mapping').notNullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('bank_importe', (t) => {
    t.increments('id').primary();
    t.integer('konto_id').unsigned().notNullable().references('konten.id').onDelete('RESTRICT');
    t.string('dateiname', 255).notNullable();
    /** camt | mt940 | george | elba */
    t.string('format', 10).notNullable();
    t.integer('importiert').notNullable();
    t.integer('duplikate').notNullable();
    t.bigInteger('anfang_cent').nullable();
    t.bigInteger('ende_cent').nullable();
    t.boolean('saldo_stimmt').nullable();
    t.dateTime('created_at').notNullable();
    t.integer('created_by').unsigned().nullable();
    t.index(['konto_id']);
  });
  await knex.schema.createTable('kassabuch', (t) => {
    t.increments('id').primary();
    t.integer('version').notNullable().defaultTo(1);
    t.integer('kassaabrechnung_id').unsigned().notNullable().references('kassaabrechnungen.id').onDelete('RESTRICT');
    t.integer('belegnummer').notNullable();
    t.date('datum').notNullable();
    /** Signed gross: + income, − expense. */
    t.integer('betrag_cent').notNullable();
    t.integer('konto_id').unsigned().notNullable().references('konten.id').onDelete('RESTRICT');
    t.integer('buchungskonto_id').unsigned().notNullable().references('buchungskonten.id').onDelete('RESTRICT');
    t.integer('kostenstelle_id').unsigned().nullable().references('kostenstellen.id').onDelete('RESTRICT');
    t.integer('steuersatz').notNullable();
    t.integer('steuer_cent').notNullable();
    t.integer('netto_cent').notNullable();
    t.string('text', 500).notNullable();
    t.text('kommentar').nullable();
    t.date('rechnungsdatum').nullable();
    t.integer('parzelle_id').unsigned().nullable().references('parzellen.id').onDelete('RESTRICT');
    t.integer('adresse_id').unsigned().nullable().references('adressen.id').onDelete('RESTRICT');
    /** A reversal names the entry it reverses. */
    t.integer('storno_von_id').unsigned().nullable().references('kassabuch.id').onDelete('RESTRICT');
    /** manuell | bank */
    t.string('quelle', 10).notNullable().defaultTo('manuell');
    t.boolean('geprueft').notNullable().defaultTo(false);
    t.dateTime('geprueft_am').nullable();
    t.integer('geprueft_von').unsigned().nullable();
    /** Order in the hash chain (1, 2, 3 … over the installation); null while unchecked. */
    t.integer('ketten_position').nullable().unique();
    t.string('vorheriger_hash', 64).nullable();
    t.string('hash', 64).nullable();
    /** Bank import: duplicate key (services/bank/duplikatSchluessel.ts), unique per account. */
    t.string('bank_schluessel', 100).nullable();
    t.integer('bank_import_id').unsigned().nullable().references('bank_importe.id').onDelete('SET NULL');
    t.string('bank_name', 200).nullable();
    t.string('bank_iban', 34).nullable();
    t.text('bank_verwendungszweck').nullable();
    t.string('bank_referenz', 140).nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.integer('created_by').unsigned().nullable();
    t.unique(['kassaabrechnung_id', 'belegnummer'], { indexName: 'kassabuch_beleg_unique' });
    t.unique(['konto_id', 'bank_schluessel'], { indexName: 'kassabuch_bank_unique' });
    t.index(['datum']);
    t.index(['buchungskonto_id']);
    t.index(['kostenstelle_id']);
    t.index(['parzelle_id']);
    t.index(['adresse_id']);
    t.index(['storno_von_id']);
    t.index(['bank_import_id']);
  });
  await knex.schema.createTable('anlagen', (t) => {
    t.increments('id').primary();
    t.integer('version').notNullable().defaultTo(1);
    t.string('bezeichnung', 300).notNullable();
    t.string('kategorie', 100).notNullable().defaultTo('');
    t.date('anschaffungsdatum').notNullable();
    t.integer('anschaffungskosten_cent').notNullable();
    t.integer('nutzungsdauer_jahre').notNullable();
    t.date('abgangsdatum').nullable();
    t.integer('abgangserloes_cent').nullable();
    t.integer('kassabuch_id').unsigned().nullable().references('kassabuch.id').onDelete('SET NULL');
    t.text('notiz').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['kassabuch_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'anlagen',
    'kassabuch',
    'bank_importe',
    'bank_mappings',
    'kostenstellen',
    'buchungskonto_parzellen',
    'buchungskonten',
    'konto_anfangsbestaende',
    'konten',
    'kassaabrechnungen',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
