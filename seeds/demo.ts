import type { RunningServices } from '../src/app';
import { modules } from '../src/modules';
import { DEMO_PASSWORD } from '../src/modules/user/seedDemo';

/** Runs every module's demo part in one transaction: a half-seeded club never remains. */
export async function seedDemo(app: RunningServices): Promise<string[]> {
  await app.db.transaction(async (trx) => {
    for (const m of modules) await m.seedDemo?.(app, trx);
  });
  app.cache.clear();
  return [
    'Demo-Verein „KGV Sonnenhang“ angelegt.',
    `Demo-Benutzer (Passwort jeweils ${DEMO_PASSWORD}):`,
    '  obmann@demo.kgv.at, kassier@demo.kgv.at, schriftfuehrer@demo.kgv.at,',
    '  wasserwart@demo.kgv.at, pruefer@demo.kgv.at',
  ];
}
