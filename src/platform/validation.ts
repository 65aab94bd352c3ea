import { z } from 'zod';
import { isIsoDate } from './dates';

/** Zod pieces for query strings and API values, shared by server and UI. */

/** A query flag: true/false/1/0 in any case; absent stays undefined. */
export const queryBool = z
  .union([z.boolean(), z.string().regex(/^(true|false|1|0)$/i, 'Erwartet wird true oder false.')])
  .transform((v) => (typeof v === 'boolean' ? v : /^(true|1)$/i.test(v)));

/**
 * A whole number in a query string: plain decimal digits only. `Number()` would read "0x10" as 16,
 * "1e3" as 1000 and "" or " " as 0, so an id could name another record than the one written.
 */
export const queryInt = z.unknown().transform((value, ctx): number => {
  const text = typeof value === 'number' ? String(value) : value;
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  };
  if (typeof text === 'string' && /^-\d+$/.test(text)) return fail('Die Zahl darf nicht negativ sein.');
  if (typeof text !== 'string' || !/^\d+$/.test(text)) return fail('Erwartet wird eine ganze Zahl.');
  const n = Number(text);
  return n > 2_147_483_647 ? fail('Die Zahl ist zu groß.') : n;
});

/**
 * Characters no name or note may hold, whatever the entity: control characters (a multi-line
 * field keeps tab and line breaks), half a UTF-16 surrogate pair (MySQL's utf8mb4 cannot store it),
 * bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069: they make "Huber" show as
 * another name in lists and letters) and zero-width characters (U+200B–U+200D, U+2060, U+FEFF: two
 * names that look the same would be different records).
 */
const INVISIBLE_OR_INVALID =
  /[\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CONTROL = /\p{Cc}/u;

export const TEXT_CHARS_MESSAGE =
  'Zeilenumbrüche, Steuerzeichen und unsichtbare oder ungültige Zeichen sind hier nicht erlaubt.';
export const MULTILINE_CHARS_MESSAGE = 'Steuerzeichen und unsichtbare oder ungültige Zeichen sind nicht erlaubt.';

/** Whether `s` may be stored in a text field (see INVISIBLE_OR_INVALID). */
export function isCleanText(s: string, multiline = false): boolean {
  return !INVISIBLE_OR_INVALID.test(s) && !CONTROL.test(multiline ? s.replace(/[\t\n\r]/g, '') : s);
}

/**
 * The one rule for free text in request bodies: trimmed, at most `max` characters, and none of the
 * characters above. Single-line fields (names, addresses) take no line breaks either.
 */
export function text(max: number, multiline = false) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? 'Dieses Feld ist erforderlich.' : 'Erwartet wird ein Text.'),
    })
    .trim()
    .max(max, `Höchstens ${max} Zeichen.`)
    .refine((s) => isCleanText(s, multiline), multiline ? MULTILINE_CHARS_MESSAGE : TEXT_CHARS_MESSAGE);
}

/** A calendar date `YYYY-MM-DD` that exists (no 31 February). */
export const isoDate = z
  // A missing or non-text value gets a German sentence too (zod's default is English).
  .string({
    error: (issue) =>
      issue.input === undefined ? 'Dieses Feld ist erforderlich.' : 'Erwartet wird ein Datum im Format JJJJ-MM-TT.',
  })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Erwartet wird ein Datum im Format JJJJ-MM-TT.')
  .refine(isIsoDate, 'Dieses Datum gibt es nicht.');

/** Read-only fields of an answer that a client may send back unchanged; they are ignored. */
export const readOnly = z.unknown().optional();

/**
 * A request body that refuses fields it does not know ("Unbekannte Felder: farbe."), so a typo
 * never silently drops a value. Answer fields a client may send back go into `shape` as `readOnly`.
 * `what` completes "Erwartet wird ein Objekt mit den Feldern …" for a body that is no object.
 */
export function strict<S extends z.ZodRawShape>(shape: S, what?: string) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unbekannte Felder: ${(issue as { keys: string[] }).keys.join(', ')}.`
        : what
          ? `Erwartet wird ein Objekt mit den Feldern ${what}.`
          : 'Erwartet wird ein Objekt.',
  });
}

const AUSTRIA = new Set(['', 'a', 'at', 'aut', 'austria', 'österreich', 'oesterreich', 'osterreich']);

/** An empty country means the club's home, Austria. */
export function isAustria(land: string): boolean {
  return AUSTRIA.has(land.trim().toLowerCase());
}

/** Austrian postcodes have four digits (1010 Wien … 9992 Iselsberg); elsewhere 3–10 letters, digits, inner blanks or dashes. */
export function plzError(plz: string, land: string): string | undefined {
  if (plz === '') return undefined;
  if (isAustria(land)) {
    return /^[1-9]\d{3}$/.test(plz) ? undefined : 'Eine österreichische Postleitzahl hat vier Ziffern, z. B. 1140.';
  }
  return /^[A-Za-z0-9](?:[A-Za-z0-9 -]{1,8})[A-Za-z0-9]$/.test(plz)
    ? undefined
    : 'Die Postleitzahl hat 3 bis 10 Buchstaben oder Ziffern.';
}
