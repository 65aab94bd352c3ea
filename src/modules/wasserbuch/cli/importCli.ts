import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { CliError } from '../../../cli/prompt';
import { systemActor } from '../../../platform/auth/principal';
import { isIsoDate } from '../../../platform/dates';
import { AppError } from '../../../platform/errors';
import type { Boot } from '../../manifest';
import type { FunkImportResult, Meldung } from '../schema/dokumente';
import { ImportRowsError, importFunk } from '../services/funkImport';

/** The `import` group is shared with the other modules' importers (`kgv import stammdaten`). */
function subcommand(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}

const lines = (label: string, list: Meldung[]) => list.map((m) => `${label} Zeile ${m.zeile}: ${m.text}\n`).join('');

function summary(r: FunkImportResult): string {
  const count = (s: string) => r.zeilen.filter((z) => z.status === s).length;
  const parts = [
    `${r.zeilen.length} Zeilen`,
    `${count('neu')} neu`,
    `${count('ersetzt')} ersetzt`,
    `${count('unveraendert')} unverändert`,
    `${count('uebersprungen')} übersprungen (schon vorhanden, ohne --overwrite)`,
  ];
  return `${r.dryRun ? 'Probelauf' : 'Eingelesen'} (Schema „${r.mapping}“): ${parts.join(', ')}; geschrieben: ${r.geschrieben}.\n`;
}

/** `kgv import wasser FILE` (radio-meter export), through the same service as the API. */
export function importCli(program: Command, boot: Boot): void {
  subcommand(program, 'import', 'Daten aus Dateien einlesen')
    .command('wasser')
    .description('Funkwasserzähler-Export (CSV oder Excel) als Wasserablesungen einlesen')
    .argument('<datei>', 'CSV- oder Excel-Datei (.csv, .xlsx)')
    .option('--mapping <name>', 'gespeichertes Importschema', 'Standard')
    .option('--datum <JJJJ-MM-TT>', 'Ablesedatum für alle Zeilen (sonst das Datum des Zeitstempels)')
    .option('--overwrite', 'vorhandene Ablesungen desselben Tages ersetzen')
    .option('--dry-run', 'nur prüfen und anzeigen, nichts schreiben')
    .action(async (file: string, opts: { mapping: string; datum?: string; overwrite?: boolean; dryRun?: boolean }) => {
      if (opts.datum !== undefined && !isIsoDate(opts.datum)) {
        throw new CliError(`--datum „${opts.datum}“ ist kein Datum im Format JJJJ-MM-TT.`);
      }
      let buffer: Buffer;
      try {
        buffer = await readFile(file);
      } catch {
        throw new CliError(`Die Datei ${file} lässt sich nicht lesen.`);
      }
      const app = await boot();
      try {
        const result = await importFunk(app.db, systemActor('kgv import wasser'), buffer, {
          mapping: opts.mapping,
          datum: opts.datum,
          overwrite: opts.overwrite ?? false,
          dryRun: opts.dryRun ?? false,
        });
        process.stdout.write(summary(result));
        process.stdout.write(lines('Warnung', result.warnungen));
        if (result.fehler.length) {
          process.stderr.write(
            `${lines('Fehler', result.fehler)}${result.fehler.length} Fehler – es würde nichts eingelesen.\n`,
          );
          process.exitCode = 1;
        }
      } catch (e) {
        if (e instanceof ImportRowsError) {
          process.stderr.write(`${lines('Fehler', e.fehler)}${e.fehler.length} Fehler – es wurde nichts eingelesen.\n`);
          process.exitCode = 1;
          return;
        }
        if (e instanceof AppError && e.status === 422) {
          const details = Object.values(e.errors ?? {}).flat();
          throw new CliError([e.title, ...details].join('\n'));
        }
        throw e;
      } finally {
        await app.close();
      }
    });
}
