import { z } from 'zod';
import { isoDate, queryBool, queryInt, strict, text } from '../../platform/validation';

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

/** What a list export may carry: generous for a club's lists (2,500 addresses), small enough for one request. */
export const LIST_EXPORT_LIMITS = { zeilen: 10_000, spalten: 30, zeichen: 1_000 } as const;

/** How a column is written: Excel cell type and number format, and the printed spelling. */
export const listExportTyp = z.enum(['text', 'zahl', 'datum', 'cent', 'm3']);
export type ListExportTyp = z.infer<typeof listExportTyp>;

const listExportCell = z.union(
  [
    z.string().max(LIST_EXPORT_LIMITS.zeichen, `Höchstens ${LIST_EXPORT_LIMITS.zeichen} Zeichen je Zelle.`),
    z.number(),
    z.null(),
  ],
  {
    error: 'Erwartet wird ein Text, eine Zahl oder null.',
  },
);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Why a cell does not fit its column's type; undefined when it does. */
function cellError(typ: ListExportTyp, cell: string | number | null): string | undefined {
  if (cell === null || typ === 'text') return undefined;
  if (typ === 'datum')
    return typeof cell === 'string' && isoDay.test(cell) ? undefined : 'Erwartet wird ein Datum JJJJ-MM-TT.';
  if (typeof cell !== 'number' || !Number.isFinite(cell)) return 'Erwartet wird eine Zahl.';
  if (typ === 'cent' && !Number.isSafeInteger(cell)) return 'Erwartet wird ein Betrag in ganzen Cent.';
  return undefined;
}

/**
 * Common/ListExport: a list exactly as the screen shows it (its filter, search and sort already
 * applied by the client) turned into a file. Cells are raw values (ISO dates, integer cents), so
 * the workbook gets typed cells and the PDF the German spelling.
 */
export const listExportBody = strict(
  {
    format: z.enum(['xlsx', 'pdf'], { error: 'Erwartet wird das Format „xlsx“ oder „pdf“.' }),
    titel: text(120).pipe(z.string().min(1, 'Dieses Feld ist erforderlich.')),
    untertitel: text(500).optional(),
    spalten: z
      .array(
        strict({
          name: text(100).pipe(z.string().min(1, 'Dieses Feld ist erforderlich.')),
          typ: listExportTyp.default('text'),
          align: z.enum(['start', 'end']).optional(),
        }),
      )
      .min(1, 'Mindestens eine Spalte.')
      .max(LIST_EXPORT_LIMITS.spalten, `Höchstens ${LIST_EXPORT_LIMITS.spalten} Spalten.`),
    zeilen: z
      .array(z.array(listExportCell))
      .max(LIST_EXPORT_LIMITS.zeilen, `Höchstens 10.000 Zeilen – schränken Sie die Liste mit Filter oder Suche ein.`),
  },
  'format, titel, untertitel, spalten, zeilen',
).superRefine((body, ctx) => {
  // One message per problem kind is enough; a 10,000-row list with a wrong type must not answer 10,000 errors.
  for (const [i, row] of body.zeilen.entries()) {
    if (row.length !== body.spalten.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['zeilen', i],
        message: `Erwartet werden ${body.spalten.length} Zellen wie Spalten.`,
      });
      return;
    }
    for (const [j, cell] of row.entries()) {
      const message = cellError(body.spalten[j]!.typ, cell);
      if (message) {
        ctx.addIssue({
          code: 'custom',
          path: ['zeilen', i, j],
          message: `Spalte „${body.spalten[j]!.name}“: ${message}`,
        });
        return;
      }
    }
  }
});
export type ListExportRequest = z.infer<typeof listExportBody>;
