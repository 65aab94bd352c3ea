import type { Config } from '../config';
import type { Right } from './auth/rights';
import type { Cache } from './cache';
import type { Db } from './db/db';
import type { FileStore } from './files/fileStore';
import type { Logger } from './logger';
import type { MailService } from './mail/mailService';
import type { PdfService } from './pdf/pdfService';

/**
 * Which rights let a user see and change records of an entity type: used for the records' files
 * (GetFile, DeleteFile) and history (GetHistory). Each module declares its own types.
 */
export type EntityAccess = Record<string, { label: string; view: readonly Right[]; edit: readonly Right[] }>;

/** The platform services every module may use; built once by the composition root (src/app.ts). */
export type AppServices = {
  config: Config;
  db: Db;
  log: Logger;
  pdf: PdfService;
  mail: MailService;
  files: FileStore;
  cache: Cache;
  access: EntityAccess;
  version: string;
};
