import { describeError, isApiError, isProblemDetails } from '../../../api/errors';
import type { Refusal } from '../../../components/RefusalAlert';

/** A refused action in the dialog's words: the server's German title and one line per reason. */
export function ablehnungOf(error: unknown): Refusal {
  if (isApiError(error) && isProblemDetails(error.body)) {
    const lines = Object.values(error.body.errors ?? {}).flatMap((m) => (Array.isArray(m) ? m : [m]).map(String));
    return { title: error.body.title, lines };
  }
  return { title: describeError(error), lines: [] };
}
