import type { z } from 'zod';

/**
 * A body checked with the API's own zod schema: the first message per known field, the rest
 * (unknown paths, whole-object rules) as other messages. Empty when the body passes.
 */
export function schemaErrors<F extends string>(
  schema: z.ZodType,
  body: unknown,
  fields: readonly F[],
): { fields: Partial<Record<F, string>>; other: string[] } {
  const result = schema.safeParse(body);
  const found: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const issue of result.success ? [] : result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if ((fields as readonly string[]).includes(key)) found[key as F] ??= issue.message;
    else if (!other.includes(issue.message)) other.push(issue.message);
  }
  return { fields: found, other };
}
