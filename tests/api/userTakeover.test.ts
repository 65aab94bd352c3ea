import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Security review (issue 9, critical): an Obmann or Administrator must not take over the GlobalAdmin
// (or anyone with more rights) by resetting 2FA, changing the e-mail and using "Passwort vergessen".
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

type User = { id: number; email: string; name: string; active: boolean; roles: { id: number }[]; version: number };
const GLOBAL_ADMIN_ID = 1;

async function userById(id: number) {
  const user = await app.services.db('users').where({ id }).first();
  if (!user) throw new Error(`no user ${id}`);
  return user;
}

async function userByEmail(email: string) {
  const user = await app.services.db('users').where({ email }).first();
  if (!user) throw new Error(`no user ${email}`);
  return user;
}
const mailsTo = async (email: string) => (await app.services.mail.listOutbox()).filter((m) => m.to.includes(email));
const roleId = async (name: string) => Number((await app.services.db('roles').where({ name }).first('id'))?.id);

async function takeoverAttempt(attacker: ApiClient, attackerEmail: string): Promise<void> {
  const admin = await userById(GLOBAL_ADMIN_ID);
  await app.services.db('users').where({ id: GLOBAL_ADMIN_ID }).update({ mfa_enabled: true, totp_secret: 'v1:a:b:c' });

  const reset = await attacker.post('User/ResetUsersMFA', { userID: GLOBAL_ADMIN_ID });
  expect(reset.status).toBe(403);
  expect(reset.body).toMatchObject({ code: 'target_beyond_rights' });
  const takeOver = await attacker.post('User/UpdateUser', {
    id: GLOBAL_ADMIN_ID,
    email: attackerEmail,
    name: 'Administrator',
    roleIds: [GLOBAL_ADMIN_ID],
    active: true,
  });
  expect(takeOver.status).toBe(403);
  const deactivate = await attacker.post('User/UpdateUser', {
    id: GLOBAL_ADMIN_ID,
    email: admin.email,
    name: 'Administrator',
    roleIds: [GLOBAL_ADMIN_ID],
    active: false,
  });
  expect(deactivate.status).toBe(403);
  expect((await attacker.delete('User/DeleteUser', { userID: GLOBAL_ADMIN_ID })).status).toBe(403);

  // Nothing changed: the GlobalAdmin keeps address, 2FA and active flag, and "Passwort vergessen"
  // for the attacker's address sends nothing that could sign in as GlobalAdmin.
  const after = await userByEmail(admin.email);
  expect(after.email).toBe(admin.email);
  expect(Boolean(after.mfa_enabled)).toBe(true);
  expect(Boolean(after.active)).toBe(true);
  await app.client().post('User/ForgotPassword', { email: attackerEmail });
  await new Promise((r) => setTimeout(r, 300));
  expect(await mailsTo(attackerEmail)).toHaveLength(0);
  await app.services.db('users').where({ id: GLOBAL_ADMIN_ID }).update({ mfa_enabled: false, totp_secret: null });
}

describe('taking over the GlobalAdmin', () => {
  it('is refused to an Obmann, also once a second administrator exists', async () => {
    await app.signedIn(['Administrator'], 'second-admin@test.kgv');
    const obmann = await app.signedIn(['Obmann'], 'obmann-attacker@test.kgv');
    await takeoverAttempt(obmann, 'obmann-attacker-2@evil.example');
  });

  it('is refused to a plain Administrator', async () => {
    const administrator = await app.signedIn(['Administrator'], 'admin-attacker@test.kgv');
    await takeoverAttempt(administrator, 'admin-attacker-2@evil.example');
  });
});

describe('whom an administrator may manage', () => {
  it('lets an Obmann manage a Kassier, but not an Administrator, whose rights he lacks', async () => {
    const obmann = await app.signedIn(['Obmann']);
    await app.signedIn(['Kassier'], 'kassier-managed@test.kgv');
    await app.signedIn(['Administrator'], 'admin-protected@test.kgv');
    const kassier = await userByEmail('kassier-managed@test.kgv');
    const protectedAdmin = await userByEmail('admin-protected@test.kgv');

    const ok = await obmann.post<User>('User/UpdateUser', {
      id: kassier.id,
      email: 'kassier-managed@test.kgv',
      name: 'Kassier umbenannt',
      roleIds: [await roleId('Kassier')],
      active: true,
    });
    expect(ok.status).toBe(200);
    expect((await obmann.post('User/ResetUsersMFA', { userID: kassier.id })).status).toBe(204);

    for (const attempt of [
      obmann.post('User/ResetUsersMFA', { userID: protectedAdmin.id }),
      obmann.post('User/UpdateUser', {
        id: protectedAdmin.id,
        email: 'admin-protected@test.kgv',
        name: 'Umbenannt',
        roleIds: [await roleId('Administrator')],
        active: false,
      }),
      obmann.delete('User/DeleteUser', { userID: protectedAdmin.id }),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ title: expect.stringContaining('mehr Rechte als Sie') });
    }
    const unchanged = await userByEmail('admin-protected@test.kgv');
    expect(Boolean(unchanged.active)).toBe(true);
    expect(unchanged.name).toBe(protectedAdmin.name);
  });

  it('lets the GlobalAdmin manage everyone', async () => {
    await app.signedIn(['Administrator'], 'managed-by-global@test.kgv');
    const target = await userByEmail('managed-by-global@test.kgv');
    const global = app.client();
    expect(await global.login('admin@test.kgv', TEST_PASSWORD)).toBe(0);
    expect((await global.post('User/ResetUsersMFA', { userID: target.id })).status).toBe(204);
  });
});

describe('roles held by users with more rights', () => {
  it('cannot be stripped or deleted by an Obmann, who lacks the administrators’ rights', async () => {
    const obmann = await app.signedIn(['Obmann']);
    const roles = (await obmann.get<{ id: number; name: string; rights: string[]; version: number }[]>('User/Rollen'))
      .body;
    const administrator = roles.find((r) => r.name === 'Administrator')!;
    const stripped = await obmann.post('User/UpdateRolle', {
      id: administrator.id,
      name: 'Administrator',
      description: 'ausgehöhlt',
      // Only rights the Obmann holds himself: what is left is an Administrator without admin rights.
      rights: ['User.View'],
    });
    expect(stripped.status).toBe(403);
    expect(stripped.body).toMatchObject({ code: 'target_beyond_rights' });
    const custom = await app.services.db('roles').insert({ name: 'Technik', description: '', is_system: false });
    const customId = Number(custom[0] ?? (await app.services.db('roles').where({ name: 'Technik' }).first('id'))?.id);
    await app.services.db('role_rights').insert({ role_id: customId, right_name: 'WebApp.Admin' });
    expect((await obmann.delete('User/DeleteRolle', { id: customId })).status).toBe(403);
    const after = (await obmann.get<{ id: number; rights: string[] }[]>('User/Rollen')).body;
    expect(after.find((r) => r.id === administrator.id)?.rights).toEqual(administrator.rights);
    expect(after.some((r) => r.id === customId)).toBe(true);
  });
});

describe('changing another user’s e-mail', () => {
  it('is recorded in the history and announced to the old address', async () => {
    const admin = app.client();
    expect(await admin.login('admin@test.kgv', TEST_PASSWORD)).toBe(0);
    await app.signedIn(['Schriftführer'], 'alt@test.kgv');
    const target = await userByEmail('alt@test.kgv');
    const saved = await admin.post<User>('User/UpdateUser', {
      id: target.id,
      email: 'neu@test.kgv',
      name: target.name,
      roleIds: [await roleId('Schriftführer')],
      active: true,
    });
    expect(saved.status).toBe(200);
    const history = await app.services
      .db('history')
      .where({ entity_type: 'User', entity_id: String(target.id), action: 'email-change' })
      .first();
    expect(JSON.parse(history.before)).toEqual({ email: 'alt@test.kgv' });
    expect(JSON.parse(history.after)).toEqual({ email: 'neu@test.kgv' });
    expect(history.user_name).toBe('Administrator');
    let notice: { file: string } | undefined;
    for (let i = 0; i < 30 && !notice; i++) {
      notice = (await mailsTo('alt@test.kgv')).find(() => true);
      if (!notice) await new Promise((r) => setTimeout(r, 100));
    }
    expect(notice).toBeDefined();
    const raw = readFileSync(path.join(app.services.config.dataDir, 'outbox', notice!.file), 'utf8').replace(
      /=\r?\n/g,
      '',
    );
    expect(raw).toContain('neu@test.kgv');
    expect(raw).toContain('Administrator');
  });
});

describe('two administrators saving one user at once', () => {
  it('gives one 200 and one 409 naming the other; the winner’s change stays', async () => {
    const admin = app.client();
    expect(await admin.login('admin@test.kgv', TEST_PASSWORD)).toBe(0);
    const other = await app.signedIn(['Administrator'], 'concurrent-admin@test.kgv');
    await app.signedIn(['Kassier'], 'contested@test.kgv');
    const target = (await admin.get<User[]>('User/Users')).body.find((u) => u.email === 'contested@test.kgv')!;
    const body = (name: string) => ({
      id: target.id,
      email: target.email,
      name,
      roleIds: target.roles.map((r) => r.id),
      active: true,
      version: target.version,
    });
    const [a, b] = await Promise.all([
      admin.post('User/UpdateUser', body('Name von A')),
      other.post('User/UpdateUser', body('Name von B')),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body).toMatchObject({ code: 'version_conflict', title: expect.stringContaining('inzwischen von') });
    const stored = await userByEmail('contested@test.kgv');
    expect(stored.name).toBe(a.status === 200 ? 'Name von A' : 'Name von B');
    // A save with the old version after that is refused as well, and changes nothing.
    const late = await admin.post('User/UpdateUser', body('Zu spät'));
    expect(late.status).toBe(409);
    expect((await userByEmail('contested@test.kgv')).name).toBe(stored.name);
  });
});
