import type { Knex } from 'knex';
import { dropColumn } from '../src/platform/db/dropColumn';

// Optimistic locking (platform/db/optimisticLock.ts): every row behind a Stammdaten or
// Vereinseinstellungen Update call gets a `version`, starting at 1. Settings are key/value rows, so
// their sections get one version row each in `settings_versions` (a section without a row reads as
// version 1; its first save creates the row).
const tables = [
  'parzellen',
  'adressen',
  'weitere_personen',
  'gruppen',
  'abstellplaetze',
  'abstellplatz_zuordnungen',
  'parkkarten_info',
  'hauptwasserzaehler',
  'funktionen',
  'funktionaere',
  'abstellplatz_kategorien',
];

export async function up(knex: Knex): Promise<void> {
  for (const table of tables) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('version').unsigned().notNullable().defaultTo(1);
    });
  }
  await knex.schema.createTable('settings_versions', (t) => {
    t.string('section', 50).primary();
    t.integer('version').unsigned().notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('settings_versions');
  for (const table of [...tables].reverse()) await dropColumn(knex, table, 'version');
}
