import { randomBytes } from 'node:crypto';
import type { Actor, Principal } from '../../../platform/auth/principal';
import { hasAnyRight, loadRoleRights } from '../../../platform/auth/principal';
import { GLOBAL_ADMIN_ROLE_ID, isRight, RIGHTS, type Right } from '../../../platform/auth/rights';
import { destroyUserSessions } from '../../../platform/auth/sessions';
import { type Db, inTransaction, nowDb, toIso } from '../../../platform/db/db';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, forbidden, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { Benutzer, RoleInput, Rolle, UpdateUserInput } from '../schema';
import type { RoleRow, UserRow } from '../tables';
import { lockedUntilOf } from './login';

/** Administrators are users holding WebApp.Admin through an active role; the last one must stay. */
const ADMIN_RIGHT: Right = 'WebApp.Admin';

/** The presenter of a Benutzer: every answer of one (list, GetUser, UpdateUser) goes through it. */
export function presentBenutzer(
  u: UserRow,
  roles: { id: number; name: string }[],
  lockedUntil: string | null,
): Benutzer {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    active: Boolean(u.active),
    mfa: Boolean(u.mfa_enabled),
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    lockedUntil: toIso(lockedUntil),
    lastLoginAt: toIso(u.last_login_at),
    createdAt: toIso(u.created_at) ?? '',
    version: Number(u.version ?? 1),
  };
}

/** The presenter of a Rolle; GlobalAdmin holds every right whatever its rows say. */
export function presentRolle(r: RoleRow, rights: string[]): Rolle {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    isSystem: Boolean(r.is_system),
    version: Number(r.version ?? 1),
    rights: (r.id === GLOBAL_ADMIN_ROLE_ID ? [...RIGHTS] : rights).filter(isRight),
  };
}

export async function listBenutzer(db: Db, ids?: number[]): Promise<Benutzer[]> {
  const q = db('users').orderBy('name');
  if (ids) q.whereIn('id', ids);
  const users = await q;
  const links = await db('user_roles')
    .join('roles', 'roles.id', 'user_roles.role_id')
    .whereIn(
      'user_roles.user_id',
      users.map((u) => u.id),
    )
    .orderBy('roles.id')
    .select('user_roles.user_id', 'roles.id', 'roles.name');
  const now = nowDb();
  const clientLocks = await lockedUntilOf(
    db,
    users.map((u) => u.email),
  );
  const latest = (...values: (string | null | undefined)[]) =>
    values
      .filter((v): v is string => Boolean(v && v > now))
      .sort()
      .at(-1) ?? null;
  return users.map((u) =>
    presentBenutzer(
      u,
      links.filter((l) => l.user_id === u.id),
      // The account lock (wrong second factors) or a lock of wrong passwords from some computer.
      latest(u.locked_until, clientLocks.get(u.email)),
    ),
  );
}

export async function getBenutzer(db: Db, id: number): Promise<Benutzer> {
  const [row] = await listBenutzer(db, [id]);
  if (!row) throw notFound('Der Benutzer wurde nicht gefunden.');
  return row;
}

export async function listRoles(db: Db): Promise<Rolle[]> {
  const roles = await db('roles').orderBy('id');
  const rights = await db('role_rights').select('role_id', 'right_name');
  return roles.map((r) =>
    presentRolle(
      r,
      rights.filter((x) => x.role_id === r.id).map((x) => x.right_name),
    ),
  );
}

/** Nobody hands out a right they do not hold: every right of the given roles must be the editor's. */
async function assertCanGrant(db: Db, editor: Principal, roleIds: number[]): Promise<void> {
  if (editor.isGlobalAdmin) return;
  const roles = (await listRoles(db)).filter((r) => roleIds.includes(r.id));
  const beyond = roles.filter((r) => r.rights.some((right) => !editor.rights.has(right)));
  if (beyond.length) {
    throw forbidden(
      `Sie können keine Rolle vergeben, deren Rechte Sie selbst nicht haben: ${beyond.map((r) => r.name).join(', ')}.`,
    );
  }
}

/**
 * Whom an administrator may change, deactivate, reset (password, 2FA) or delete: only users whose
 * rights are all the editor's own, and a GlobalAdmin only by a GlobalAdmin. Otherwise an Obmann
 * could switch off the GlobalAdmin's 2FA, set their e-mail to his own and take the account over
 * through "Passwort vergessen".
 */
export async function assertMayManage(db: Db, editor: Principal, targetUserId: number): Promise<void> {
  if (editor.isGlobalAdmin || targetUserId === editor.userId) return;
  const target = await loadRoleRights(db, targetUserId);
  if (target.isGlobalAdmin) {
    throw forbidden('Einen Global Admin kann nur ein Global Admin ändern.', 'target_beyond_rights');
  }
  const beyond = [...target.rights].filter((r) => !editor.rights.has(r));
  if (beyond.length) {
    throw forbidden(
      'Sie können nur Benutzer ändern, deren Rechte Sie alle selbst haben. Dieser Benutzer hat mehr Rechte als Sie.',
      'target_beyond_rights',
    );
  }
}

async function activeAdminIds(db: Db): Promise<number[]> {
  const rows = await db('users')
    .join('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('role_rights', 'role_rights.role_id', 'user_roles.role_id')
    .where('users.active', true)
    .andWhere((q) => q.where('user_roles.role_id', GLOBAL_ADMIN_ROLE_ID).orWhere('role_rights.right_name', ADMIN_RIGHT))
    .distinct('users.id');
  return rows.map((r) => Number(r.id));
}

/**
 * Creates (id 0/absent) or updates a user; answers the saved row, for a new user that an invitation
 * is due, and for a changed e-mail the old address, which the caller tells about the change.
 */
export async function saveUser(
  db: Db,
  editor: Principal,
  actor: Actor,
  input: UpdateUserInput,
): Promise<{ user: Benutzer; created: boolean; emailChangedFrom?: string }> {
  return inTransaction(db, async (trx) => {
    const known = await trx('roles').whereIn('id', input.roleIds).pluck('id');
    const unknown = input.roleIds.filter((id) => !known.includes(id));
    if (unknown.length) throw validationFailed({ roleIds: [`Unbekannte Rolle(n): ${unknown.join(', ')}.`] });
    const existing = input.id ? await trx('users').where({ id: input.id }).first() : undefined;
    if (input.id && !existing) throw notFound('Der Benutzer wurde nicht gefunden.');
    if (existing) {
      await assertMayManage(trx, editor, existing.id);
      await claimVersion(trx, {
        table: 'users',
        id: existing.id,
        expected: input.version,
        entityType: 'User',
        label: 'Der Benutzer',
      });
    }
    const before = existing ? await getBenutzer(trx, existing.id) : undefined;
    const currentRoleIds = before?.roles.map((r) => r.id) ?? [];
    const added = input.roleIds.filter((id) => !currentRoleIds.includes(id));
    const removed = currentRoleIds.filter((id) => !input.roleIds.includes(id));
    await assertCanGrant(trx, editor, [...added, ...removed]);
    if (existing && existing.id === editor.userId && (!input.active || removed.length)) {
      throw conflict(
        'Sie können sich nicht selbst deaktivieren oder Ihre eigenen Rollen entfernen.',
        undefined,
        'self_change',
      );
    }
    const clash = await trx('users')
      .where({ email: input.email })
      .whereNot({ id: input.id ?? 0 })
      .first('id');
    if (clash) throw validationFailed({ email: ['Diese E-Mail-Adresse ist bereits vergeben.'] });

    const now = nowDb();
    let id: number;
    if (existing) {
      id = existing.id;
      await trx('users')
        .where({ id })
        .update({ email: input.email, name: input.name, active: input.active, updated_at: now });
      if (!input.active || input.email !== existing.email) await destroyUserSessions(trx, id);
    } else {
      const [newId] = await trx('users').insert({
        email: input.email,
        name: input.name,
        active: input.active,
        password_hash: null,
        security_stamp: randomBytes(16).toString('hex'),
        created_at: now,
        updated_at: now,
      });
      id = Number(newId);
    }
    await trx('user_roles').where({ user_id: id }).delete();
    if (input.roleIds.length)
      await trx('user_roles').insert(input.roleIds.map((role_id) => ({ user_id: id, role_id })));
    if (existing && (await activeAdminIds(trx)).length === 0) {
      throw conflict('Der letzte Administrator kann nicht entfernt oder deaktiviert werden.', undefined, 'last_admin');
    }
    const user = await getBenutzer(trx, id);
    await recordHistory(trx, actor, {
      entityType: 'User',
      entityId: id,
      action: existing ? 'update' : 'create',
      before: withoutVersion(before),
      after: withoutVersion(user),
    });
    const emailChanged = existing && existing.email !== input.email;
    if (emailChanged) {
      // Its own entry, so the Verlauf shows the change of address plainly, not inside a long diff.
      await recordHistory(trx, actor, {
        entityType: 'User',
        entityId: id,
        action: 'email-change',
        before: { email: existing.email },
        after: { email: input.email },
      });
    }
    return { user, created: !existing, ...(emailChanged ? { emailChangedFrom: existing.email as string } : {}) };
  });
}

export async function deleteUser(db: Db, editor: Principal, actor: Actor, userId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await getBenutzer(trx, userId);
    if (userId === editor.userId) throw conflict('Sie können sich nicht selbst löschen.', undefined, 'self_delete');
    await assertMayManage(trx, editor, userId);
    await trx('users').where({ id: userId }).delete();
    if ((await activeAdminIds(trx)).length === 0) {
      throw conflict('Der letzte Administrator kann nicht gelöscht werden.', undefined, 'last_admin');
    }
    await recordHistory(trx, actor, { entityType: 'User', entityId: userId, action: 'delete', before });
  });
}

export async function saveRole(db: Db, editor: Principal, actor: Actor, input: RoleInput): Promise<Rolle> {
  const rights = [...new Set(input.rights)];
  const beyond = rights.filter((r) => !hasAnyRight(editor, [r]));
  if (beyond.length)
    throw forbidden(`Sie können keine Rechte vergeben, die Sie selbst nicht haben: ${beyond.join(', ')}.`);
  return inTransaction(db, async (trx) => {
    const existing = input.id ? await trx('roles').where({ id: input.id }).first() : undefined;
    if (input.id && !existing) throw notFound('Die Rolle wurde nicht gefunden.');
    if (existing?.id === GLOBAL_ADMIN_ROLE_ID)
      throw conflict('Die Rolle Global Admin hält immer alle Rechte und kann nicht geändert werden.');
    if (existing) {
      await claimVersion(trx, {
        table: 'roles',
        id: existing.id,
        expected: input.version,
        entityType: 'Role',
        label: `Die Rolle „${existing.name}“`,
      });
    }
    if (existing?.is_system && existing.name !== input.name) {
      throw validationFailed({ name: ['Der Name einer mitgelieferten Rolle kann nicht geändert werden.'] });
    }
    const clash = await trx('roles')
      .where({ name: input.name })
      .whereNot({ id: input.id ?? 0 })
      .first('id');
    if (clash) throw validationFailed({ name: ['Eine Rolle mit diesem Namen gibt es bereits.'] });
    const before = existing ? (await listRoles(trx)).find((r) => r.id === existing.id) : undefined;
    // A role changes everyone who holds it: only someone holding all its rights may change it, so
    // an Obmann cannot strip the Administrator role (and with it the administrators).
    if (before) assertRoleWithinRights(editor, before);
    let id: number;
    if (existing) {
      id = existing.id;
      await trx('roles').where({ id }).update({ name: input.name, description: input.description });
    } else {
      const [newId] = await trx('roles').insert({ name: input.name, description: input.description, is_system: false });
      id = Number(newId);
    }
    await trx('role_rights').where({ role_id: id }).delete();
    if (rights.length) await trx('role_rights').insert(rights.map((right_name) => ({ role_id: id, right_name })));
    if ((await activeAdminIds(trx)).length === 0) {
      throw conflict('Damit gäbe es keinen Administrator mehr.', undefined, 'last_admin');
    }
    const after = (await listRoles(trx)).find((r) => r.id === id)!;
    await recordHistory(trx, actor, {
      entityType: 'Role',
      entityId: id,
      action: existing ? 'update' : 'create',
      before: withoutVersion(before),
      after: withoutVersion(after),
    });
    return after;
  });
}

function assertRoleWithinRights(editor: Principal, role: Rolle): void {
  if (editor.isGlobalAdmin || role.rights.every((r) => editor.rights.has(r))) return;
  throw forbidden(
    `Die Rolle „${role.name}“ hat Rechte, die Sie selbst nicht haben; nur wer alle ihre Rechte hat, kann sie ändern oder löschen.`,
    'target_beyond_rights',
  );
}

export async function deleteRole(db: Db, editor: Principal, actor: Actor, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const role = await trx('roles').where({ id }).first();
    if (!role) throw notFound('Die Rolle wurde nicht gefunden.');
    const current = (await listRoles(trx)).find((r) => r.id === id);
    if (current) assertRoleWithinRights(editor, current);
    if (role.is_system) throw conflict(`Die mitgelieferte Rolle „${role.name}“ kann nicht gelöscht werden.`);
    const users = await trx('user_roles')
      .join('users', 'users.id', 'user_roles.user_id')
      .where('user_roles.role_id', id)
      .pluck('users.name');
    if (users.length) {
      throw conflict(
        `Die Rolle „${role.name}“ ist noch vergeben an: ${users.join(', ')}.`,
        undefined,
        'still_referenced',
      );
    }
    const before = (await listRoles(trx)).find((r) => r.id === id);
    await trx('roles').where({ id }).delete();
    await recordHistory(trx, actor, { entityType: 'Role', entityId: id, action: 'delete', before });
  });
}
