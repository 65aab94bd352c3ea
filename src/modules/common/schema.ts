import { z } from 'zod';
import { isoDate, queryBool, queryInt } from '../../platform/validation';

export const appVersionInfoQuery = z.object({ reload: queryBool.optional() });
export const getRightsQuery = z.object({ instanceID: z.string().max(100).optional() });
export const getRightsBody = z.array(z.string().max(100)).max(200);
export const dateInPastQuery = z.object({ date: isoDate });
export const fileQuery = z.object({ fileID: queryInt, inline: queryBool.optional() });
export const deleteFileQuery = z.object({ fileID: queryInt });
export const historyQuery = z.object({
  entityID: z.string().min(1).max(120),
  entityType: z.string().min(1).max(50).optional(),
});
export const sendTestMailQuery = z.object({
  mailTo: z.string().trim().pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.')),
});

/** The answer of SendTestMail; the UI imports the type (ADR 0005). */
export const testMailResponse = z.object({
  transport: z.enum(['smtp', 'outbox']),
  messageId: z.string(),
  /** The .eml file in the outbox (transport 'outbox' only). */
  file: z.string().nullable(),
});
export type TestMailResult = z.infer<typeof testMailResponse>;
