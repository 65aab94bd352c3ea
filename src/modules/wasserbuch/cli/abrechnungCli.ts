import type { Command } from 'commander';
import type { Boot } from '../../manifest';

/** `kgv wasser abrechnung --stichtag D`. */
export function abrechnungCli(_program: Command, _boot: Boot): void {}
