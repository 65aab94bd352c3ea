import { isApiError, isProblemDetails } from '../api/errors';

export interface MatchedErrors {
  /** Messages for the form's own fields, by field key. */
  fields: Record<string, string>;
  /** Messages the form has no field for (shown above the form). */
  other: string[];
}

/**
 * The 422 `errors` of a save, matched to the form's fields. The server may write the path as
 * `iban`, `Iban` or `bank.iban`: any segment naming a field (case aside) counts.
 */
export function matchFieldErrors(error: unknown, fieldKeys: readonly string[]): MatchedErrors {
  const result: MatchedErrors = { fields: {}, other: [] };
  if (!isApiError(error) || !isProblemDetails(error.body)) return result;
  const byLower = new Map(fieldKeys.map((key) => [key.toLowerCase(), key]));
  for (const [path, messages] of Object.entries(error.body.errors ?? {})) {
    const text = (Array.isArray(messages) ? messages : [messages]).map(String).join(' ');
    const field = path
      .split('.')
      .map((segment) => byLower.get(segment.toLowerCase()))
      .findLast((key) => key !== undefined);
    if (field) result.fields[field] = result.fields[field] ? `${result.fields[field]} ${text}` : text;
    else result.other.push(text);
  }
  return result;
}
