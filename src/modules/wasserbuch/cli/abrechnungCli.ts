import type { Command } from 'commander';
import { CliError } from '../../../cli/prompt';
import { systemActor } from '../../../platform/auth/principal';
import { formatGermanDate, isIsoDate } from '../../../platform/dates';
import { AppError } from '../../../platform/errors';
import { formatDecimal, formatEuro, formatPercent } from '../../../platform/money';
import type { Boot } from '../../manifest';
import type { Wasserabrechnung } from '../schema/abrechnung';
import { erstelleAbrechnung } from '../services/abrechnungStore';
import { berechneAbrechnung } from '../services/wasserabrechnung';

// `kgv wasser abrechnung --stichtag D [--von D] [--akonto D] [--dry-run] [--json]`: the same service as
// Wasserbuch/ErstelleAbrechnung; prints the per-plot table and the totals in German, or with --json
// exactly the Wasserabrechnung object the API answers.

function subcommand(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}

const euro = (cents: number) => formatEuro(cents, { nbsp: false });
const m3 = (v: string) => formatDecimal(v, 3);

type Column = { title: string; right?: boolean };
const COLUMNS: Column[] = [
  { title: 'Parzelle' },
  { title: 'Nutzungsberechtigte/r' },
  { title: 'Verbrauch m³', right: true },
  { title: 'Schwund m³', right: true },
  { title: 'Preis €/m³', right: true },
  { title: 'Verbrauch', right: true },
  { title: 'Schwund', right: true },
  { title: 'Grundgebühr', right: true },
  { title: 'Korrektur', right: true },
  { title: 'Betrag', right: true },
  { title: 'Akonto', right: true },
  { title: 'Differenz', right: true },
];

function table(rows: string[][]): string {
  const widths = COLUMNS.map((c, i) => Math.max(c.title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (COLUMNS[i]!.right ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const [body, total] = [rows.slice(0, -1), rows.at(-1)!];
  return [line(COLUMNS.map((c) => c.title)), rule, ...body.map(line), rule, line(total)].join('\n');
}

/** The settlement as a German text report: period, basis, one line per plot, totals, main meters. */
export function abrechnungText(a: Wasserabrechnung, dryRun: boolean): string {
  const rows = a.zeilen.map((z) => [
    z.parzelleNummer,
    z.adresseName,
    m3(z.verbrauch),
    m3(z.schwund),
    formatDecimal(z.preisProM3, Math.max(2, (z.preisProM3.split('.')[1] ?? '').length)),
    euro(z.verbrauchCent),
    euro(z.schwundCent),
    euro(z.grundgebuehrCent),
    euro(z.korrekturCent),
    euro(z.betragCent),
    euro(z.akontoCent),
    euro(z.differenzCent),
  ]);
  const s = a.summen;
  rows.push([
    'Summe',
    `${a.zeilen.length} Parzellen`,
    m3(s.verbrauch),
    m3(s.schwund),
    '',
    euro(s.verbrauchCent),
    euro(s.schwundCent),
    euro(s.grundgebuehrCent),
    euro(s.korrekturCent),
    euro(s.betragCent),
    euro(s.akontoCent),
    euro(s.differenzCent),
  ]);
  const head = [
    `${dryRun ? 'Probelauf – nichts gespeichert: ' : ''}Wasserabrechnung ${formatGermanDate(a.von)} bis ${formatGermanDate(a.stichtag)}`,
    `Preis ${formatDecimal(a.preisProM3, 2)} €/m³, Schwund ${a.schwundMethode}, Akonto ${a.akontoStichtag ? `vom ${formatGermanDate(a.akontoStichtag)}` : 'keines'}`,
  ];
  const meters = a.hauptwasserzaehler.map(
    (h) =>
      `Hauptwasserzähler ${h.nummer}: ${m3(h.verbrauch)} m³, Parzellen ${m3(h.summeParzellen)} m³, Schwund ${m3(h.schwund)} m³ (${formatPercent(h.schwundProzent, 2, { nbsp: false })})`,
  );
  const nach = s.differenzCent >= 0 ? 'Nachzahlung' : 'Guthaben';
  return `${[...head, '', table(rows), '', ...meters, `Gesamt: ${nach} ${euro(Math.abs(s.differenzCent))}`].join('\n')}\n`;
}

function date(value: string | undefined, option: string): string | undefined {
  if (value !== undefined && !isIsoDate(value))
    throw new CliError(`${option} „${value}“ ist kein Datum im Format JJJJ-MM-TT.`);
  return value;
}

/** `kgv wasser abrechnung --stichtag D`. */
export function abrechnungCli(program: Command, boot: Boot): void {
  subcommand(program, 'wasser', 'Wasserbuch')
    .command('abrechnung')
    .description('Wasserabrechnung zum Stichtag erstellen (mit --dry-run nur berechnen und anzeigen)')
    .requiredOption('--stichtag <JJJJ-MM-TT>', 'Stichtag: die Ablesungen dieses Tages beenden den Zeitraum')
    .option('--von <JJJJ-MM-TT>', 'Beginn (Standard: Stichtag der letzten Abrechnung, sonst die erste Ablesung)')
    .option('--akonto <JJJJ-MM-TT>', 'Akontoberechnung dieses Tages (Standard: die letzte bis zum Beginn)')
    .option('--dry-run', 'nur berechnen und anzeigen, nichts speichern')
    .option('--json', 'die Abrechnung als JSON ausgeben (wie die API)')
    .action(async (opts: { stichtag: string; von?: string; akonto?: string; dryRun?: boolean; json?: boolean }) => {
      const params = {
        stichtag: date(opts.stichtag, '--stichtag')!,
        von: date(opts.von, '--von'),
        akontoStichtag: date(opts.akonto, '--akonto'),
      };
      const app = await boot();
      try {
        const result = opts.dryRun
          ? await berechneAbrechnung(app.db, params)
          : await erstelleAbrechnung(app.db, systemActor('kgv wasser abrechnung'), params);
        process.stdout.write(
          opts.json ? `${JSON.stringify(result, null, 2)}\n` : abrechnungText(result, opts.dryRun ?? false),
        );
      } catch (e) {
        if (e instanceof AppError && (e.status === 422 || e.status === 409)) {
          throw new CliError([e.title, ...Object.values(e.errors ?? {}).flat()].join('\n'));
        }
        throw e;
      } finally {
        await app.close();
      }
    });
}
