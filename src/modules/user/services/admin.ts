import { randomBytes } from 'node:crypto';
import type { Actor, Principal } from '../../../platform/auth/principal';
import { loadRoleRights } from '../../../platform/auth/principal';
import { destroyUserSessions } from '../../../platform/auth/sessions';
import { type Db, inTransaction, nowDb, toIso } from '../../../platform/db/db';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, forbidden, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { Benutzer, UpdateUserInput } from '../schema';
import type { UserRow } from '../tables';
import { lockedUntilOf } from './login';
import { activeAdminIds, listRoles } from './roles';

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
