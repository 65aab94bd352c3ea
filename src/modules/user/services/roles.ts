import type { Actor, Principal } from '../../../platform/auth/principal';
import { hasAnyRight } from '../../../platform/auth/principal';
import { GLOBAL_ADMIN_ROLE_ID, isRight, RIGHTS, type Right } from '../../../platform/auth/rights';
import { type Db, inTransaction } from '../../../platform/db/db';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, forbidden, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { RoleInput, Rolle } from '../schema';
import type { RoleRow } from '../tables';

/** Administrators are users holding WebApp.Admin through an active role; the last one must stay. */
const ADMIN_RIGHT: Right = 'WebApp.Admin';

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

/** The ids of the active users who are administrators; saving users and roles keeps it non-empty. */
export async function activeAdminIds(db: Db): Promise<number[]> {
  const rows = await db('users')
    .join('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('role_rights', 'role_rights.role_id', 'user_roles.role_id')
    .where('users.active', true)
    .andWhere((q) => q.where('user_roles.role_id', GLOBAL_ADMIN_ROLE_ID).orWhere('role_rights.right_name', ADMIN_RIGHT))
    .distinct('users.id');
  return rows.map((r) => Number(r.id));
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
