import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createLogger } from '../logger';
import { createMailService, type SmtpSettings, smtpSettingsFromConfig, smtpTransportOptions } from './mailService';
import { decodeMimeWords, parseHeaderBlock } from './mimeHeaders';

type Received = { from: string; to: string[]; raw: string; user?: string };

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const subject = 'Jahresabrechnung 2026 – Grüße vom Kleingartenverein Südhang';
const body = 'Sehr geehrte Frau Müller,\nanbei die Abrechnung für Ihren Garten. Schöne Grüße, Ihr Obmann';
const log = createLogger('silent');

async function startServer(opts: Partial<SMTPServerOptions>) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...opts,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A minimal MIME reader for assertions: the decoded parts of a multipart message. */
function mimeParts(raw: string): { headers: Map<string, string>; content: Buffer }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error('no multipart boundary');
  const nested = raw.split(`--${boundary}`).slice(1, -1);
  return nested.flatMap((part) => {
    const trimmed = part.replace(/^\r?\n/, '');
    const headers = parseHeaderBlock(trimmed);
    if (headers.get('content-type')?.startsWith('multipart/')) return mimeParts(trimmed);
    const bodyText = trimmed.slice(trimmed.search(/\r?\n\r?\n/)).trim();
    const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
    const content =
      encoding === 'base64'
        ? Buffer.from(bodyText.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              bodyText
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
              'latin1',
            )
          : Buffer.from(bodyText, 'utf8');
    return [{ headers, content }];
  });
}

function assertGermanMailWithPdf(raw: string) {
  const headers = parseHeaderBlock(raw);
  expect(decodeMimeWords(headers.get('subject') ?? '')).toBe(subject);
  expect(headers.get('from')).toContain('verein@kgv-suedhang.at');
  const parts = mimeParts(raw);
  const text = parts.find((p) => p.headers.get('content-type')?.startsWith('text/plain'));
  expect(text?.content.toString('utf8').replace(/\r\n/g, '\n')).toBe(body);
  const attachment = parts.find((p) => p.headers.get('content-disposition')?.startsWith('attachment'));
  expect(attachment?.headers.get('content-disposition')).toContain('filename=Abrechnung-2026.pdf');
  expect(attachment?.headers.get('content-type')).toContain('application/pdf');
  expect(attachment?.content.equals(pdf)).toBe(true);
}

const message = {
  to: 'gertrude.mueller@example.at',
  subject,
  text: body,
  attachments: [{ filename: 'Abrechnung-2026.pdf', content: pdf, contentType: 'application/pdf' }],
};

describe('mail service over SMTP', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kgv-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('delivers a German mail with a PDF attachment without encryption', async () => {
    const smtp = await startServer({ authOptional: true });
    const settings: SmtpSettings = {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      fromName: 'KGV Südhang',
      fromAddress: 'verein@kgv-suedhang.at',
    };
    const mail = createMailService({ dataDir, log, getSmtp: async () => settings });
    try {
      const result = await mail.send(message);
      expect(result.transport).toBe('smtp');
      expect(result.accepted).toEqual(['gertrude.mueller@example.at']);
      expect(smtp.received).toHaveLength(1);
      const [got] = smtp.received;
      expect(got?.from).toBe('verein@kgv-suedhang.at');
      expect(got?.to).toEqual(['gertrude.mueller@example.at']);
      expect(decodeMimeWords(parseHeaderBlock(got?.raw ?? '').get('from') ?? '')).toContain('KGV Südhang');
      assertGermanMailWithPdf(got?.raw ?? '');
      expect(existsSync(path.join(dataDir, 'outbox'))).toBe(false);
    } finally {
      mail.close();
      await smtp.close();
    }
  });

  describe('with authentication', () => {
    let smtp: Awaited<ReturnType<typeof startServer>>;
    beforeAll(async () => {
      smtp = await startServer({
        allowInsecureAuth: true,
        authMethods: ['PLAIN', 'LOGIN'],
        onAuth(auth, _session, callback) {
          if (auth.username === 'kassier' && auth.password === 'geheim-ß') return callback(null, { user: 'kassier' });
          return callback(new Error('Invalid username or password'));
        },
      });
    });
    let current: SmtpSettings;
    // One service for both tests: the second proves the pooled transporter is rebuilt when settings change.
    const mail = createMailService({ dataDir, log, getSmtp: async () => current });
    afterAll(async () => {
      mail.close();
      await smtp.close();
    });

    it('logs in with the configured user and password', async () => {
      current = {
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        user: 'kassier',
        password: 'geheim-ß',
        fromAddress: 'verein@kgv-suedhang.at',
      };
      await mail.send(message);
      expect(smtp.received.at(-1)?.user).toBe('kassier');
      assertGermanMailWithPdf(smtp.received.at(-1)?.raw ?? '');
    });

    it('reports a wrong password as mail_failed, and uses new settings at once', async () => {
      const before = smtp.received.length;
      current = { ...current, password: 'falsch' };
      const error = await mail.send(message).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 422, code: 'mail_failed' });
      expect((error as AppError).detail).toMatch(/Anmeldung/);
      expect(smtp.received.length).toBe(before);
    });
  });

  it('fails with mail_failed when no server listens', async () => {
    const smtp = await startServer({ authOptional: true });
    await smtp.close();
    const mail = createMailService({
      dataDir,
      log,
      getSmtp: async () => ({ host: '127.0.0.1', port: smtp.port, security: 'none', fromAddress: 'a@b.at' }),
    });
    try {
      await expect(mail.send(message)).rejects.toMatchObject({ code: 'mail_failed' });
    } finally {
      mail.close();
    }
  });
});

describe('mail service without SMTP settings', () => {
  it('writes .eml files to the outbox and lists them newest first with decoded subjects', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kgv-outbox-'));
    const mail = createMailService({
      dataDir,
      log,
      getSmtp: async () => undefined,
      outboxFrom: 'verein@kgv-suedhang.at',
    });
    try {
      expect(await mail.listOutbox()).toEqual([]);
      const first = await mail.send(message);
      await new Promise((r) => setTimeout(r, 20));
      const second = await mail.send({
        to: ['a@example.at', 'b@example.at'],
        subject: 'Zählerstände bitte bis 30.11.',
      });
      expect(first.transport).toBe('outbox');
      expect(first.file).toMatch(/^\d{8}-\d{6}-[0-9a-f]{8}\.eml$/);
      const raw = readFileSync(path.join(dataDir, 'outbox', first.file ?? ''), 'utf8');
      assertGermanMailWithPdf(raw);
      expect(raw).toContain(first.messageId);

      const list = await mail.listOutbox();
      expect(list.map((e) => e.file)).toEqual([second.file, first.file]);
      expect(list[0]).toMatchObject({ subject: 'Zählerstände bitte bis 30.11.', to: 'a@example.at, b@example.at' });
      expect(list[1]).toMatchObject({ subject, to: 'gertrude.mueller@example.at' });
      expect(Math.abs(Date.parse(list[1]?.date ?? '') - Date.now())).toBeLessThan(60_000);
    } finally {
      mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('logs how many recipients at info level, their addresses only at debug', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kgv-mail-log-'));
    const lines: { level: string; msg: string; data?: Record<string, unknown> }[] = [];
    const at = (level: string) => (msg: string, data?: Record<string, unknown>) =>
      void lines.push({ level, msg, data });
    const capture = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
    const mail = createMailService({ dataDir, log: capture, getSmtp: async () => undefined });
    try {
      await mail.send({ to: ['maria.huber@example.at', 'franz@example.at'], subject: 'Test', text: 'x' });
      const info = lines.filter((l) => l.level !== 'debug');
      expect(info).toHaveLength(1);
      expect(info[0]?.data).toMatchObject({ recipients: 2 });
      expect(JSON.stringify(info)).not.toContain('@example.at');
      expect(JSON.stringify(lines.filter((l) => l.level === 'debug'))).toContain('maria.huber@example.at');
    } finally {
      mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a mail without recipients or subject', async () => {
    const mail = createMailService({ dataDir: os.tmpdir(), log, getSmtp: async () => undefined });
    await expect(mail.send({ to: [], subject: ' ' })).rejects.toMatchObject({
      code: 'validation_failed',
      errors: { to: [expect.any(String)], subject: [expect.any(String)] },
    });
  });
});

describe('SMTP settings', () => {
  it('maps the security choice to nodemailer options', () => {
    const base = { host: 'mail.example.at', port: 587, fromAddress: 'x@example.at' };
    expect(smtpTransportOptions({ ...base, security: 'none' })).toMatchObject({ secure: false, ignoreTLS: true });
    expect(smtpTransportOptions({ ...base, security: 'starttls' })).toMatchObject({ secure: false, requireTLS: true });
    expect(smtpTransportOptions({ ...base, security: 'tls' })).toMatchObject({ secure: true });
    expect(smtpTransportOptions({ ...base, security: 'tls' }).requireTLS).toBeUndefined();
    const opts = smtpTransportOptions({ ...base, security: 'starttls', user: 'u', password: 'p' });
    expect(opts).toMatchObject({ pool: true, auth: { user: 'u', pass: 'p' } });
    expect(opts.connectionTimeout).toBeLessThanOrEqual(15_000);
    expect(opts.greetingTimeout).toBeLessThanOrEqual(15_000);
  });

  it('reads the sender name and address from SMTP_FROM', () => {
    const smtp = { host: 'h', port: 465, security: 'tls' as const, user: 'u', password: 'p' };
    expect(smtpSettingsFromConfig({ ...smtp, from: 'KGV Südhang <verein@kgv.at>' })).toMatchObject({
      fromName: 'KGV Südhang',
      fromAddress: 'verein@kgv.at',
      security: 'tls',
      user: 'u',
    });
    expect(smtpSettingsFromConfig({ ...smtp, from: 'verein@kgv.at' })).toMatchObject({
      fromName: undefined,
      fromAddress: 'verein@kgv.at',
    });
    expect(smtpSettingsFromConfig(undefined)).toBeUndefined();
  });
});
