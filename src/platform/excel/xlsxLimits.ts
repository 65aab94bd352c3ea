import { inflateRawSync } from 'node:zlib';
import { validationFailed } from '../errors';

// An .xlsx file is a zip archive; its sheets are XML that compresses extremely well. A 1 MB file can
// unpack to gigabytes ("zip bomb"), and exceljs unpacks and parses everything in memory. So before
// exceljs sees a file, its archive is checked: the sizes the central directory declares, then each
// entry really unpacked with a cap (the declared sizes may lie), and the rows of every sheet counted.

export type XlsxLimits = {
  /** All entries together, unpacked. */
  maxUnpackedBytes: number;
  /** Rows of one sheet (`<row>` elements, or the extent of `<dimension ref>`). */
  maxRows: number;
  maxEntries: number;
};

/** Generous for a club's lists (thousands of rows), far below what exhausts the server. */
export const XLSX_LIMITS: XlsxLimits = { maxUnpackedBytes: 64 * 1024 * 1024, maxRows: 100_000, maxEntries: 2_000 };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

type Entry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

function tooLarge(reason: string): never {
  const title = `Die Datei ist zu groß: ${reason}`;
  throw validationFailed({ file: [title] }, title);
}

function unreadable(): never {
  throw validationFailed({ file: ['Die Datei ist keine lesbare Excel-Datei (xlsx).'] });
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** 100000 -> "100.000", as Austrian text writes it (toLocaleString would depend on the ICU data). */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** The entries of the central directory; refuses archives that are not plain zip (ZIP64, split). */
function centralDirectory(buf: Buffer, limits: XlsxLimits): Entry[] {
  const searchFrom = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= searchFrom; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return unreadable();
  const entryCount = buf.readUInt16LE(eocd + 10);
  const size = buf.readUInt32LE(eocd + 12);
  const offset = buf.readUInt32LE(eocd + 16);
  // 0xffff / 0xffffffff mean ZIP64, which no spreadsheet program writes for a file this small.
  if (entryCount === 0xffff || offset === 0xffffffff || offset + size > buf.length) return unreadable();
  if (entryCount > limits.maxEntries) tooLarge(`sie enthält mehr als ${count(limits.maxEntries)} Teile.`);
  const entries: Entry[] = [];
  let p = offset;
  for (let i = 0; i < entryCount; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) return unreadable();
    const nameLength = buf.readUInt16LE(p + 28);
    entries.push({
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

/** The entry unpacked, but never more than `cap` bytes; `undefined` when it is larger. */
function unpack(buf: Buffer, entry: Entry, cap: number): Buffer | undefined {
  const p = entry.localOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL) return unreadable();
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data.length > cap ? undefined : data;
  if (entry.method !== 8) return unreadable();
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, cap) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return undefined;
    return unreadable();
  }
}

/** Rows of a sheet: its `<row` elements, and the last row its `<dimension ref="A1:K120">` names. */
function countRows(xml: Buffer): number {
  let rows = 0;
  for (let i = xml.indexOf('<row'); i >= 0; i = xml.indexOf('<row', i + 4)) {
    const next = xml[i + 4];
    // `<row ` or `<row>`, not `<rowBreaks`.
    if (next === 0x20 || next === 0x3e || next === 0x2f) rows++;
  }
  const head = xml.toString('utf8', 0, Math.min(xml.length, 4096));
  const dimension = /<dimension\s+ref="[A-Z]*\d*:?[A-Z]*(\d+)"/.exec(head);
  return Math.max(rows, dimension ? Number(dimension[1]) : 0);
}

/**
 * Refuses an .xlsx whose unpacked content or rows exceed the limits, with a German 422 naming the
 * reason, before anything is parsed. Costs at most one capped unpacking of each entry.
 */
export function checkXlsxSize(buf: Buffer, limits: XlsxLimits = XLSX_LIMITS): void {
  const entries = centralDirectory(buf, limits);
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxUnpackedBytes) {
    tooLarge(`ausgepackt wären es ${mb(declared)}, erlaubt sind höchstens ${mb(limits.maxUnpackedBytes)}.`);
  }
  let budget = limits.maxUnpackedBytes;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const content = unpack(buf, entry, budget + 1);
    if (!content || content.length > budget) {
      tooLarge(`ausgepackt sind es mehr als ${mb(limits.maxUnpackedBytes)}.`);
    }
    budget -= content.length;
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(entry.name)) {
      const rows = countRows(content);
      if (rows > limits.maxRows) {
        tooLarge(`ein Blatt hat ${count(rows)} Zeilen, erlaubt sind höchstens ${count(limits.maxRows)}.`);
      }
    }
  }
}
