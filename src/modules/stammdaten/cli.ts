import { readFile, writeFile } from 'node:fs/promises';
import { confirm } from '@inquirer/prompts';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { CliError } from '../../cli/prompt';
import { readWorkbook } from '../../platform/excel/excelReader';
import type { Boot } from '../manifest';
import { exportAll } from './services/exportAll';
import { formatError, planImport } from './services/importStammdaten';

function subcommand(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}

const countsText = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ') || 'keine Zeilen';

/** `kgv import stammdaten FILE.xlsx` and `kgv export stammdaten FILE.xlsx`. */
export function stammdatenCli(program: Command, boot: Boot): void {
  subcommand(program, 'import', 'Daten aus Dateien einlesen')
    .command('stammdaten')
    .description(
      'Stammdaten aus Excel einlesen: eine Gesamtsicherung (kgv export stammdaten) oder eine Vereinsliste mit den Spalten Parzelle, Fläche, Anrede, Titel, Vorname, Nachname, Straße, PLZ, Ort, E-Mail, Telefon, Geburtsdatum, Eintritt',
    )
    .argument('<datei>', 'Excel-Datei (.xlsx)')
    .option('--dry-run', 'nur prüfen und zählen, nichts ändern')
    .option('--yes', 'ohne Rückfrage einlesen')
    .action(async (file: string, opts: { dryRun?: boolean; yes?: boolean }) => {
      let buffer: Buffer;
      try {
        buffer = await readFile(file);
      } catch {
        throw new CliError(`Die Datei ${file} lässt sich nicht lesen.`);
      }
      const sheets = await readWorkbook(buffer);
      const app = await boot();
      try {
        const plan = await planImport(app.db, sheets);
        if (plan.errors.length) {
          process.stderr.write(
            `${plan.errors.map(formatError).join('\n')}\n${plan.errors.length} Fehler – es wurde nichts eingelesen.\n`,
          );
          process.exitCode = 1;
          return;
        }
        const what = plan.kind === 'exportAll' ? 'Gesamtsicherung' : 'Vereinsliste';
        if (opts.dryRun) {
          process.stdout.write(
            `Probelauf (${what}): alle Zeilen in Ordnung. Würde anlegen: ${countsText(plan.counts)}.\n`,
          );
          return;
        }
        if (!opts.yes) {
          if (!process.stdin.isTTY) {
            throw new CliError(
              `Einlesen von ${countsText(plan.counts)}: Bitte mit --yes bestätigen (kein Terminal für Rückfragen).`,
            );
          }
          const ok = await confirm({ message: `${what}: ${countsText(plan.counts)} einlesen?`, default: false });
          if (!ok) {
            process.stdout.write('Abgebrochen, nichts eingelesen.\n');
            return;
          }
        }
        const bar = process.stdout.isTTY
          ? new cliProgress.SingleBar(
              { format: 'Einlesen [{bar}] {value}/{total}' },
              cliProgress.Presets.shades_classic,
            )
          : undefined;
        bar?.start(plan.total, 0);
        try {
          await app.db.transaction(async (trx) => plan.apply(trx, () => bar?.increment()));
        } finally {
          bar?.stop();
        }
        app.cache.clear();
        process.stdout.write(`Eingelesen (${what}): ${countsText(plan.counts)}.\n`);
      } finally {
        await app.close();
      }
    });

  subcommand(program, 'export', 'Daten in Dateien ausgeben')
    .command('stammdaten')
    .description('Alle Stammdaten als Excel-Arbeitsmappe ausgeben (ein Blatt je Art, mit IDs)')
    .argument('<datei>', 'Ziel-Datei (.xlsx)')
    .action(async (file: string) => {
      const app = await boot();
      try {
        await writeFile(file, await exportAll(app.db));
        process.stdout.write(`Stammdaten ausgegeben: ${file}\n`);
      } finally {
        await app.close();
      }
    });
}
