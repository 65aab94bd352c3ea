import { GLOBAL_ADMIN_ROLE_ID, isRight, RIGHTS, type Right } from '../../http/rights';
import type { Db } from '../db/db';

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

export async function loadPrincipal(db: Db, userId: number): Promise<Principal | undefined> {
  const user = await db('users').where({ id: userId, active: true }).first();
  if (!user) return undefined;
  const roles = (await db('roles')
    .join('user_roles', 'user_roles.role_id', 'roles.id')
    .where('user_roles.user_id', userId)
    .orderBy('roles.id')
    .select('roles.id', 'roles.name')) as { id: number; name: string }[];
  const isGlobalAdmin = roles.some((r) => r.id === GLOBAL_ADMIN_ROLE_ID);
  const rightRows = (await db('role_rights')
    .whereIn(
      'role_id',
      roles.map((r) => r.id),
    )
    .distinct('right_name')) as { right_name: string }[];
  const rights = new Set<Right>(isGlobalAdmin ? RIGHTS : rightRows.map((r) => r.right_name).filter(isRight));
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    mfa: Boolean(user.mfa_enabled),
    roles,
    rights,
    isGlobalAdmin,
  };
}

export function hasAnyRight(p: Principal, wanted: readonly Right[]): boolean {
  return p.isGlobalAdmin || wanted.some((r) => p.rights.has(r));
}
