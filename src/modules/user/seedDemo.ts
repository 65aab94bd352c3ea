import { systemActor } from '../../platform/auth/principal';
import type { Db } from '../../platform/db/db';
import { createUser } from './services';

/** The password of every demo user; printed by `kgv seed demo`. */
export const DEMO_PASSWORD = 'Sonnenhang-2026';

const demoUsers = [
  { email: 'obmann@demo.kgv.at', name: 'Franz Gruber', roles: ['Obmann'] },
  { email: 'kassier@demo.kgv.at', name: 'Maria Huber', roles: ['Kassier'] },
  { email: 'schriftfuehrer@demo.kgv.at', name: 'Johann Wagner', roles: ['Schriftführer'] },
  { email: 'wasserwart@demo.kgv.at', name: 'Josef Bauer', roles: ['Wasserwart'] },
  { email: 'pruefer@demo.kgv.at', name: 'Elisabeth Steiner', roles: ['Rechnungsprüfer'] },
];

export async function seedDemoUsers(db: Db): Promise<void> {
  for (const u of demoUsers) {
    if (await db('users').where({ email: u.email }).first('id')) continue;
    await createUser(db, { ...u, password: DEMO_PASSWORD }, systemActor('kgv seed demo'));
  }
}
