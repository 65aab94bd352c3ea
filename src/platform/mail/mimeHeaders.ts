import { open } from 'node:fs/promises';

/**
 * Just enough RFC 5322 / RFC 2047 parsing to list the outbox: the header block of an .eml file and
 * encoded words ("=?UTF-8?Q?Gr=C3=BC=C3=9Fe?=") decoded back to text.
 */

/** Headers end at the first empty line; 64 KiB is far more than any header block nodemailer writes. */
const HEADER_READ_LIMIT = 64 * 1024;

/** Reads the header block of a message file: lower-case name -> unfolded raw value (first occurrence). */
export async function readHeaderBlock(file: string): Promise<Map<string, string>> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_READ_LIMIT);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_READ_LIMIT, 0);
    const data = buffer.subarray(0, bytesRead);
    const crlf = data.indexOf('\r\n\r\n');
    const lf = data.indexOf('\n\n');
    const ends = [crlf, lf].filter((i) => i >= 0);
    return parseHeaderBlock(decodeRaw(ends.length ? data.subarray(0, Math.min(...ends)) : data));
  } finally {
    await handle.close();
  }
}

/** Headers should be ASCII, but some writers put raw UTF-8 there; anything else is read as Latin-1. */
function decodeRaw(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/**
 * Parses raw header text.
 * Folded lines (continuations starting with a space or tab) are joined to their header.
 */
export function parseHeaderBlock(raw: string): Map<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  let current: { name: string; value: string } | undefined;
  const flush = () => {
    if (current && !headers.has(current.name)) headers.set(current.name, current.value.trim());
  };
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && current) {
      current.value += line;
      continue;
    }
    flush();
    const colon = line.indexOf(':');
    current = colon > 0 ? { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1) } : undefined;
  }
  flush();
  return headers;
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/**
 * Decodes RFC 2047 encoded words. Whitespace between two adjacent encoded words is dropped (the
 * RFC says so), and the bytes of adjacent words in the same charset are joined before decoding,
 * because an encoder may split a multi-byte character (an umlaut in UTF-8) across two words.
 */
export function decodeMimeWords(value: string): string {
  type Part = { text: string } | { charset: string; bytes: Buffer };
  const parts: Part[] = [];
  let last = 0;
  for (const match of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(last, match.index);
    const previous = parts[parts.length - 1];
    const adjacentWord = previous !== undefined && 'bytes' in previous && /^\s*$/.test(between);
    if (between && !adjacentWord) parts.push({ text: between });
    // RFC 2231 allows a language suffix: "UTF-8*de".
    const charset = (match[1] ?? 'utf-8').split('*')[0]!.toLowerCase();
    const bytes = decodeWordBytes(match[2]!.toUpperCase() as 'B' | 'Q', match[3] ?? '');
    const tail = parts[parts.length - 1];
    if (adjacentWord && tail && 'bytes' in tail && tail.charset === charset) {
      tail.bytes = Buffer.concat([tail.bytes, bytes]);
    } else {
      parts.push({ charset, bytes });
    }
    last = match.index + match[0].length;
  }
  if (last < value.length) parts.push({ text: value.slice(last) });
  return parts.map((p) => ('text' in p ? p.text : decodeCharset(p.bytes, p.charset))).join('');
}

function decodeWordBytes(encoding: 'B' | 'Q', text: string): Buffer {
  if (encoding === 'B') return Buffer.from(text, 'base64');
  // Q encoding: "_" is a space, "=XX" a byte, everything else is itself.
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (ch === '_') {
      bytes.push(0x20);
    } else {
      bytes.push(ch.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    // An unknown charset label: UTF-8 is the most likely truth and keeps ASCII readable anyway.
    return new TextDecoder('utf-8').decode(bytes);
  }
}
