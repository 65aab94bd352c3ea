import type { Command } from 'commander';
import type { Boot } from '../../manifest';

/** `kgv import bank` (being built). */
export function bankCli(_program: Command, _boot: Boot): void {}
