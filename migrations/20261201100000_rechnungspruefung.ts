import type { Knex } from 'knex';
import { dropColumn } from '../src/platform/db/dropColumn';

// Issue 15 (Rechnungsprüfung): payments as allocations of cash-book entries to receivables, credits
// (Guthaben) of an address, instalments, reminders. The receivables themselves exist since issue 14
// (20261127100000_jahresvorschreibung.ts). Paid amounts are never stored on a receivable: they are the
// sum of its allocations (src/modules/rechnungspruefung/CONTEXT.md).

export async function up(knex: Knex): Promise<void> {
  // One row = part of a cash-book entry that pays a receivable (art 'zahlung') or that is parked as the
  // address's credit (art 'guthaben', rechnung_id null). A credit note (negative receivable) offset
  // against a receivable is a pair of rows without entry (quelle 'verrechnung', same verrechnung_id).
  await knex.schema.createTable('zuordnungen', (t) => {
    t.increments('id').primary();
    t.integer('kassabuch_id').unsigned().nullable().references('kassabuch.id').onDelete('CASCADE');
    t.integer('rechnung_id').unsigned().nullable().references('rechnungen.id').onDelete('RESTRICT');
    t.integer('adresse_id').unsigned().nullable().references('adressen.id').onDelete('SET NULL');
    /** zahlung | guthaben */
    t.string('art', 10).notNullable();
    /** bank (matched by the import) | manuell | barzahlung (AlleBezahlt) | verrechnung | storno */
    t.string('quelle', 12).notNullable();
    /** Signed like the money: a payment is positive, its reversal or a credit note's share negative. */
    t.bigInteger('betrag_cent').notNullable();
    /** Pairs the two rows of one offset (credit note ↔ receivable, credit → receivable). */
    t.string('verrechnung_id', 40).nullable();
    t.string('benutzer', 200).notNullable().defaultTo('');
    t.dateTime('created_at').notNullable();
    t.index(['kassabuch_id']);
    t.index(['rechnung_id']);
    t.index(['adresse_id', 'art']);
  });

  // Instalments of a receivable (Ratenvereinbarung): they add up to its amount to the cent; the
  // reminder run reminds only what of them is due and unpaid.
  await knex.schema.createTable('rechnung_raten', (t) => {
    t.increments('id').primary();
    t.integer('rechnung_id').unsigned().notNullable().references('rechnungen.id').onDelete('CASCADE');
    t.integer('nummer').notNullable();
    t.date('faellig_am').notNullable();
    t.bigInteger('betrag_cent').notNullable();
    t.unique(['rechnung_id', 'nummer']);
  });

  // Every reminder letter printed (or handed to the mail dispatch): the level, the date, the fee and
  // the interest it charged. ResetMahnung sets rechnungen.mahnstufe back; these rows stay as history.
  await knex.schema.createTable('mahnungen', (t) => {
    t.increments('id').primary();
    t.integer('rechnung_id').unsigned().notNullable().references('rechnungen.id').onDelete('CASCADE');
    t.integer('stufe').notNullable();
    t.date('datum').notNullable();
    /** The open amount the letter asked for (fee and interest included). */
    t.bigInteger('offen_cent').notNullable();
    t.bigInteger('gebuehr_cent').notNullable().defaultTo(0);
    t.bigInteger('zinsen_cent').notNullable().defaultTo(0);
    /** Interest was charged up to this day (the next reminder's interest starts after it). */
    t.date('zinsen_bis').nullable();
    t.string('benutzer', 200).notNullable().defaultTo('');
    t.dateTime('created_at').notNullable();
    t.index(['rechnung_id']);
  });

  // A bank credit on the clearing account that the Kassier decided is not a payment of a receivable
  // (e.g. a donation): it leaves the "zu klären" list without an allocation.
  await knex.schema.alterTable('kassabuch', (t) => {
    t.boolean('ohne_forderung').notNullable().defaultTo(false);
  });
  // The period's account for payments of receivables whose positions span several booking accounts
  // (9998 "Zahlungen auf Forderungen", created when missing like the clearing account 9999).
  await knex.schema.alterTable('buchungskonten', (t) => {
    t.boolean('forderungseingang').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropColumn(knex, 'buchungskonten', 'forderungseingang');
  await dropColumn(knex, 'kassabuch', 'ohne_forderung');
  for (const table of ['mahnungen', 'rechnung_raten', 'zuordnungen']) await knex.schema.dropTableIfExists(table);
}
