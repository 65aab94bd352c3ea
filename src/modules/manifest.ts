import type { Command } from 'commander';
import type { AnyRoute } from '../http/router';
import type { JobDef } from '../platform/jobs/jobRunner';
import type { AppServices, EntityAccess } from '../platform/services';

/** Boots the platform without HTTP, for CLI commands; they close it when done. */
export type Boot = () => Promise<AppServices & { close(): Promise<void> }>;

/** What a module contributes: its API routes, CLI commands, cron jobs and its part of the demo club. */
export type KgvModule = {
  name: string;
  routes?: AnyRoute[];
  cli?: (program: Command, boot: Boot) => void;
  jobs?: JobDef[];
  /** Entity types whose files and history this module guards. */
  entities?: EntityAccess;
  /** Runs once when the server starts, after migrations (e.g. the current billing year). */
  onStart?: (services: AppServices) => Promise<void>;
  /** Adds this module's part of `kgv seed demo`; runs in one transaction with the other modules' parts. */
  seedDemo?: (services: AppServices, db: AppServices['db']) => Promise<void>;
};
