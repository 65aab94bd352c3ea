import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMimeWords, parseHeaderBlock } from '../../src/platform/mail/mimeHeaders';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// SendTestMail through the whole app to a real SMTP server on 127.0.0.1 (SMTP_* from the environment).
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let app: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  app = await startTestApp({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_SECURE: 'none',
    SMTP_FROM: 'KGV Test <kgv@test.kgv>',
  });
});
afterAll(async () => {
  await app.stop();
  await new Promise<void>((r) => smtp.close(() => r()));
});

describe('Common/SendTestMail over SMTP', () => {
  it('delivers the test mail to the SMTP server', async () => {
    const admin = app.client();
    await admin.login('admin@test.kgv', TEST_PASSWORD);
    const res = await admin.get<{ transport: string }>(
      'Common/SendTestMail',
      { mailTo: 'obmann@verein.at' },
      { headers: { 'X-XSRF-TOKEN': decodeURIComponent(admin.cookies.get('XSRF-TOKEN')!) } },
    );
    expect(res.status).toBe(200);
    expect(res.body.transport).toBe('smtp');
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['obmann@verein.at']);
    const headers = parseHeaderBlock(received[0]!.raw);
    expect(decodeMimeWords(headers.get('subject') ?? '')).toBe('Testnachricht von Kleingartenverein');
    expect(headers.get('from')).toContain('kgv@test.kgv');
    expect(await app.services.mail.listOutbox()).toEqual([]);
  });

  it('is refused to a Rechnungsprüfer', async () => {
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const res = await pruefer.get('Common/SendTestMail', { mailTo: 'x@verein.at' });
    expect(res.status).toBe(403);
    expect(received).toHaveLength(1);
  });
});
