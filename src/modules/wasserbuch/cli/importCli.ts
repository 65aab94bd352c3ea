import type { Command } from 'commander';
import type { Boot } from '../../manifest';

/** `kgv import wasser FILE` (radio-meter export). */
export function importCli(_program: Command, _boot: Boot): void {}
