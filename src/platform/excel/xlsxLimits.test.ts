import { deflateRawSync, constants as zlibConstants } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { readWorkbook } from './excelReader';
import { checkXlsxSize } from './xlsxLimits';

// Security review, issue 9, item 4: a 1.2 MB xlsx unpacked to gigabytes in exceljs (54 s, 3.4 GB)
// before failing with a misleading message. Now the archive is checked before parsing.

type ZipEntry = { name: string; data: Buffer; size: number; declaredSize?: number };

/** A minimal zip writer (deflate, no CRC check needed by our reader): enough to build bombs. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declaredSize ?? e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declaredSize ?? e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const deflated = (name: string, text: string | Buffer, declaredSize?: number): ZipEntry => {
  const raw = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return { name, data: deflateRawSync(raw), size: raw.length, declaredSize };
};

/**
 * A sheet of `repeat` copies of one row, compressed without ever holding it unpacked: the deflate
 * stream of a long run of equal blocks is built from one compressed block repeated (each block a
 * full flush, so blocks can be concatenated), then ended with an empty final block.
 */
function sheetBomb(rowsPerBlock: number, blocks: number): { data: Buffer; size: number } {
  const row = '<row r="1"><c r="A1" t="inlineStr"><is><t>Bombe</t></is></c></row>';
  const head =
    '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const chunk = Buffer.from(row.repeat(rowsPerBlock));
  const flush = { finishFlush: zlibConstants.Z_FULL_FLUSH };
  const first = deflateRawSync(Buffer.concat([Buffer.from(head), chunk]), flush);
  const block = deflateRawSync(chunk, flush);
  const tail = deflateRawSync(Buffer.from('</sheetData></worksheet>'));
  const parts = [first, ...Array.from({ length: blocks - 1 }, () => block), tail];
  return { data: Buffer.concat(parts), size: head.length + chunk.length * blocks + 24 };
}

function workbookFiles(sheet: ZipEntry): ZipEntry[] {
  return [
    deflated(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    deflated('xl/workbook.xml', '<?xml version="1.0"?><workbook/>'),
    sheet,
  ];
}

async function refusal(fn: () => unknown): Promise<AppError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('xlsx size limits', () => {
  it('refuses a ~1 MB bomb that unpacks to several hundred MB, quickly and with a German reason', async () => {
    // 40 000 rows of 66 bytes per block × 150 blocks ≈ 400 MB of sheet XML.
    const sheet = sheetBomb(40_000, 150);
    expect(sheet.size).toBeGreaterThan(300 * 1024 * 1024);
    const file = zip(workbookFiles({ name: 'xl/worksheets/sheet1.xml', ...sheet }));
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    const started = Date.now();
    const err = await refusal(() => readWorkbook(file));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(err.status).toBe(422);
    expect(err.title).toMatch(/^Die Datei ist zu groß: ausgepackt wären es \d+ MB/);
    expect(err.errors?.file?.[0]).toBe(err.title);
  });

  it('does not trust a central directory that claims small sizes', async () => {
    const sheet = sheetBomb(40_000, 150);
    const file = zip(workbookFiles({ name: 'xl/worksheets/sheet1.xml', ...sheet, declaredSize: 1000 }));
    const started = Date.now();
    const err = await refusal(() => readWorkbook(file));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(err.title).toMatch(/^Die Datei ist zu groß: ausgepackt sind es mehr als 64 MB/);
  });

  it('refuses a sheet with more rows than allowed, counted or declared by <dimension>', async () => {
    const many = deflated(
      'xl/worksheets/sheet1.xml',
      `<worksheet><sheetData>${'<row r="1"/>'.repeat(100_001)}</sheetData></worksheet>`,
    );
    expect((await refusal(() => checkXlsxSize(zip(workbookFiles(many))))).title).toMatch(
      /ein Blatt hat 100\.001 Zeilen, erlaubt sind höchstens 100\.000/,
    );
    const declared = deflated(
      'xl/worksheets/sheet1.xml',
      '<worksheet><dimension ref="A1:XFD1048576"/><sheetData></sheetData></worksheet>',
    );
    expect((await refusal(() => checkXlsxSize(zip(workbookFiles(declared))))).title).toMatch(/1\.048\.576 Zeilen/);
  });

  it('still reads an ordinary workbook, and calls a non-zip unreadable', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Adressen');
    ws.addRow(['Nachname', 'Vorname']);
    for (let i = 0; i < 2000; i++) ws.addRow([`Muster ${i}`, 'Max']);
    const sheets = await readWorkbook(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(sheets[0]?.rows).toHaveLength(2000);
    const err = await refusal(() => readWorkbook(Buffer.from('kein zip, nur Text')));
    expect(err.errors?.file).toEqual(['Die Datei ist keine lesbare Excel-Datei (xlsx).']);
  });
});
