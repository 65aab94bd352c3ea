import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SMTPPoolOptions, type Transporter } from 'nodemailer';
import type { SmtpConfig } from '../../config';
import { AppError, validationFailed } from '../errors';
import type { Logger } from '../logger';
import { decodeMimeWords, readHeaderBlock } from './mimeHeaders';

export type SmtpSecurity = 'none' | 'starttls' | 'tls';

/** The SMTP settings as the Maileinstellungen store them (or the SMTP_* environment supplies them). */
export type SmtpSettings = {
  host: string;
  port: number;
  security: SmtpSecurity;
  user?: string;
  password?: string;
  fromName?: string;
  fromAddress: string;
  replyTo?: string;
};

export type MailAttachment = { filename: string; content: Buffer; contentType?: string };

export type MailMessage = {
  to: string | string[];
  cc?: string | string[];
  bcc?: string | string[];
  replyTo?: string;
  subject: string;
  text?: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type MailResult = {
  messageId: string;
  transport: 'smtp' | 'outbox';
  /** The .eml file in the outbox (only for transport 'outbox'). */
  file?: string;
  accepted: string[];
  rejected: string[];
};

export type OutboxEntry = { file: string; date: string; to: string; subject: string };

export type MailService = {
  send(msg: MailMessage): Promise<MailResult>;
  listOutbox(): Promise<OutboxEntry[]>;
  close(): void;
};

export type MailServiceOptions = {
  dataDir: string;
  log: Logger;
  /** Asked on every send, so changed Maileinstellungen apply without a restart. */
  getSmtp: () => Promise<SmtpSettings | undefined>;
  /** Sender written into outbox mails when no SMTP settings exist. */
  outboxFrom?: string;
};

/** Turns SMTP_* configuration ("Name <addr>" or "addr" in SMTP_FROM) into settings. */
export function smtpSettingsFromConfig(smtp: SmtpConfig | undefined): SmtpSettings | undefined {
  if (!smtp) return undefined;
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(smtp.from);
  return {
    host: smtp.host,
    port: smtp.port,
    security: smtp.security,
    user: smtp.user || undefined,
    password: smtp.password || undefined,
    fromName: named?.[1]?.trim() || undefined,
    fromAddress: (named?.[2] ?? smtp.from).trim(),
  };
}

/** The nodemailer pool options for the settings; exported so the security mapping is testable. */
export function smtpTransportOptions(settings: SmtpSettings): SMTPPoolOptions & { pool: true } {
  const security =
    settings.security === 'tls'
      ? { secure: true }
      : settings.security === 'starttls'
        ? { secure: false, requireTLS: true }
        : { secure: false, ignoreTLS: true };
  return {
    pool: true,
    host: settings.host,
    port: settings.port,
    ...security,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    // Nodemailer's defaults wait minutes; a dead or mute server must fail while the user waits.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
    dnsTimeout: 10_000,
    maxConnections: 3,
  };
}

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export function createMailService(options: MailServiceOptions): MailService {
  const { dataDir, log, getSmtp } = options;
  const outboxDir = path.join(dataDir, 'outbox');
  let pooled: { hash: string; transporter: Transporter } | undefined;
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  function smtpTransporter(settings: SmtpSettings): Transporter {
    // Sorted keys: the same settings always give the same hash, whatever order they were built in.
    const hash = createHash('sha256')
      .update(JSON.stringify(settings, Object.keys(settings).sort()))
      .digest('hex');
    if (pooled?.hash === hash) return pooled.transporter;
    pooled?.transporter.close();
    pooled = { hash, transporter: nodemailer.createTransport(smtpTransportOptions(settings)) };
    return pooled.transporter;
  }

  function checkMessage(msg: MailMessage) {
    const errors: Record<string, string[]> = {};
    if (asList(msg.to).length + asList(msg.cc).length + asList(msg.bcc).length === 0) {
      errors.to = ['Bitte mindestens einen Empfänger angeben.'];
    }
    if (!msg.subject.trim()) errors.subject = ['Bitte einen Betreff angeben.'];
    if (Object.keys(errors).length) throw validationFailed(errors);
  }

  function mailOptions(msg: MailMessage, from: { name: string; address: string }, replyTo?: string) {
    return {
      from,
      to: asList(msg.to),
      cc: asList(msg.cc),
      bcc: asList(msg.bcc),
      replyTo: msg.replyTo ?? replyTo,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
      attachments: msg.attachments?.map((a) => ({
        filename: a.filename,
        content: a.content,
        contentType: a.contentType,
      })),
    };
  }

  async function sendSmtp(msg: MailMessage, settings: SmtpSettings): Promise<MailResult> {
    const from = { name: settings.fromName ?? '', address: settings.fromAddress };
    try {
      const info = await smtpTransporter(settings).sendMail(mailOptions(msg, from, settings.replyTo));
      return {
        messageId: info.messageId,
        transport: 'smtp',
        accepted: (info.accepted ?? []).map(String),
        rejected: (info.rejected ?? []).map(String),
      };
    } catch (err) {
      const reason = describeSmtpError(err);
      // Addresses are personal data: at info/warn only how many, the addresses themselves at debug.
      log.warn('mail failed', { recipients: asList(msg.to).length, subject: msg.subject, host: settings.host, reason });
      log.debug('mail failed: recipients', { to: asList(msg.to) });
      throw new AppError(422, 'mail_failed', 'Die E-Mail konnte nicht gesendet werden.', reason);
    }
  }

  async function sendOutbox(msg: MailMessage): Promise<MailResult> {
    const from = { name: '', address: options.outboxFrom ?? 'kgv@localhost' };
    const info = await outbox.sendMail(mailOptions(msg, from));
    if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no buffer');
    await mkdir(outboxDir, { recursive: true });
    const file = `${fileStamp(new Date())}-${randomBytes(4).toString('hex')}.eml`;
    // 'wx': never overwrite an existing mail, however unlikely a name clash is.
    await writeFile(path.join(outboxDir, file), info.message, { flag: 'wx' });
    return { messageId: info.messageId, transport: 'outbox', file, accepted: info.envelope.to, rejected: [] };
  }

  return {
    async send(msg) {
      checkMessage(msg);
      const settings = await getSmtp();
      const result = settings ? await sendSmtp(msg, settings) : await sendOutbox(msg);
      log.info('mail sent', {
        transport: result.transport,
        recipients: asList(msg.to).length,
        subject: msg.subject,
        messageId: result.messageId,
        ...(result.file ? { file: result.file } : {}),
      });
      log.debug('mail sent: recipients', { messageId: result.messageId, to: asList(msg.to) });
      return result;
    },

    async listOutbox() {
      let names: string[];
      try {
        names = (await readdir(outboxDir)).filter((n) => n.endsWith('.eml'));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const entries = await Promise.all(
        names.map(async (file) => {
          const full = path.join(outboxDir, file);
          const [headers, info] = await Promise.all([readHeaderBlock(full), stat(full)]);
          const dateHeader = headers.get('date');
          const parsed = dateHeader ? new Date(dateHeader) : undefined;
          const date = parsed && !Number.isNaN(parsed.getTime()) ? parsed : info.mtime;
          return {
            entry: {
              file,
              date: date.toISOString(),
              to: decodeMimeWords(headers.get('to') ?? ''),
              subject: decodeMimeWords(headers.get('subject') ?? ''),
            },
            // The Date header has whole seconds; the file time orders mails sent in the same second.
            order: info.mtimeMs,
          };
        }),
      );
      entries.sort((a, b) => b.order - a.order || b.entry.file.localeCompare(a.entry.file));
      return entries.map((e) => e.entry);
    },

    close() {
      pooled?.transporter.close();
      pooled = undefined;
    },
  };
}

/** yyyyMMdd-HHmmss in UTC: sorts by time and never jumps at daylight-saving changes. */
function fileStamp(d: Date): string {
  return d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/** A short German reason for the most common failures, followed by the server's own words. */
function describeSmtpError(err: unknown): string {
  const e = err as { code?: string; message?: string; response?: string };
  const original = e.response ?? e.message ?? String(err);
  switch (e.code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return `Die Anmeldung am Mailserver ist fehlgeschlagen (Benutzername oder Passwort falsch). ${original}`;
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'EDNS':
    case 'ETIMEDOUT':
      return `Der Mailserver ist nicht erreichbar. ${original}`;
    case 'ETLS':
      return `Die verschlüsselte Verbindung zum Mailserver ist fehlgeschlagen. ${original}`;
    case 'EENVELOPE':
      return `Der Mailserver hat Absender oder Empfänger abgelehnt. ${original}`;
    default:
      return original;
  }
}
