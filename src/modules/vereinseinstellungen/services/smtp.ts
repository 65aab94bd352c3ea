import type { Config } from '../../../config';
import type { Cache } from '../../../platform/cache';
import type { Db } from '../../../platform/db/db';
import type { Logger } from '../../../platform/logger';
import type { SmtpSettings } from '../../../platform/mail/mailService';
import { getSection } from '../../../platform/settings/settings';
import { type MailInfo, SMTP_SECURITY } from '../schema';
import { openSmtpPassword } from './smtpPassword';

export const MAIL_SECTION = 'Mail';

/** What reading the mail settings needs: the database, the secret and a log; a cache when there is one. */
export type SmtpSource = { db: Db; config: Pick<Config, 'sessionSecret' | 'dataKey'>; log: Logger; cache?: Cache };

type StoredMail = Record<string, string | null>;

/** The stored password in plain text; undefined when none is stored or it cannot be decrypted. */
function storedPassword(source: SmtpSource, stored: StoredMail): string | undefined {
  const box = stored.password;
  if (!box) return undefined;
  const plain = openSmtpPassword(source.config, box);
  if (plain === undefined) {
    source.log.warn('the stored SMTP password cannot be decrypted (data-key replaced?); it counts as not set');
  }
  return plain;
}

const port = (raw: string | null | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? n : 587;
};

const security = (raw: string | null | undefined): MailInfo['security'] =>
  (SMTP_SECURITY as readonly string[]).includes(raw ?? '') ? (raw as MailInfo['security']) : 'starttls';

/** The Mail section as the API shows it: `passwordSet` instead of the password. */
export function mailInfo(source: SmtpSource, stored: StoredMail): MailInfo {
  const host = stored.host ?? '';
  const fromAddress = stored.fromAddress ?? '';
  return {
    host,
    port: port(stored.port),
    security: security(stored.security),
    user: stored.user ?? '',
    passwordSet: storedPassword(source, stored) !== undefined,
    fromName: stored.fromName ?? '',
    fromAddress,
    replyTo: stored.replyTo ?? '',
    configured: host !== '' && fromAddress !== '',
  };
}

function smtpFromStored(source: SmtpSource, stored: StoredMail): SmtpSettings | undefined {
  const info = mailInfo({ ...source, log: silent }, stored);
  if (!info.configured) return undefined;
  return {
    host: info.host,
    port: info.port,
    security: info.security,
    user: info.user || undefined,
    password: info.user ? storedPassword(source, stored) : undefined,
    fromName: info.fromName || undefined,
    fromAddress: info.fromAddress,
    replyTo: info.replyTo || undefined,
  };
}

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The SMTP settings of the Maileinstellungen, for the mail service; undefined when none are set
 * (then SMTP_* of the environment or the outbox apply). Cached under `smtp` when the source has a
 * cache: saving or resetting the settings and ClearCache drop it.
 */
export function getSmtpSettings(source: SmtpSource): Promise<SmtpSettings | undefined> {
  const load = async () => smtpFromStored(source, await getSection(source.db, MAIL_SECTION));
  return source.cache ? source.cache.get('smtp', load) : load();
}
