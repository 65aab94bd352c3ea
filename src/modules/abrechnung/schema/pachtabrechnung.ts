// Answer schemas of the Abrechnung module, shared with the UI (no server-only imports here).
import { z } from 'zod';

/** One billing year (Pachtabrechnung): the scope of every yearly value. */
export const pachtabrechnungResponse = z.object({ id: z.number(), jahr: z.number(), bezeichnung: z.string() });
export type Pachtabrechnung = z.infer<typeof pachtabrechnungResponse>;
