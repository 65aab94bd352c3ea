import type { Command } from 'commander';
import { askMissing } from '../../cli/prompt';
import { systemActor } from '../../platform/auth/principal';
import type { Boot } from '../manifest';
import { createUser, listUsers } from './services';

export function userCli(program: Command, boot: Boot): void {
  const user = program.command('user').description('Benutzer verwalten');
  user
    .command('create')
    .description('Einen Benutzer anlegen (fragt fehlende Angaben ab, wenn ein Terminal angeschlossen ist)')
    .option('--email <email>', 'E-Mail-Adresse (Anmeldename)')
    .option('--password <password>', 'Passwort, mindestens 10 Zeichen')
    .option('--name <name>', 'Anzeigename')
    .option('--role <role...>', 'Rolle(n), z. B. Administrator, Obmann, Kassier, Rechnungsprüfer')
    .action(async (opts: { email?: string; password?: string; name?: string; role?: string[] }) => {
      const answers = await askMissing(
        { email: opts.email, name: opts.name, password: opts.password, role: opts.role?.join(',') },
        {
          email: { message: 'E-Mail-Adresse' },
          name: { message: 'Name' },
          password: { message: 'Passwort (mindestens 10 Zeichen)', secret: true },
          role: { message: 'Rolle (z. B. Administrator)' },
        },
      );
      const app = await boot();
      try {
        const created = await createUser(
          app.db,
          {
            email: answers.email,
            name: answers.name,
            password: answers.password,
            roles: answers.role.split(',').map((r) => r.trim()),
          },
          systemActor('kgv user create'),
        );
        process.stdout.write(`Benutzer angelegt: ${created.email} (${created.roles.join(', ')})\n`);
      } finally {
        await app.close();
      }
    });
  user
    .command('list')
    .description('Alle Benutzer mit ihren Rollen auflisten')
    .action(async () => {
      const app = await boot();
      try {
        for (const u of await listUsers(app.db)) {
          process.stdout.write(
            `${u.id}\t${u.email}\t${u.name}\t${u.roles.join(', ')}${u.active ? '' : '\t(inaktiv)'}\n`,
          );
        }
      } finally {
        await app.close();
      }
    });
}
