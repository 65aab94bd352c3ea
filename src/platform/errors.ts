/**
 * The one error type services throw. It knows nothing about HTTP beyond the status it maps to;
 * `code` is stable for clients to branch on, `title` and `errors` are German text for people.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 500,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail ? `${title}: ${detail}` : title);
    this.name = 'AppError';
  }

  /** Further members of the problem answer (a subclass's own, e.g. `currentVersion`). */
  get extra(): Record<string, unknown> | undefined {
    return undefined;
  }
}

export const badRequest = (title = 'Ungültige Anfrage.', detail?: string) =>
  new AppError(400, 'bad_request', title, detail);
export const unauthorized = (title = 'Bitte melden Sie sich an.') => new AppError(401, 'unauthorized', title);
export const forbidden = (title = 'Dafür fehlt Ihnen die Berechtigung.', code = 'forbidden') =>
  new AppError(403, code, title);
export const notFound = (title = 'Nicht gefunden.', detail?: string) => new AppError(404, 'not_found', title, detail);
export const conflict = (title: string, detail?: string, code = 'conflict') => new AppError(409, code, title, detail);
export const validationFailed = (errors: Record<string, string[]>, title = 'Die Eingaben sind nicht gültig.') =>
  new AppError(422, 'validation_failed', title, undefined, errors);
