import { hashPassword } from '../../../platform/auth/passwords';
import type { Actor, Principal } from '../../../platform/auth/principal';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { type CreateUserInput, type CurrentUser, createUserInput } from '../schema';

export type UserSummary = { id: number; email: string; name: string; active: boolean; roles: string[] };

export function currentUser(p: Principal, clubMfaLevel: number): CurrentUser {
  return {
    mfaSetupRequired: clubMfaLevel === 2 && !p.mfa,
    name: p.name,
    role: p.roles[0]?.name ?? '',
    email: p.email,
    mfa: p.mfa,
    isAdmin: p.rights.has('WebApp.Admin'),
    isGlobalAdmin: p.rights.has('WebApp.Admin.Global'),
  };
}

/** Resolves role names (case-insensitive) or ids to role ids; unknown names are a validation error. */
async function roleIds(db: Db, roles: string[]): Promise<number[]> {
  const all = await db('roles').select('id', 'name');
  const ids: number[] = [];
  const unknown: string[] = [];
  for (const r of roles) {
    const hit = all.find((x) => x.name.toLowerCase() === r.toLowerCase() || String(x.id) === r);
    if (hit) ids.push(hit.id);
    else unknown.push(r);
  }
  if (unknown.length) {
    throw validationFailed({
      roles: [`Unbekannte Rolle: ${unknown.join(', ')}. Vorhanden: ${all.map((x) => x.name).join(', ')}.`],
    });
  }
  return [...new Set(ids)];
}

export async function createUser(db: Db, input: CreateUserInput, actor: Actor): Promise<UserSummary> {
  const parsed = createUserInput.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const i of parsed.error.issues) errors[String(i.path[0] ?? '$')] = [i.message];
    throw validationFailed(errors);
  }
  const data = parsed.data;
  const passwordHash = await hashPassword(data.password);
  return inTransaction(db, async (trx) => {
    if (await trx('users').where({ email: data.email }).first('id')) {
      throw validationFailed({ email: ['Diese E-Mail-Adresse ist bereits vergeben.'] });
    }
    const ids = await roleIds(trx, data.roles);
    const now = nowDb();
    const [id] = await trx('users').insert({
      email: data.email,
      name: data.name,
      password_hash: passwordHash,
      active: true,
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    });
    const userId = Number(id);
    await trx('user_roles').insert(ids.map((role_id) => ({ user_id: userId, role_id })));
    const summary = await getUserSummary(trx, userId);
    await recordHistory(trx, actor, { entityType: 'User', entityId: userId, action: 'create', after: summary });
    return summary;
  });
}

export async function getUserSummary(db: Db, id: number): Promise<UserSummary> {
  const user = await db('users').where({ id }).first();
  if (!user) throw notFound('Der Benutzer wurde nicht gefunden.');
  const roles = await db('roles')
    .join('user_roles', 'user_roles.role_id', 'roles.id')
    .where('user_roles.user_id', id)
    .orderBy('roles.id')
    .pluck('roles.name');
  return { id: user.id, email: user.email, name: user.name, active: Boolean(user.active), roles };
}

export async function listUsers(db: Db): Promise<UserSummary[]> {
  const ids = await db('users').orderBy('name').pluck('id');
  return Promise.all(ids.map((id) => getUserSummary(db, id)));
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db('users').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
