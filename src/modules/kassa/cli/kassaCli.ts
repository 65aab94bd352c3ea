import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { CliError } from '../../../cli/prompt';
import type { Boot } from '../../manifest';
import { periodeDesJahres, pruefpaket } from '../services/pruefpaket';
import { kassaVerify, verifyText } from '../services/verify';

// `kgv kassa verify [--json]`: the hash chain over every checked entry and every period's balances and
// carry-over, a German summary, exit 1 when something is broken (cron and the Rechnungsprüfer's
// script can rely on it). `kgv kassa pruefpaket --jahr Y OUT.zip`: the audit package as a file, the
// same ZIP as GET Kassa/Pruefpaket.

function subcommand(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}

export function kassaCli(program: Command, boot: Boot): void {
  const kassa = subcommand(program, 'kassa', 'Kassa: Prüfung und Prüfpaket');

  kassa
    .command('verify')
    .description(
      'Hash-Kette der geprüften Buchungen, Salden und Überträge aller Kassaabrechnungen prüfen (Exit 1 bei Fehlern)',
    )
    .option('--json', 'das Ergebnis als JSON ausgeben')
    .action(async (opts: { json?: boolean }) => {
      const app = await boot();
      try {
        const ergebnis = await kassaVerify(app.db);
        process.stdout.write(
          opts.json ? `${JSON.stringify(ergebnis, null, 2)}\n` : `${verifyText(ergebnis).join('\n')}\n`,
        );
        if (!ergebnis.intakt) process.exitCode = 1;
      } finally {
        await app.close();
      }
    });

  kassa
    .command('pruefpaket')
    .description('Prüfpaket (ZIP) eines Jahres für die Rechnungsprüfer schreiben')
    .requiredOption('--jahr <JJJJ>', 'das Jahr der Kassaabrechnung')
    .argument('<datei>', 'die ZIP-Datei, die geschrieben wird')
    .action(async (datei: string, opts: { jahr: string }) => {
      if (!/^\d{4}$/.test(opts.jahr)) throw new CliError(`--jahr „${opts.jahr}“ ist keine Jahreszahl (JJJJ).`);
      const app = await boot();
      const ziel = path.resolve(datei);
      try {
        const periodeId = await periodeDesJahres(app.db, Number(opts.jahr));
        const zip = await pruefpaket(app, app.db, periodeId);
        try {
          await pipeline(zip.body as NodeJS.ReadableStream, createWriteStream(ziel));
        } catch (error) {
          // A half-written package must not look like a complete one.
          await rm(ziel, { force: true });
          throw error;
        }
        process.stdout.write(`Prüfpaket geschrieben: ${ziel}\n`);
      } finally {
        await app.close();
      }
    });
}
