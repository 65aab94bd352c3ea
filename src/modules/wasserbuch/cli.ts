import type { Command } from 'commander';
import type { Boot } from '../manifest';
import { abrechnungCli } from './cli/abrechnungCli';
import { importCli } from './cli/importCli';

/** The water book's commands: `kgv import wasser` and `kgv wasser abrechnung`. */
export function wasserbuchCli(program: Command, boot: Boot): void {
  importCli(program, boot);
  abrechnungCli(program, boot);
}
