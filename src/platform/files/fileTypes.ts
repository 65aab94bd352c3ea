/**
 * File types are recognised by their content (magic bytes), never by what the browser claims:
 * a Content-Type header or a file name is whatever the uploader wants it to be.
 */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'xlsx' | 'csv' | 'xml' | 'txt' | 'svg';

export type DetectedType = { kind: FileKind; mime: string };

/** SVG is left out on purpose: it can carry scripts, so only callers that sanitise it allow it. */
export const DEFAULT_ALLOWED: readonly FileKind[] = ['pdf', 'png', 'jpeg', 'xlsx', 'csv', 'xml', 'txt'];

export const KIND_LABEL: Record<FileKind, string> = {
  pdf: 'PDF',
  png: 'PNG',
  jpeg: 'JPEG',
  xlsx: 'Excel (xlsx)',
  csv: 'CSV',
  xml: 'XML',
  txt: 'Text',
  svg: 'SVG',
};

/** Extensions a name may carry for each kind; the first one is added to names without one. */
export const KIND_EXTENSIONS: Record<FileKind, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg', 'jpe'],
  xlsx: ['xlsx'],
  csv: ['csv'],
  xml: ['xml'],
  // MT940 bank statements come as .sta or .mt940.
  txt: ['txt', 'text', 'sta', 'mt940', 'log'],
  svg: ['svg'],
};

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const startsWith = (content: Buffer, bytes: readonly number[]) =>
  content.length >= bytes.length && bytes.every((b, i) => content[i] === b);

/** The lower-case extension of a name without the dot, or '' when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Text is UTF-8 (with or without BOM) or Latin-1/Windows-1252, which decode any byte: what rules
 * out binary files is that they contain NUL or other C0 control bytes besides tab, line breaks,
 * form feed and the DOS end-of-file mark.
 */
function textCharset(content: Buffer): 'utf-8' | 'iso-8859-1' | undefined {
  for (const byte of content) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1a) {
      return undefined;
    }
    if (byte === 0x7f) return undefined;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return 'utf-8';
  } catch {
    return 'iso-8859-1';
  }
}

/** Recognises a file's type from its content; the name only tells CSV from other text. */
export function detectFileType(content: Buffer, name: string): DetectedType | undefined {
  if (startsWith(content, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { kind: 'pdf', mime: 'application/pdf' };
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png', mime: 'image/png' };
  if (startsWith(content, [0xff, 0xd8, 0xff])) return { kind: 'jpeg', mime: 'image/jpeg' };
  if (startsWith(content, [0x50, 0x4b, 0x03, 0x04])) {
    // Any zip could be renamed to .xlsx; a workbook has a "[Content_Types].xml" and an "xl/" part.
    const looksLikeWorkbook = content.includes('[Content_Types].xml') && content.includes('xl/');
    return extensionOf(name) === 'xlsx' && looksLikeWorkbook ? { kind: 'xlsx', mime: XLSX_MIME } : undefined;
  }
  const charset = textCharset(content);
  if (!charset) return undefined;
  const text = content.toString(charset === 'utf-8' ? 'utf8' : 'latin1').replace(/^\uFEFF/, '');
  const suffix = `; charset=${charset}`;
  if (/<svg[\s>]/i.test(text)) return { kind: 'svg', mime: 'image/svg+xml' };
  if (text.trimStart().startsWith('<')) return { kind: 'xml', mime: `application/xml${suffix}` };
  if (extensionOf(name) === 'csv') return { kind: 'csv', mime: `text/csv${suffix}` };
  return { kind: 'txt', mime: `text/plain${suffix}` };
}

/**
 * A name safe to store and to send back in Content-Disposition: no directory part (either slash),
 * no control characters, no leading dots (hidden files, ".."), at most 255 characters.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  let clean = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .replace(/^[.\s]+/, '');
  if (clean.length > 255) {
    // Keep the extension when shortening: it has to match the content.
    const ext = extensionOf(clean);
    clean = ext && ext.length < 20 ? `${clean.slice(0, 254 - ext.length)}.${ext}` : clean.slice(0, 255);
  }
  return clean || 'datei';
}
