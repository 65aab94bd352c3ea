import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// UpdateVereinsLogo: PNG, JPEG and plain SVG up to 2 MB; SVGs that could run code or load anything
// from elsewhere are refused; a new logo replaces the old file.

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PNG2 = Buffer.concat([PNG, Buffer.from('zweites Logo')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);

type Settings = { iconFile: { fileId: number | null; url: string } };

function upload(content: Buffer | string, name: string, type: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  return admin.request<Settings & { errors?: Record<string, string[]> }>(
    'POST',
    'Vereinseinstellungen/UpdateVereinsLogo',
    { rawBody: form },
  );
}

const svg = (inner: string, attrs = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="40"${attrs}>${inner}</svg>`;

async function state() {
  const db = app.services.db;
  return {
    files: await db('files').orderBy('id').select('id', 'sha256', 'owner_type', 'owner_id'),
    icon: await db('settings').where({ section: 'IconFile' }).select('key', 'value'),
  };
}

describe('UpdateVereinsLogo', () => {
  it('accepts a PNG, which Common/GetLogo then serves', async () => {
    const res = await upload(PNG, 'logo.png', 'image/png');
    expect(res.status, res.text).toBe(200);
    expect(res.body.iconFile).toEqual({ fileId: expect.any(Number), url: '/api/Common/GetLogo' });
    const logo = await app.client().get('Common/GetLogo');
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.buffer.equals(PNG)).toBe(true);
    const file = await app.services.db('files').where({ id: res.body.iconFile.fileId! }).first();
    expect(file).toMatchObject({ owner_type: 'Vereinseinstellungen', owner_id: 'logo', mime: 'image/png' });
  });

  it('replaces the previous logo and removes its file', async () => {
    // The test's own first logo, whatever another test left.
    const before = await upload(PNG, 'logo.png', 'image/png');
    expect(before.status, before.text).toBe(200);
    const first = before.body.iconFile.fileId!;
    const res = await upload(PNG2, 'neues-logo.png', 'image/png');
    expect(res.status).toBe(200);
    const second = res.body.iconFile.fileId!;
    expect(second).not.toBe(first);
    expect(await app.services.db('files').where({ id: first }).first()).toBeUndefined();
    expect(await app.services.db('files').where({ owner_type: 'Vereinseinstellungen', owner_id: 'logo' })).toHaveLength(
      1,
    );
    expect((await app.client().get('Common/GetLogo')).buffer.equals(PNG2)).toBe(true);
    const history = await admin.get<{ action: string; before: { fileId: number }; after: { fileId: number } }[]>(
      'Common/GetHistory',
      { entityID: 'Vereinseinstellungen:IconFile' },
    );
    expect(history.body[0]).toMatchObject({ action: 'update', before: { fileId: first }, after: { fileId: second } });
  });

  it('accepts a JPEG and a plain SVG with local references', async () => {
    expect((await upload(JPEG, 'logo.jpg', 'image/jpeg')).status).toBe(200);
    const plain = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#8c6"/></linearGradient><path id="p" d="M0 0h10v10z"/></defs>' +
        '<rect width="100" height="40" fill="url(#g)" style="fill:url(#g)"/><use href="#p"/><use xlink:href="#p"/>' +
        '<image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/><text x="5" y="30">KGV Sonnenhang</text>',
    );
    const res = await upload(plain, 'logo.svg', 'image/svg+xml');
    expect(res.status, res.text).toBe(200);
    const logo = await app.client().get('Common/GetLogo');
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.text).toBe(plain);
  });

  const dangerous: [string, string][] = [
    ['<script>', svg('<script>alert(document.cookie)</script>')],
    ['onload=', svg('<rect width="10" height="10"/>', ' onload="alert(1)"')],
    ['onclick in upper case', svg('<rect width="10" height="10" ONCLICK = "alert(1)"/>')],
    ['external href', svg('<a href="http://evil.example/"><text>x</text></a>')],
    ['external xlink:href image', svg('<image xlink:href="https://tracker.example/p.png" width="1" height="1"/>')],
    ['javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    ['entity-encoded javascript:', svg('<a href="&#106;avascript:alert(1)"><text>x</text></a>')],
    ['<foreignObject>', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
    ['@import', svg('<style>@import url(https://evil.example/x.css);</style>')],
    ['CSS url() to the web', svg('<rect width="10" height="10" style="fill:url(https://evil.example/x)"/>')],
    ['entity-encoded @import', svg('<style>&#64;import "https://evil.example/x.css";</style>')],
    [
      'DOCTYPE with an entity',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg('<text>&x;</text>')}`,
    ],
    ['animated href', svg('<a href="#a"><set attributeName="href" to="https://evil.example"/><text>x</text></a>')],
    ['svg inside a data: image', svg('<image href="data:image/svg+xml;base64,PHN2Zz4=" width="1" height="1"/>')],
  ];

  it.each(dangerous)('refuses an SVG with %s (422) and changes nothing', async (_, content) => {
    const before = await state();
    const res = await upload(content, 'logo.svg', 'image/svg+xml');
    expect(res.status).toBe(422);
    expect(res.body.errors?.file?.[0]).toMatch(/aus Sicherheitsgründen nicht angenommen/);
    expect(await state()).toEqual(before);
  });

  it('refuses files over 2 MB, other types and requests without a file, changing nothing', async () => {
    const before = await state();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
    const tooBig = await upload(big, 'gross.png', 'image/png');
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors?.file?.[0]).toContain('zu groß');

    const pdf = await upload(Buffer.from('%PDF-1.4\n%kgv\n'), 'logo.pdf', 'application/pdf');
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors?.file?.[0]).toContain('nicht erlaubt');

    // A PNG renamed to .svg: the content decides, and the name must fit it.
    const renamed = await upload(PNG, 'logo.svg', 'image/svg+xml');
    expect(renamed.status).toBe(422);

    const wrongField = await upload(PNG, 'logo.png', 'image/png', 'logo');
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.errors?.file).toBeDefined();

    const two = new FormData();
    two.append('file', new Blob([PNG]), 'a.png');
    two.append('file', new Blob([PNG2]), 'b.png');
    const twoFiles = await admin.request('POST', 'Vereinseinstellungen/UpdateVereinsLogo', { rawBody: two });
    expect(twoFiles.status).toBe(422);
    expect(await state()).toEqual(before);
  });
});
