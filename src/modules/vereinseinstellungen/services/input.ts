import type { z } from 'zod';
import { validationFailed } from '../../../platform/errors';

/** Parses with a request schema; failures become a 422 with the same `errors` map the router writes. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '$';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw validationFailed(errors);
}
