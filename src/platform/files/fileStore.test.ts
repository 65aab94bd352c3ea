import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/helpers/testDb';
import { AppError } from '../errors';
import { createFileStore, type FileStore } from './fileStore';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode')]);

/** Every file below `dir`, as paths relative to it. */
function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('file store', () => {
  let t: TestDb;
  let store: FileStore;
  let filesDir: string;
  const rowCount = async () => Number(((await t.db('files').count({ n: '*' }).first()) as { n: number | string }).n);
  const blobs = () => walk(filesDir);

  beforeAll(async () => {
    t = await createTestDb();
    store = createFileStore({ dataDir: t.config.dataDir });
    filesDir = path.join(t.config.dataDir, 'files');
  });
  afterAll(() => t.cleanup());

  it('saves, finds and reads a file back', async () => {
    const saved = await store.save(t.db, { name: 'Rechnung März.pdf', content: pdf, ownerType: 'beleg', ownerId: 42 });
    expect(saved).toMatchObject({
      name: 'Rechnung März.pdf',
      mime: 'application/pdf',
      size: pdf.length,
      ownerType: 'beleg',
      ownerId: '42',
      createdBy: null,
    });
    expect(saved.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.abs(Date.parse(saved.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(saved.createdAt).toMatch(/Z$/);

    const found = await store.get(t.db, saved.id);
    expect(found).toEqual(saved);
    expect((await store.read(found)).equals(pdf)).toBe(true);
    const blob = path.join(filesDir, saved.sha256.slice(0, 2), saved.sha256);
    expect(readFileSync(blob).equals(pdf)).toBe(true);

    const chunks: Buffer[] = [];
    for await (const chunk of store.stream(found)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);

    expect((await store.listByOwner(t.db, 'beleg', '42')).map((f) => f.id)).toEqual([saved.id]);
    expect(await store.listByOwner(t.db, 'beleg', 43)).toEqual([]);
  });

  it('answers an unknown id with a German 404', async () => {
    const error = await store.get(t.db, 999_999).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 404, title: 'Die Datei wurde nicht gefunden.' });
    await expect(store.get(t.db, 'abc')).rejects.toMatchObject({ status: 404 });
    await expect(store.remove(t.db, 999_999)).rejects.toMatchObject({ status: 404 });
  });

  it('stores the same content once and deletes the blob with its last row', async () => {
    const content = Buffer.from('Parzelle;Fläche\n1;400.00\n2;287.50\n');
    const a = await store.save(t.db, { name: 'flaechen.csv', content, ownerType: 'import', ownerId: 1 });
    const b = await store.save(t.db, { name: 'kopie.csv', content, ownerType: 'import', ownerId: 2 });
    expect(a.id).not.toBe(b.id);
    expect(a.sha256).toBe(b.sha256);
    expect(a.mime).toBe('text/csv; charset=utf-8');
    const blob = path.join(a.sha256.slice(0, 2), a.sha256);
    expect(blobs().filter((f) => f === blob)).toHaveLength(1);

    await store.remove(t.db, a.id);
    expect(blobs()).toContain(blob);
    expect((await store.read(b)).equals(content)).toBe(true);
    await expect(store.get(t.db, a.id)).rejects.toMatchObject({ status: 404 });

    await store.remove(t.db, b.id);
    expect(blobs()).not.toContain(blob);
    await expect(store.read(b)).rejects.toMatchObject({ status: 404 });
  });

  it('deletes a blob removed inside a transaction only after the commit, and keeps it on rollback', async () => {
    const content = Buffer.from('nur im Test\n');
    const saved = await store.save(t.db, { name: 'notiz.txt', content });
    const blob = path.join(saved.sha256.slice(0, 2), saved.sha256);
    await t.db
      .transaction(async (trx) => {
        await store.remove(trx, saved.id);
        throw new Error('abbrechen');
      })
      .catch(() => undefined);
    expect(blobs()).toContain(blob);
    expect((await store.read(await store.get(t.db, saved.id))).equals(content)).toBe(true);

    await t.db.transaction(async (trx) => {
      await store.remove(trx, saved.id);
      expect(blobs()).toContain(blob);
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(blobs()).not.toContain(blob);
  });

  it('recognises an xlsx workbook and adds a missing extension', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Mitglieder').addRow(['Name']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const saved = await store.save(t.db, { name: 'mitglieder.xlsx', content: xlsx });
    expect(saved.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const named = await store.save(t.db, { name: 'Beleg', content: pdf });
    expect(named.name).toBe('Beleg.pdf');
  });

  it.each([
    ['a PNG named .pdf', 'beleg.pdf', png, /Dateiendung „\.pdf“ passt nicht zum Inhalt \(PNG\)/],
    [
      'an EXE',
      'rechnung.exe',
      exe,
      /Dateityp ist nicht erlaubt\. Erlaubt sind: PDF, PNG, JPEG, Excel \(xlsx\), CSV, XML, Text\./,
    ],
    ['an EXE named .pdf', 'rechnung.pdf', exe, /nicht erlaubt/],
    ['an SVG by default', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), /nicht erlaubt/],
    ['an empty file', 'leer.pdf', Buffer.alloc(0), /leer/],
  ])('refuses %s and writes nothing', async (_label, name, content, message) => {
    const rowsBefore = await rowCount();
    const blobsBefore = blobs();
    const error = await store.save(t.db, { name, content }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed' });
    expect((error as AppError).errors?.file?.[0]).toMatch(message);
    expect(await rowCount()).toBe(rowsBefore);
    expect(blobs()).toEqual(blobsBefore);
  });

  it('refuses files over the size limit', async () => {
    const rowsBefore = await rowCount();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20)]);
    await expect(store.save(t.db, { name: 'gross.pdf', content: big, maxBytes: 1024 })).rejects.toMatchObject({
      errors: { file: ['Die Datei ist zu groß (höchstens 1 KB).'] },
    });
    const overDefault = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024)]);
    await expect(store.save(t.db, { name: 'riesig.pdf', content: overDefault })).rejects.toMatchObject({
      errors: { file: ['Die Datei ist zu groß (höchstens 20 MB).'] },
    });
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('allows SVG when the caller asks for it', async () => {
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const saved = await store.save(t.db, { name: 'logo.svg', content: svg, allowed: ['svg', 'png'] });
    expect(saved.mime).toBe('image/svg+xml');
  });

  it('cannot be steered outside DATA_DIR/files by the file name', async () => {
    const dataDir = t.config.dataDir;
    const before = new Set(walk(dataDir));
    const saved = await store.save(t.db, {
      name: '../../etc/passwd',
      content: Buffer.from('root:x:0:0::/root:/bin/sh\n'),
    });
    const evil = await store.save(t.db, { name: '..\\..\\windows\\win.txt', content: Buffer.from('[boot]\n') });
    expect(saved.name).toBe('passwd.txt');
    expect(evil.name).toBe('win.txt');
    const added = walk(dataDir).filter((f) => !before.has(f) && !/^kgv\.sqlite/.test(f));
    expect(added.length).toBeGreaterThan(0);
    for (const file of added) expect(file.startsWith(`files${path.sep}`)).toBe(true);
    expect(existsSync(path.resolve(filesDir, '../../etc/passwd'))).toBe(false);
    expect(existsSync(path.resolve(dataDir, '../etc'))).toBe(false);
  });
});
