/** DOMAIN.md: passwords have at least 10 characters. */
export const MIN_PASSWORD_LENGTH = 10;

export const PASSWORD_TOO_SHORT = `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`;
export const PASSWORDS_DIFFER = 'Die Passwörter stimmen nicht überein.';
export const PASSWORD_HINT = `Mindestens ${MIN_PASSWORD_LENGTH} Zeichen.`;

/** Errors of a new password and its repetition, keyed 'password' and 'confirmation'. */
export function validateNewPassword(
  password: string,
  confirmation: string,
): { password?: string; confirmation?: string } {
  const errors: { password?: string; confirmation?: string } = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  if (confirmation !== password) errors.confirmation = PASSWORDS_DIFFER;
  return errors;
}
