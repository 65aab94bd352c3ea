import type { Command } from 'commander';
import type { Boot } from '../../manifest';

/** `kgv kassa verify`, `kgv kassa pruefpaket` (being built). */
export function kassaCli(_program: Command, _boot: Boot): void {}
