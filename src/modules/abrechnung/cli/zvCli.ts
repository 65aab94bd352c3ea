import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { CliError } from '../../../cli/prompt';
import { systemActor } from '../../../platform/auth/principal';
import { formatGermanDate, isIsoDate, todayIso } from '../../../platform/dates';
import { AppError } from '../../../platform/errors';
import { formatEuro } from '../../../platform/money';
import type { Boot } from '../../manifest';
import { readSection } from '../../vereinseinstellungen/services';
import type { LaufVorschau, ZvEintrag } from '../schema/zvData';
import { briefDateiName, briefePdf, renderBriefe } from '../services/briefe';
import { sortiereEintraege } from '../services/briefSortierung';
import { eintraegeDesLaufs, laufEinbuchen, laufVorschau } from '../services/laeufe';
import { laufParams } from '../services/laufParams';
import { protokolliereGedruckt } from '../services/protokoll';

// `kgv abrechnung zv --jahr Y [--datum D] [--dry-run] [--einbuchen] [--out DIR|FILE.pdf] [--json]
// [--interim-billing] [--teilen]`: the Zahlungsvorschreibung from the command line, through the same
// services as the screen (LaufVorschau, ForderungenEinbuchen, the letters). Prints the check's
// problems (exit 1), the totals per kind and count/sum; --json prints ZvData. A progress bar runs on
// stderr while writing letters (one file or a folder) when it is a terminal.

type Opts = {
  jahr: string;
  datum?: string;
  dryRun?: boolean;
  einbuchen?: boolean;
  out?: string;
  json?: boolean;
  interimBilling?: boolean;
  teilen?: boolean;
};

const euro = (cents: number) => formatEuro(cents, { nbsp: false });

function subcommand(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}

/** The summary the CLI prints: totals per kind, then count and sum. */
export function zvZusammenfassung(v: LaufVorschau): string {
  const breite = Math.max(...v.summenJeArt.map((s) => s.label.length), 'Summe'.length);
  const betraege = [...v.summenJeArt.map((s) => euro(s.betragCent)), euro(v.summeCent)];
  const rechts = Math.max(...betraege.map((b) => b.length));
  const zeile = (label: string, cents: number) => `${label.padEnd(breite)}  ${euro(cents).padStart(rechts)}`;
  return [
    `${v.titel} zum ${formatGermanDate(v.datum)}, fällig am ${formatGermanDate(v.faelligAm)}${
      v.status.gebucht
        ? ` – gebucht am ${formatGermanDate(v.status.gebuchtAm?.slice(0, 10))} von ${v.status.gebuchtVon}`
        : ''
    }`,
    '',
    ...v.summenJeArt.map((s) => zeile(s.label, s.betragCent)),
    '-'.repeat(breite + 2 + rechts),
    zeile('Summe', v.summeCent),
    '',
    `${v.anzahl} Brief(e), Summe ${euro(v.summeCent)}.`,
  ].join('\n');
}

async function schreibeBriefe(
  app: Awaited<ReturnType<Boot>>,
  eintraege: ZvEintrag[],
  ziel: string,
  opts: { titel: string; datum: string; entwurf: boolean },
): Promise<string> {
  // Only on a terminal: a redirected stderr would collect every redraw of the bar.
  const bar = process.stderr.isTTY
    ? new cliProgress.SingleBar(
        { format: 'Briefe [{bar}] {value}/{total}', stream: process.stderr },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  bar?.start(eintraege.length, 0);
  if (ziel.toLowerCase().endsWith('.pdf')) {
    await mkdir(path.dirname(path.resolve(ziel)), { recursive: true });
    try {
      await writeFile(ziel, await briefePdf(app, eintraege, { ...opts, fortschritt: (n) => bar?.update(n) }));
    } finally {
      bar?.stop();
    }
    return `${eintraege.length} Brief(e) in ${ziel} geschrieben.`;
  }
  await mkdir(ziel, { recursive: true });
  const vergeben = new Set<string>();
  let i = 0;
  try {
    for await (const pdf of renderBriefe(app, eintraege, opts)) {
      const e = eintraege[i++] as ZvEintrag;
      await writeFile(path.join(ziel, briefDateiName(e, vergeben)), pdf);
      bar?.update(i);
    }
  } finally {
    bar?.stop();
  }
  return `${eintraege.length} Brief(e) als einzelne PDF-Dateien in ${ziel} geschrieben.`;
}

export function zvCli(program: Command, boot: Boot): void {
  subcommand(program, 'abrechnung', 'Jahresvorschreibung: Abrechnungsläufe')
    .command('zv')
    .description('Zahlungsvorschreibung eines Jahres prüfen, zusammenfassen, buchen und drucken')
    .requiredOption('--jahr <jahr>', 'Abrechnungsjahr, z. B. 2026')
    .option('--datum <datum>', 'Datum der Briefe (JJJJ-MM-TT); sonst heute')
    .option('--dry-run', 'nur prüfen und zusammenfassen, nichts buchen')
    .option('--einbuchen', 'die Forderungen buchen (einmal je Jahr)')
    .option('--out <ziel>', 'Briefe schreiben: DATEI.pdf (alle in einer) oder ein Ordner (eine PDF je Adresse)')
    .option('--json', 'die Briefe als JSON ausgeben (wie ZvData)')
    .option('--interim-billing', 'Gartenwechsel im Jahr anteilig nach Monaten verrechnen')
    .option('--teilen', 'eine Forderung je Buchungskonto statt je Adresse')
    .action(async (opts: Opts) => {
      if (!/^\d{4}$/.test(opts.jahr)) throw new CliError(`--jahr „${opts.jahr}“ ist kein Jahr (z. B. 2026).`);
      if (opts.datum !== undefined && !isIsoDate(opts.datum))
        throw new CliError(`--datum „${opts.datum}“ ist kein Datum (JJJJ-MM-TT).`);
      if (opts.dryRun && opts.einbuchen) throw new CliError('--dry-run und --einbuchen schließen einander aus.');
      const app = await boot();
      try {
        const jahr = await app
          .db('pachtabrechnungen')
          .where({ jahr: Number(opts.jahr) })
          .first('id');
        if (!jahr) throw new CliError(`Ein Abrechnungsjahr ${opts.jahr} gibt es nicht.`);
        const params = await laufParams(app.db, 'Zahlungsvorschreibung', {
          pachtabrechnungId: Number(jahr.id),
          datum: opts.datum ?? todayIso(),
          interimBilling: opts.interimBilling ?? false,
          rechnungenTeilen: opts.teilen ? true : undefined,
        });
        if (opts.json) {
          const eintraege = sortiereEintraege(
            await eintraegeDesLaufs(app.db, 'Zahlungsvorschreibung', params),
            (await readSection(app.db, 'optionenAbrechnung')).zvSortierung,
          );
          process.stdout.write(`${JSON.stringify(eintraege, null, 2)}\n`);
          return;
        }
        let vorschau = await laufVorschau(app.db, 'Zahlungsvorschreibung', params);
        if (vorschau.probleme.length) {
          process.stderr.write(
            `${vorschau.titel} kann noch nicht gebucht werden:\n${vorschau.probleme.map((p) => `- ${p.text}`).join('\n')}\n`,
          );
          process.exitCode = 1;
        }
        const lines = [zvZusammenfassung(vorschau)];
        if (opts.einbuchen && !vorschau.probleme.length) {
          const actor = systemActor('kgv abrechnung zv');
          const antwort = await app.db.transaction((trx) => laufEinbuchen(trx, actor, 'Zahlungsvorschreibung', params));
          app.cache.clear();
          const erste = antwort.rechnungen[0]?.nummer;
          const letzte = antwort.rechnungen.at(-1)?.nummer;
          lines.push(
            `Gebucht: ${antwort.anzahl} Forderung(en), Summe ${euro(antwort.summeCent)}${erste ? ` (${erste} bis ${letzte})` : ''}.`,
          );
          vorschau = await laufVorschau(app.db, 'Zahlungsvorschreibung', params);
        } else if (!vorschau.status.gebucht) {
          lines.push('Probelauf, nichts gebucht.');
        }
        if (opts.out && !vorschau.probleme.length) {
          const eintraege = sortiereEintraege(
            vorschau.eintraege,
            (await readSection(app.db, 'optionenAbrechnung')).zvSortierung,
          );
          const gebucht = vorschau.status.gebucht;
          lines.push(
            await schreibeBriefe(app, eintraege, opts.out, {
              titel: vorschau.titel,
              datum: vorschau.datum,
              entwurf: !gebucht,
            }),
          );
          if (gebucht && vorschau.status.laufId !== null) {
            const laufId = vorschau.status.laufId;
            await app.db.transaction((trx) =>
              protokolliereGedruckt(trx, systemActor('kgv abrechnung zv'), laufId, eintraege),
            );
          }
        }
        process.stdout.write(`${lines.join('\n')}\n`);
      } catch (e) {
        // A refusal (booked already, problems, unknown year …): the German message, exit code 1.
        if (e instanceof AppError && e.status < 500) {
          const details = Object.values(e.errors ?? {}).flat();
          process.stderr.write(`${[e.title, e.detail, ...details].filter(Boolean).join('\n')}\n`);
          process.exitCode = 1;
          return;
        }
        throw e;
      } finally {
        await app.close();
      }
    });
}

/** Abrechnung's commands. */
export function abrechnungModuleCli(program: Command, boot: Boot): void {
  zvCli(program, boot);
}
