import { readFile } from 'node:fs/promises';
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { CliError } from '../../../cli/prompt';
import { systemActor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/errors';
import { formatEuro } from '../../../platform/money';
import type { Boot } from '../../manifest';
import { BANK_FORMATE, type BankImportErgebnis, type ImportBankOptions } from '../schema/bankimport';
import { importBank } from '../services/bankImport';
import { listBankMappings } from '../services/bankMappings';

// `kgv import bank --konto NAME|ID FILE [--format …] [--mapping NAME] [--dry-run] [--json] [--ignore-iban]`:
// the same service as Kassa/ImportBank. Prints the preview table the import dialog shows (date,
// amount, name, purpose, Duplikat) and the summary with the balance check, or with --json exactly
// the API's answer. A progress bar runs on stderr while booking when it is a terminal.

function subcommand(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}

const euro = (cents: number) => formatEuro(cents, { nbsp: false });
const ZWECK_MAX = 60;

/** The preview as a text table: one line per booking. */
export function vorschauTabelle(r: BankImportErgebnis): string {
  const head = ['Datum', 'Betrag', 'Name', 'Verwendungszweck', 'Duplikat'];
  const rows = r.eintraege.map((e) => [
    formatGermanDate(e.datum),
    euro(e.betragCent),
    `${e.storno ? 'Storno: ' : ''}${e.name}`,
    e.verwendungszweck.length > ZWECK_MAX ? `${e.verwendungszweck.slice(0, ZWECK_MAX - 1)}…` : e.verwendungszweck,
    e.duplikat ? 'ja' : '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** "Importiert: 4 Buchungen, 0 Duplikate übersprungen. Saldo: … stimmt." */
export function zusammenfassung(r: BankImportErgebnis, dryRun: boolean): string {
  const s = r.saldo;
  const saldo =
    s.stimmt === null
      ? `Summe der Buchungen ${euro(s.summeCent)} (die Datei enthält keine Salden)`
      : `Anfangssaldo ${euro(s.anfangCent ?? 0)} + Buchungen ${euro(s.summeCent)} = Endsaldo ${euro(s.endeCent ?? 0)}: ${s.stimmt ? 'stimmt' : 'stimmt NICHT'}`;
  const was = dryRun ? 'Probelauf, nichts geschrieben – würde importieren' : 'Importiert';
  return `${was}: ${r.importiert} Buchung(en), ${r.duplikate} Duplikat(e) übersprungen (Format ${r.format}). ${saldo}.`;
}

/** --konto by id or by name (case ignored). */
async function kontoId(db: Db, konto: string): Promise<number> {
  const row = /^\d+$/.test(konto)
    ? await db('konten')
        .where({ id: Number(konto) })
        .first('id')
    : await db('konten').whereRaw('LOWER(name) = ?', [konto.trim().toLowerCase()]).first('id');
  if (!row) throw new CliError(`Ein Konto „${konto}“ gibt es nicht.`);
  return Number(row.id);
}

/** --mapping by name: a stored one by id; a built-in one (George, ELBA) decides the format. */
async function mappingOption(db: Db, name: string): Promise<Pick<ImportBankOptions, 'mappingId' | 'format'>> {
  const wanted = name.trim().toLowerCase();
  const all = await listBankMappings(db);
  const found =
    all.find((m) => m.name.toLowerCase() === wanted) ?? all.find((m) => m.name.toLowerCase().startsWith(wanted));
  if (!found) {
    throw new CliError(`Ein Importschema „${name}“ gibt es nicht. Vorhanden: ${all.map((m) => m.name).join(', ')}.`);
  }
  if (found.id !== null) return { mappingId: found.id };
  return { format: found.name.startsWith('ELBA') ? 'elba' : 'george' };
}

type Opts = {
  konto: string;
  format?: string;
  mapping?: string;
  dryRun?: boolean;
  json?: boolean;
  ignoreIban?: boolean;
};

export function bankCli(program: Command, boot: Boot): void {
  subcommand(program, 'import', 'Daten aus Dateien einlesen')
    .command('bank')
    .description('Kontoauszug (camt.053, MT940, George- oder ELBA-Export) ins Kassabuch importieren')
    .argument('<datei>', 'Kontoauszug-Datei')
    .requiredOption('--konto <name|id>', 'Konto, in das importiert wird')
    .option('--format <format>', `Dateiformat (${BANK_FORMATE.join(', ')}); sonst erkannt`)
    .option('--mapping <name>', 'Importschema für CSV-Dateien (George, ELBA oder ein gespeichertes)')
    .option('--dry-run', 'nur prüfen und die Vorschau zeigen, nichts schreiben')
    .option('--json', 'das Ergebnis als JSON ausgeben (wie die API)')
    .option('--ignore-iban', 'auch importieren, wenn der Auszug eine andere IBAN als das Konto nennt')
    .action(async (file: string, opts: Opts) => {
      if (opts.format !== undefined && !(BANK_FORMATE as readonly string[]).includes(opts.format)) {
        throw new CliError(`--format „${opts.format}“ gibt es nicht; erlaubt sind ${BANK_FORMATE.join(', ')}.`);
      }
      let buf: Buffer;
      try {
        buf = await readFile(file);
      } catch {
        throw new CliError(`Die Datei ${file} lässt sich nicht lesen.`);
      }
      const app = await boot();
      const bar =
        process.stderr.isTTY && !opts.dryRun
          ? new cliProgress.SingleBar(
              { format: 'Buchen [{bar}] {value}/{total}', stream: process.stderr },
              cliProgress.Presets.shades_classic,
            )
          : undefined;
      try {
        const options: ImportBankOptions = {
          kontoId: await kontoId(app.db, opts.konto),
          dryRun: opts.dryRun ?? false,
          format: opts.format as ImportBankOptions['format'],
          ignoreIban: opts.ignoreIban ?? false,
          dateiname: path.basename(file),
          ...(opts.mapping ? await mappingOption(app.db, opts.mapping) : {}),
        };
        if (opts.format) options.format = opts.format as ImportBankOptions['format'];
        let started = false;
        options.fortschritt = (erledigt, gesamt) => {
          if (!bar) return;
          if (!started) bar.start(gesamt, erledigt);
          else bar.update(erledigt);
          started = true;
        };
        const actor = systemActor('kgv import bank');
        const result = await app.db.transaction((trx) => importBank(trx, actor, buf, options));
        bar?.stop();
        if (!opts.dryRun) app.cache.clear();
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
          return;
        }
        const lines = [vorschauTabelle(result), '', zusammenfassung(result, opts.dryRun ?? false)];
        for (const w of result.warnungen) lines.push(`Warnung: ${w}`);
        process.stdout.write(`${lines.join('\n')}\n`);
      } catch (e) {
        bar?.stop();
        // A refusal (broken file, other IBAN, closed period …): the German message, exit code 1.
        if (e instanceof AppError && e.status < 500) {
          const details = Object.values(e.errors ?? {}).flat();
          process.stderr.write(
            `${[e.title, e.detail, ...details].filter(Boolean).join('\n')}\nEs wurde nichts importiert.\n`,
          );
          process.exitCode = 1;
          return;
        }
        throw e;
      } finally {
        await app.close();
      }
    });
}
