import { z } from 'zod';
import type { Db } from '../db/db';
import { GLOBAL_ADMIN_ROLE_ID, isRight, RIGHTS, type Right } from './rights';

/** The signed-in user as the rest of the app sees it. */
export type Principal = {
  userId: number;
  name: string;
  email: string;
  mfa: boolean;
  roles: { id: number; name: string }[];
  rights: ReadonlySet<Right>;
  isGlobalAdmin: boolean;
};

/** Who did something, for the history: a user or the system (CLI, jobs). */
export type Actor = { userId: number | null; name: string };
export const systemActor = (name = 'System'): Actor => ({ userId: null, name });
export const actorOf = (p: Principal): Actor => ({ userId: p.userId, name: p.name });

/** A role of the user with one of its rights (none: null), from the join below (ADR 0005). */
const roleRightRow = z.object({ id: z.coerce.number(), name: z.string(), right_name: z.string().nullable() });

/** A user's roles and the rights they give, whether the user is active or not (GlobalAdmin: all). */
export async function loadRoleRights(
  db: Db,
  userId: number,
): Promise<Pick<Principal, 'roles' | 'rights' | 'isGlobalAdmin'>> {
  // One query for roles and their rights: this runs on every API request.
  const rows = z
    .array(roleRightRow)
    .parse(
      await db('user_roles')
        .join('roles', 'roles.id', 'user_roles.role_id')
        .leftJoin('role_rights', 'role_rights.role_id', 'roles.id')
        .where('user_roles.user_id', userId)
        .orderBy('roles.id')
        .select('roles.id', 'roles.name', 'role_rights.right_name'),
    );
  const roles = [...new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }])).values()];
  const isGlobalAdmin = roles.some((r) => r.id === GLOBAL_ADMIN_ROLE_ID);
  const held = rows.map((r) => r.right_name).filter((r): r is string => r != null);
  return { roles, rights: new Set<Right>(isGlobalAdmin ? RIGHTS : held.filter(isRight)), isGlobalAdmin };
}

export async function loadPrincipal(db: Db, userId: number): Promise<Principal | undefined> {
  const user = await db('users').where({ id: userId, active: true }).first();
  if (!user) return undefined;
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    mfa: Boolean(user.mfa_enabled),
    ...(await loadRoleRights(db, userId)),
  };
}

export function hasAnyRight(p: Principal, wanted: readonly Right[]): boolean {
  return p.isGlobalAdmin || wanted.some((r) => p.rights.has(r));
}
