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
