import { z } from 'zod';

/** Zod pieces for query strings and API values, shared by server and UI. */

/** A query flag: true/false/1/0 in any case; absent stays undefined. */
export const queryBool = z
  .union([z.boolean(), z.string().regex(/^(true|false|1|0)$/i, 'Erwartet wird true oder false.')])
  .transform((v) => (typeof v === 'boolean' ? v : /^(true|1)$/i.test(v)));

export const queryInt = z.coerce
  .number({ error: 'Erwartet wird eine ganze Zahl.' })
  .int('Erwartet wird eine ganze Zahl.')
  .min(0, 'Die Zahl darf nicht negativ sein.')
  .max(2_147_483_647, 'Die Zahl ist zu groß.');

/** A calendar date `YYYY-MM-DD` that exists (no 31 February). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Erwartet wird ein Datum im Format JJJJ-MM-TT.')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Dieses Datum gibt es nicht.');

/** Today's date in Vienna as `YYYY-MM-DD` (the club's calendar, not the server's time zone). */
export function todayVienna(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(now);
}

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
