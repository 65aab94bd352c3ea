import { describe, expect, it } from 'vitest';
import { decodeMimeWords, parseHeaderBlock } from './mimeHeaders';

describe('decodeMimeWords', () => {
  it('decodes Q and B encoded words in UTF-8 and Latin-1', () => {
    expect(decodeMimeWords('=?UTF-8?Q?Gr=C3=BC=C3=9Fe_aus_Wien?=')).toBe('Grüße aus Wien');
    expect(decodeMimeWords('=?utf-8?B?w5bDliBTw7xkaGFuZw==?=')).toBe('ÖÖ Südhang');
    expect(decodeMimeWords('=?ISO-8859-1?Q?M=FCller?= <m@example.at>')).toBe('Müller <m@example.at>');
  });

  it('joins adjacent words, also when a character is split between them', () => {
    // "ü" is C3 BC in UTF-8: split across two encoded words.
    expect(decodeMimeWords('=?UTF-8?Q?Gr=C3?= =?UTF-8?Q?=BC=C3=9Fe?=')).toBe('Grüße');
    expect(decodeMimeWords('Abrechnung =?UTF-8?Q?f=C3=BCr?= 2026')).toBe('Abrechnung für 2026');
  });

  it('leaves plain text and malformed words alone', () => {
    expect(decodeMimeWords('Hallo Welt')).toBe('Hallo Welt');
    expect(decodeMimeWords('=?UTF-8?X?abc?=')).toBe('=?UTF-8?X?abc?=');
  });
});

describe('parseHeaderBlock', () => {
  it('unfolds continuation lines and stops at the body', () => {
    const headers = parseHeaderBlock(
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=\r\n =?UTF-8?Q?_aus_Wien?=\r\nTo: a@b.at\r\n\r\nSubject: not a header\r\n',
    );
    expect(decodeMimeWords(headers.get('subject') ?? '')).toBe('Grüße aus Wien');
    expect(headers.get('to')).toBe('a@b.at');
    expect(headers.size).toBe(2);
  });
});
