import type { Command } from 'commander';
import type { Boot } from '../manifest';
import { bankCli } from './cli/bankCli';
import { kassaCli } from './cli/kassaCli';

/** The cash book's commands: `kgv import bank`, `kgv kassa verify`, `kgv kassa pruefpaket`. */
export function kassaModuleCli(program: Command, boot: Boot): void {
  bankCli(program, boot);
  kassaCli(program, boot);
}
