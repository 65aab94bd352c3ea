import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../src/platform/auth/principal';
import { recordHistory } from '../../src/platform/history/history';
import { setSection } from '../../src/platform/settings/settings';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kgv-pdf-')), 'x.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('Common/AppVersionInfo', () => {
  it('answers the version, API version, database kind and no error for API 3.x', async () => {
    const res = await app
      .client()
      .get('Common/AppVersionInfo', { reload: true }, { headers: { 'X-Api-Version': '3.0' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      versionError: null,
      webAppVersion: app.services.version,
      apiVersion: '3.0',
      database: process.env.DATABASE_URL ? 'MySQL' : 'SQLite',
    });
  });

  it('sets versionError when the client speaks another major API version', async () => {
    const res = await app
      .client()
      .get<{ versionError: string }>('Common/AppVersionInfo', {}, { headers: { 'X-Api-Version': '2.1' } });
    expect(res.body.versionError).toContain('API-Version 2.1');
  });
});

describe('club name and logo', () => {
  it('answers the default name, then the configured one after ClearCache', async () => {
    const c = app.client();
    expect((await c.get('Common/GetVereinsName')).body).toEqual({ vereinsName: 'Kleingartenverein' });
    await setSection(app.services.db, 'Adresse', { name: 'KGV Sonnenhang' }, null);
    expect((await admin.get('Common/ClearCache')).status).toBe(204);
    expect((await c.get('Common/GetVereinsName')).body).toEqual({ vereinsName: 'KGV Sonnenhang' });
  });

  it('serves a built-in banner when the club has no logo', async () => {
    const res = await app.client().get('Common/GetLogo');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.text).toContain('<svg');
    expect(res.text).toContain('width="555"');
  });

  it('serves the uploaded logo file when one is set', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const file = await app.services.files.save(app.services.db, {
      name: 'logo.png',
      content: png,
      ownerType: 'Vereinseinstellungen',
      ownerId: 'logo',
      allowed: ['png'],
    });
    await setSection(app.services.db, 'IconFile', { fileId: String(file.id) }, null);
    const res = await app.client().get('Common/GetLogo');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.buffer.equals(png)).toBe(true);
    await setSection(app.services.db, 'IconFile', { fileId: null }, null);
  });
});

describe('Common/DateInPast', () => {
  it('tells whether a date lies before today (Vienna)', async () => {
    expect((await admin.get('Common/DateInPast', { date: '2001-05-01' })).body).toBe(true);
    expect((await admin.get('Common/DateInPast', { date: '2999-05-01' })).body).toBe(false);
  });
});

describe('files and history', () => {
  it('lets viewers read a record file, editors delete it, and notes the deletion in the history', async () => {
    const file = await app.services.files.save(app.services.db, {
      name: 'Protokoll Jänner.pdf',
      content: Buffer.from('%PDF-1.4\n% kgv test\n'),
      ownerType: 'Vereinseinstellungen',
      ownerId: 'texte',
    });
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    const got = await pruefer.get('Common/GetFile', { fileID: file.id, inline: true });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toContain(
      'inline; filename="Protokoll J_nner.pdf"; filename*=UTF-8\'\'Protokoll%20J%C3%A4nner.pdf',
    );
    expect(got.text).toContain('% kgv test');

    expect((await pruefer.delete('Common/DeleteFile', { fileID: file.id })).status).toBe(403);
    const kassier = await app.signedIn(['Kassier']);
    expect((await kassier.get('Common/GetFile', { fileID: file.id })).status).toBe(403);

    expect((await admin.delete('Common/DeleteFile', { fileID: file.id })).status).toBe(204);
    expect((await admin.get('Common/GetFile', { fileID: file.id })).status).toBe(404);
    const history = await pruefer.get<{ action: string; userName: string; before: { file: string } }[]>(
      'Common/GetHistory',
      { entityID: 'Vereinseinstellungen:texte' },
    );
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({
      action: 'file-delete',
      userName: 'Administrator',
      before: { file: 'Protokoll Jänner.pdf' },
    });
  });

  it('answers the history of a record newest first, with the changed fields', async () => {
    const actor = systemActor('Test');
    await recordHistory(app.services.db, actor, {
      entityType: 'User',
      entityId: 42,
      action: 'create',
      after: { name: 'A' },
    });
    await recordHistory(app.services.db, actor, {
      entityType: 'User',
      entityId: 42,
      action: 'update',
      before: { name: 'A', email: 'x@y.at' },
      after: { name: 'B', email: 'x@y.at' },
    });
    const res = await admin.get<{ action: string; changed: string[] }[]>('Common/GetHistory', { entityID: 'User:42' });
    expect(res.body.map((e) => e.action)).toEqual(['update', 'create']);
    expect(res.body[0]!.changed).toEqual(['name']);
    expect((await admin.get('Common/GetHistory', { entityID: 'ohne-typ' })).status).toBe(422);
    const wasser = await app.signedIn(['Wasserwart']);
    expect((await wasser.get('Common/GetHistory', { entityID: 'User:42' })).status).toBe(403);
  });
});

describe('Common/Handbuch', () => {
  it('renders the user manual from docs/handbuch as a PDF', async () => {
    const res = await admin.get('Common/Handbuch');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(res.buffer);
    expect(text).toContain('Handbuch');
    expect(text).toMatch(/Anmelden/);
  });
});

describe('Common/SendTestMail', () => {
  it('puts the test mail into the outbox when no SMTP server is set', async () => {
    const res = await admin.get<{ transport: string; file: string }>(
      'Common/SendTestMail',
      { mailTo: 'kassier@example.at' },
      { headers: { 'X-XSRF-TOKEN': decodeURIComponent(admin.cookies.get('XSRF-TOKEN')!) } },
    );
    expect(res.status).toBe(200);
    expect(res.body.transport).toBe('outbox');
    const outbox = await app.services.mail.listOutbox();
    expect(outbox[0]).toMatchObject({
      to: expect.stringContaining('kassier@example.at'),
      subject: expect.stringContaining('Testnachricht'),
    });
  });

  it('refuses an invalid address with 422', async () => {
    const res = await admin.get(
      'Common/SendTestMail',
      { mailTo: 'kein-mail' },
      {
        headers: { 'X-XSRF-TOKEN': decodeURIComponent(admin.cookies.get('XSRF-TOKEN')!) },
      },
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      errors: { 'query.mailTo': ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'] },
    });
  });
});
