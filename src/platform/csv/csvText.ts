import iconv from 'iconv-lite';
import { validationFailed } from '../errors';

// Reading the text of an uploaded CSV: the charset (UTF-8 or Windows-1252, as Austrian banks and
// Excel write it), the separator and RFC 4180 records. Shared by the water book's radio-meter import
// and the cash book's bank import.

export type Zeichensatz = 'auto' | 'utf-8' | 'windows-1252';

/**
 * Windows-1252 through iconv-lite: Node built without full ICU decodes the label 'windows-1252' as
 * Latin-1, so "€", "„“" and "–" (0x80–0x9F) would come out as control characters.
 */
export function decodeWindows1252(buf: Buffer): string {
  return iconv.decode(buf, 'win1252');
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252 (Excel's CSV on Windows). */
export function decodeText(buf: Buffer, zeichensatz: Zeichensatz): string {
  if (zeichensatz === 'windows-1252') return decodeWindows1252(buf);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    if (zeichensatz === 'utf-8') throw validationFailed({ file: ['Die Datei ist nicht in UTF-8 geschrieben.'] });
    return decodeWindows1252(buf);
  }
}

/** The separator found most often in the header line outside quotes (`;` wins a tie). */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ';';
  for (const [sep, n] of counts) if (n > (counts.get(best) ?? 0)) best = sep;
  return best;
}

/** RFC 4180 records (quotes with "" inside, line breaks inside quotes), each with its first line number. */
export function parseCsv(text: string, sep: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) out.push({ line: start, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += ch;
  }
  if (field !== '' || fields.length) endRecord();
  return out;
}
