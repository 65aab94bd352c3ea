import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { passwordLinkFromOutbox } from '../helpers/outbox';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

let app: TestApp;
let admin: ApiClient;
type UserRow = { id: number; email: string; name: string; active: boolean; roles: { id: number; name: string }[] };
type RoleRow = { id: number; name: string; isSystem: boolean; rights: string[] };
const ROLE = { GlobalAdmin: 1, Administrator: 2, Obmann: 3, Kassier: 4, Schriftfuehrer: 5, Wasserwart: 6, Pruefer: 7 };

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

const dump = async () => ({
  users: await app.services.db('users').orderBy('id').select('id', 'email', 'name', 'active', 'password_hash'),
  userRoles: await app.services.db('user_roles').orderBy(['user_id', 'role_id']),
  roles: await app.services.db('roles').orderBy('id'),
  rights: await app.services.db('role_rights').orderBy(['role_id', 'right_name']),
});

describe('user administration', () => {
  it('creates a user who gets an invitation, sets a password and signs in', async () => {
    const res = await admin.post<UserRow>('User/UpdateUser', {
      email: 'Neu@Verein.at',
      name: 'Maria Huber',
      roleIds: [ROLE.Kassier],
      active: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'neu@verein.at',
      name: 'Maria Huber',
      active: true,
      roles: [{ id: 4, name: 'Kassier' }],
    });
    const { token } = await passwordLinkFromOutbox(app, 'neu@verein.at');
    expect(token).toBeDefined();
    expect(await app.client().login('neu@verein.at', TEST_PASSWORD)).toBe(-1);
    expect(
      (await app.client().post('User/ResetPassword', { email: 'neu@verein.at', token, password: 'Mein-Passwort-1' }))
        .status,
    ).toBe(204);
    expect(await app.client().login('neu@verein.at', 'Mein-Passwort-1')).toBe(0);

    const list = await admin.get<UserRow[]>('User/Users');
    expect(list.body.map((u) => u.email)).toContain('neu@verein.at');
    const one = await admin.get<UserRow>('User/GetUser', { userID: res.body.id });
    expect(one.body.name).toBe('Maria Huber');
    expect((await admin.get('User/GetUser', { userID: 99999 })).status).toBe(404);
  });

  it('updates roles and deactivation ends the user’s sessions', async () => {
    const c = await app.signedIn(['Kassier'], 'deact@test.kgv');
    const id = Number((await app.services.db('users').where({ email: 'deact@test.kgv' }).first('id'))?.id);
    const res = await admin.post<UserRow>('User/UpdateUser', {
      id,
      email: 'deact@test.kgv',
      name: 'X',
      roleIds: [ROLE.Wasserwart],
      active: false,
    });
    expect(res.body.roles.map((r) => r.name)).toEqual(['Wasserwart']);
    expect((await c.get('User')).status).toBe(401);
    expect(await app.client().login('deact@test.kgv', TEST_PASSWORD)).toBe(-1);
  });

  it('refuses a duplicate e-mail with a German message', async () => {
    const res = await admin.post('User/UpdateUser', {
      email: 'admin@test.kgv',
      name: 'Doppelt',
      roleIds: [],
      active: true,
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errors: { email: ['Diese E-Mail-Adresse ist bereits vergeben.'] } });
  });

  it('does not delete oneself or the last administrator', async () => {
    const me = Number((await app.services.db('users').where({ email: 'admin@test.kgv' }).first('id'))?.id);
    const self = await admin.delete('User/DeleteUser', { userID: me });
    expect(self.status).toBe(409);
    // A second GlobalAdmin may delete the first, but then not the last one left.
    const other = await app.signedIn(['GlobalAdmin'], 'admin2@test.kgv');
    const otherId = Number((await app.services.db('users').where({ email: 'admin2@test.kgv' }).first('id'))?.id);
    const admins = await app.services.db('user_roles').whereIn('role_id', [1, 2]).pluck('user_id');
    expect(admins).toContain(otherId);
    const demote = await admin.post('User/UpdateUser', {
      id: otherId,
      email: 'admin2@test.kgv',
      name: 'A2',
      roleIds: [ROLE.Kassier],
      active: true,
    });
    expect(demote.status).toBe(200);
    const last = await admin.post('User/UpdateUser', {
      id: me,
      email: 'admin@test.kgv',
      name: 'Administrator',
      roleIds: [ROLE.GlobalAdmin],
      active: false,
    });
    expect(last.status).toBe(409);
    void other;
  });

  it('deletes a user and writes the history', async () => {
    await app.signedIn(['Kassier'], 'gone@test.kgv');
    const id = Number((await app.services.db('users').where({ email: 'gone@test.kgv' }).first('id'))?.id);
    expect((await admin.delete('User/DeleteUser', { userID: id })).status).toBe(204);
    expect(await app.services.db('users').where({ id }).first()).toBeUndefined();
    const history = await admin.get<{ action: string }[]>('Common/GetHistory', { entityID: `User:${id}` });
    expect(history.body[0]!.action).toBe('delete');
  });
});

describe('nobody raises rights', () => {
  it('an Obmann (user editing, no admin rights) cannot hand out Administrator or admin rights', async () => {
    const obmann = await app.signedIn(['Obmann'], 'obmann@test.kgv');
    const obmannId = Number((await app.services.db('users').where({ email: 'obmann@test.kgv' }).first('id'))?.id);
    const before = await dump();
    const self = await obmann.post('User/UpdateUser', {
      id: obmannId,
      email: 'obmann@test.kgv',
      name: 'O',
      roleIds: [ROLE.Obmann, ROLE.Administrator],
      active: true,
    });
    expect(self.status).toBe(403);
    const other = await obmann.post('User/UpdateUser', {
      email: 'x@test.kgv',
      name: 'X',
      roleIds: [ROLE.GlobalAdmin],
      active: true,
    });
    expect(other.status).toBe(403);
    const role = await obmann.post('User/UpdateRolle', { name: 'Heimlich', description: '', rights: ['WebApp.Admin'] });
    expect(role.status).toBe(403);
    const widen = await obmann.post('User/UpdateRolle', {
      id: ROLE.Obmann,
      name: 'Obmann',
      description: '',
      rights: ['WebApp.Admin.Global'],
    });
    expect(widen.status).toBe(403);
    expect(await dump()).toEqual(before);
    // What the Obmann holds, he may give.
    const ok = await obmann.post<UserRow>('User/UpdateUser', {
      email: 'wart@test.kgv',
      name: 'W',
      roleIds: [ROLE.Wasserwart],
      active: true,
    });
    expect(ok.status).toBe(200);
  });
});

describe('roles', () => {
  it('lists roles with rights; creates, edits and deletes a custom role; protects system and assigned roles', async () => {
    const roles = await admin.get<RoleRow[]>('User/Rollen');
    expect(roles.body.map((r) => r.name)).toEqual([
      'GlobalAdmin',
      'Administrator',
      'Obmann',
      'Kassier',
      'Schriftführer',
      'Wasserwart',
      'Rechnungsprüfer',
    ]);
    expect(roles.body.find((r) => r.name === 'Rechnungsprüfer')!.rights.every((r) => r.endsWith('.View'))).toBe(true);

    const created = await admin.post<RoleRow>('User/UpdateRolle', {
      name: 'Kassaprüfer',
      description: 'liest die Kassa',
      rights: ['WebApp.Kassa.View'],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Kassaprüfer', isSystem: false, rights: ['WebApp.Kassa.View'] });
    const edited = await admin.post<RoleRow>('User/UpdateRolle', {
      id: created.body.id,
      name: 'Kassaprüfer',
      description: '',
      rights: ['WebApp.Kassa.View', 'WebApp.Stammdaten.View'],
    });
    expect(edited.body.rights.sort()).toEqual(['WebApp.Kassa.View', 'WebApp.Stammdaten.View']);

    expect((await admin.delete('User/DeleteRolle', { id: ROLE.Kassier })).status).toBe(409);
    const renameSystem = await admin.post('User/UpdateRolle', {
      id: ROLE.Kassier,
      name: 'Kasse',
      description: '',
      rights: [],
    });
    expect(renameSystem.status).toBe(422);
    await admin.post('User/UpdateUser', { email: 'kp@test.kgv', name: 'KP', roleIds: [created.body.id], active: true });
    const assigned = await admin.delete('User/DeleteRolle', { id: created.body.id });
    expect(assigned.status).toBe(409);
    expect(assigned.body).toMatchObject({ title: expect.stringContaining('noch vergeben an: KP') });
  });

  it('a Rechnungsprüfer reads users and roles but changes nothing', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    expect((await pruefer.get('User/Users')).status).toBe(200);
    expect((await pruefer.get('User/Rollen')).status).toBe(200);
    expect(
      (await pruefer.post('User/UpdateUser', { email: 'a@b.at', name: 'A', roleIds: [], active: true })).status,
    ).toBe(403);
    expect((await pruefer.post('User/UpdateRolle', { name: 'R', description: '', rights: [] })).status).toBe(403);
    expect((await pruefer.delete('User/DeleteRolle', { id: 5 })).status).toBe(403);
  });
});

describe('bad input changes nothing', () => {
  const sql = "'; DROP TABLE users; --";
  const html = '<img src=x onerror=alert(1)>';
  const cases: [string, unknown][] = [
    ['User/UpdateUser', {}],
    ['User/UpdateUser', { email: 'a@b.at', name: 'A', roleIds: 'Kassier', active: true }],
    ['User/UpdateUser', { email: 'keine-mail', name: 'A', roleIds: [], active: true }],
    ['User/UpdateUser', { email: `${sql}@b.at`, name: 'A', roleIds: [], active: true }],
    ['User/UpdateUser', { email: 'a@b.at', name: 'x'.repeat(201), roleIds: [], active: true }],
    ['User/UpdateUser', { email: 'a@b.at', name: 'A', roleIds: [], active: true, admin: true }],
    ['User/UpdateUser', { email: 'a@b.at', name: 'A', roleIds: [999], active: true }],
    ['User/UpdateUser', { email: 'a@b.at', name: 'A', roleIds: [1.5], active: 'ja' }],
    ['User/UpdateUser', { id: -1, email: 'a@b.at', name: 'A', roleIds: [], active: true }],
    ['User/UpdateUser', [1, 2, 3]],
    ['User/UpdateRolle', { name: '', description: '', rights: [] }],
    ['User/UpdateRolle', { name: 'R', description: '', rights: ['WebApp.Allmacht'] }],
    ['User/UpdateRolle', { name: 'R', description: 'x'.repeat(501), rights: [] }],
    ['User/UpdateRolle', { name: html, description: sql, rights: 'WebApp.Kassa.View' }],
    ['User/UpdateRolle', { name: 'R', rights: [], extra: 1 }],
    ['User/ChangePassword', { currentPassword: TEST_PASSWORD }],
    ['User/ChangePassword', { currentPassword: 1, newPassword: 2 }],
    ['User/UpdateProfile', { name: 'x'.repeat(201) }],
    ['User/UpdateProfile', { name: null }],
    ['User/ResetUsersMFA', { userID: 'eins' }],
    ['User/ResetUsersMFA', {}],
    ['User/ResetPassword', { email: 'a@b.at', token: '', password: 'x' }],
    ['User/Login2FA', { code: 123456 }],
    ['Common/GetRights', 'WebApp.Admin'],
  ];

  it.each(cases.map(([path, body], i) => [`${i} ${path}`, path, body] as const))(
    '%s → 400/422',
    async (_, path, body) => {
      const before = await dump();
      const res = await admin.post(path, body);
      expect([400, 422]).toContain(res.status);
      expect(res.body).toMatchObject({ status: res.status, title: expect.any(String) });
      if (res.status === 422)
        expect(Object.keys((res.body as { errors: object }).errors ?? {}).length).toBeGreaterThan(0);
      expect(await dump()).toEqual(before);
    },
  );

  it('stores SQL and HTML in text fields as plain text', async () => {
    const countUsers = async () => Number((await app.services.db('users').count({ n: '*' }).first())?.n);
    const usersBefore = await countUsers();
    const res = await admin.post<UserRow>('User/UpdateUser', {
      email: 'text@test.kgv',
      name: `${html} ${sql}`,
      roleIds: [],
      active: false,
    });
    expect(res.status).toBe(200);
    expect((await admin.get<UserRow>('User/GetUser', { userID: res.body.id })).body.name).toBe(`${html} ${sql}`);
    // The text ran as no SQL: the table is still there and holds exactly the one new user more.
    expect(await countUsers()).toBe(usersBefore + 1);
  });
});
