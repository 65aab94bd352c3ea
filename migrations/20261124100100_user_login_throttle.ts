import type { Knex } from 'knex';
import { dropColumn } from '../src/platform/db/dropColumn';

// Sign-in hardening (security review, issue 9):
// - login_throttle counts wrong passwords per pair of e-mail (as typed, known or not) and client
//   address, so parallel guesses cannot outrun the lock and a stranger cannot lock a board member
//   out of their own computer;
// - users.failed_logins from now on counts wrong second factors only (a right password no longer
//   resets it); users.locked_until is the account lock those set;
// - version columns on users and roles for the lost-update check of UpdateUser/UpdateRolle;
// - secret_keys holds a check value of the data key that seals TOTP keys and the SMTP password, so
//   a start with the wrong key stops with a clear message instead of silently breaking 2FA.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_throttle', (t) => {
    t.string('email', 254).notNullable();
    t.string('client', 64).notNullable();
    t.integer('failures').notNullable().defaultTo(0);
    t.dateTime('locked_until').nullable();
    t.dateTime('updated_at').notNullable();
    t.primary(['email', 'client']);
    t.index(['updated_at']);
  });
  await knex.schema.alterTable('users', (t) => {
    t.integer('version').notNullable().defaultTo(1);
  });
  await knex.schema.alterTable('roles', (t) => {
    t.integer('version').notNullable().defaultTo(1);
  });
  await knex.schema.createTable('secret_keys', (t) => {
    t.string('name', 50).primary();
    t.string('check_value', 200).notNullable();
    t.dateTime('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('secret_keys');
  await dropColumn(knex, 'roles', 'version');
  await dropColumn(knex, 'users', 'version');
  await knex.schema.dropTableIfExists('login_throttle');
}
