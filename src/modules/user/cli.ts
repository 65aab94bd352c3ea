import type { Command } from 'commander';
import { askMissing, CliError } from '../../cli/prompt';
import { systemActor } from '../../platform/auth/principal';
import { destroyUserSessions } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db/db';
import { recordHistory } from '../../platform/history/history';
import type { Boot } from '../manifest';
import { createPasswordToken, createUser, disableAuthenticator, listUsers, passwordLink, unlockUser } from './services';

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

async function findUser(db: Db, email: string): Promise<{ id: number; email: string; name: string }> {
  const user = await db('users').where({ email: email.trim().toLowerCase() }).first('id', 'email', 'name');
  if (!user) throw new CliError(`Kein Benutzer mit der E-Mail-Adresse ${email}.`);
  return user;
}

/** Rescue commands for the administrator at the server: a reset link, 2FA off, lock lifted. */
export function userRescueCli(program: Command, boot: Boot): void {
  const user = program.commands.find((c) => c.name() === 'user')!;
  user
    .command('reset-password')
    .description('Einen einmaligen Link zum Setzen eines neuen Passworts ausgeben (1 Stunde gültig)')
    .requiredOption('--email <email>', 'E-Mail-Adresse des Benutzers')
    .action(async (opts: { email: string }) => {
      const app = await boot();
      try {
        const u = await findUser(app.db, opts.email);
        const token = await createPasswordToken(app.db, u.id, 'reset');
        await recordHistory(app.db, systemActor('kgv user reset-password'), {
          entityType: 'User',
          entityId: u.id,
          action: 'password-link',
        });
        process.stdout.write(
          `Link für ${u.email} (1 Stunde gültig, einmal verwendbar):\n${passwordLink(app.config.baseUrl, u.email, token)}\n`,
        );
      } finally {
        await app.close();
      }
    });
  user
    .command('reset-mfa')
    .description('Die Zwei-Faktor-Anmeldung eines Benutzers ausschalten (neuer Schlüssel bei der nächsten Einrichtung)')
    .requiredOption('--email <email>', 'E-Mail-Adresse des Benutzers')
    .action(async (opts: { email: string }) => {
      const app = await boot();
      try {
        const u = await findUser(app.db, opts.email);
        await disableAuthenticator(app.db, u.id, systemActor('kgv user reset-mfa'), {
          refuseWhenRequired: false,
          action: 'mfa-reset-by-admin',
        });
        await destroyUserSessions(app.db, u.id);
        process.stdout.write(`Zwei-Faktor-Anmeldung für ${u.email} ausgeschaltet; alle Anmeldungen beendet.\n`);
      } finally {
        await app.close();
      }
    });
  user
    .command('unlock')
    .description('Die Sperre nach zu vielen Fehlversuchen aufheben')
    .requiredOption('--email <email>', 'E-Mail-Adresse des Benutzers')
    .action(async (opts: { email: string }) => {
      const app = await boot();
      try {
        const u = await findUser(app.db, opts.email);
        await unlockUser(app.db, u.id, u.email);
        await recordHistory(app.db, systemActor('kgv user unlock'), {
          entityType: 'User',
          entityId: u.id,
          action: 'unlock',
        });
        process.stdout.write(`${u.email} ist entsperrt.\n`);
      } finally {
        await app.close();
      }
    });
}
