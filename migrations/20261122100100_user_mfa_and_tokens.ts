import type { Knex } from 'knex';

// Second factor and password tokens: the last accepted TOTP time step (a code works once), a
// security stamp that voids remembered machines, recovery codes and reset/invitation tokens.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('totp_last_step').nullable();
    t.string('security_stamp', 64).nullable();
  });
  await knex.schema.createTable('user_recovery_codes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('salt', 32).notNullable();
    t.string('code_hash', 64).notNullable();
    t.dateTime('used_at').nullable();
    t.dateTime('created_at').notNullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('user_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('purpose', 20).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.dateTime('expires_at').notNullable();
    t.dateTime('used_at').nullable();
    t.dateTime('created_at').notNullable();
    t.index(['user_id', 'purpose']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('user_tokens');
  await knex.schema.dropTableIfExists('user_recovery_codes');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('totp_last_step');
    t.dropColumn('security_stamp');
  });
}
