import { passwordSchema } from '../../../../src/modules/user/schema';

// The rules of a new password are the server's own schema (DOMAIN.md: at least 10 characters),
// never a copy: what the form lets through, the server accepts.

/** The schema's minimum length, for the hint under the field. */
export const MIN_PASSWORD_LENGTH = passwordSchema.minLength ?? 10;

export const PASSWORDS_DIFFER = 'Die Passwörter stimmen nicht überein.';
export const PASSWORD_HINT = `Mindestens ${MIN_PASSWORD_LENGTH} Zeichen.`;

/** The server's message for a new password, or undefined when it passes. */
export function newPasswordError(password: string): string | undefined {
  const parsed = passwordSchema.safeParse(password);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** Errors of a new password and its repetition, keyed 'password' and 'confirmation'. */
export function validateNewPassword(
  password: string,
  confirmation: string,
): { password?: string; confirmation?: string } {
  const errors: { password?: string; confirmation?: string } = {};
  const message = newPasswordError(password);
  if (message) errors.password = message;
  if (confirmation !== password) errors.confirmation = PASSWORDS_DIFFER;
  return errors;
}
