import type { Knex } from 'knex';

// Tables of the foundation: users and roles, sessions, settings, files, history, job locks.
// Timestamps are UTC DATETIME written by the app (no database defaults: SQLite and MySQL differ).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique();
    t.string('name', 200).notNullable();
    t.string('password_hash', 255).nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.boolean('mfa_enabled').notNullable().defaultTo(false);
    t.text('totp_secret').nullable();
    t.integer('failed_logins').notNullable().defaultTo(0);
    t.dateTime('locked_until').nullable();
    t.dateTime('password_changed_at').nullable();
    t.dateTime('last_login_at').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
  });
  await knex.schema.createTable('roles', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable().unique();
    t.string('description', 500).notNullable().defaultTo('');
    t.boolean('is_system').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('role_rights', (t) => {
    t.integer('role_id').unsigned().notNullable().references('roles.id').onDelete('CASCADE');
    t.string('right_name', 100).notNullable();
    t.primary(['role_id', 'right_name']);
  });
  await knex.schema.createTable('user_roles', (t) => {
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('role_id').unsigned().notNullable().references('roles.id').onDelete('RESTRICT');
    t.primary(['user_id', 'role_id']);
  });
  await knex.schema.createTable('sessions', (t) => {
    // sha256 of the cookie token: a leaked table does not leak usable sessions.
    t.string('id', 64).primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('state', 20).notNullable().defaultTo('active');
    t.boolean('remember').notNullable().defaultTo(false);
    t.string('ip', 64).nullable();
    t.string('user_agent', 300).nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('last_seen_at').notNullable();
    t.dateTime('expires_at').notNullable();
    t.index(['user_id']);
    t.index(['expires_at']);
  });
  await knex.schema.createTable('settings', (t) => {
    t.string('section', 50).notNullable();
    t.string('key', 100).notNullable();
    t.text('value').nullable();
    t.dateTime('updated_at').notNullable();
    t.integer('updated_by').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.primary(['section', 'key']);
  });
  await knex.schema.createTable('files', (t) => {
    t.increments('id').primary();
    t.string('sha256', 64).notNullable();
    t.string('name', 255).notNullable();
    t.string('mime', 100).notNullable();
    t.bigInteger('size').notNullable();
    t.string('owner_type', 50).nullable();
    t.string('owner_id', 64).nullable();
    t.dateTime('created_at').notNullable();
    t.integer('created_by').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.index(['sha256']);
    t.index(['owner_type', 'owner_id']);
  });
  await knex.schema.createTable('history', (t) => {
    t.bigIncrements('id').primary();
    t.string('entity_type', 50).notNullable();
    t.string('entity_id', 64).notNullable();
    t.string('action', 20).notNullable();
    t.integer('user_id').unsigned().nullable();
    t.string('user_name', 200).notNullable();
    t.dateTime('at').notNullable();
    t.text('before').nullable();
    t.text('after').nullable();
    t.index(['entity_type', 'entity_id']);
  });
  await knex.schema.createTable('job_locks', (t) => {
    t.string('name', 100).primary();
    t.string('locked_by', 100).nullable();
    t.dateTime('locked_until').nullable();
    t.dateTime('last_started_at').nullable();
    t.dateTime('last_finished_at').nullable();
    t.string('last_outcome', 20).nullable();
    t.text('last_message').nullable();
  });
  await knex.schema.createTable('job_runs', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable();
    t.string('instance', 100).notNullable();
    t.dateTime('started_at').notNullable();
    t.dateTime('finished_at').nullable();
    t.string('outcome', 20).notNullable();
    t.text('message').nullable();
    t.index(['name', 'started_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'job_runs',
    'job_locks',
    'history',
    'files',
    'settings',
    'sessions',
    'user_roles',
    'role_rights',
    'roles',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
