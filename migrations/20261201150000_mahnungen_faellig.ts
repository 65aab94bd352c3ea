import type { Knex } from 'knex';
import { dropColumn } from '../src/platform/db/dropColumn';

// A reminder of a receivable with an instalment plan asks only for what is due on its day (the
// overdue instalments plus its own fee and interest), not for the whole open amount. The amount it
// asked for is stored so that a reprint (MahnungenDruck) shows the same letter and payment slip.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mahnungen', (t) => {
    /** What the letter asked to pay now; null (reminders written before) = offen_cent. */
    t.bigInteger('faellig_cent').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropColumn(knex, 'mahnungen', 'faellig_cent');
}
