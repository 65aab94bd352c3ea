import { LoginResult } from '../../api/user';

export const WRONG_CREDENTIALS = 'E-Mail-Adresse oder Passwort ist falsch.';
export const LOCKED_OUT = 'Ihr Konto ist wegen zu vieler Fehlversuche für 15 Minuten gesperrt.';
export const INVALID_CODE = 'Der Code ist ungültig.';

/** The message for a login answer that did not sign the user in. */
export function loginResultMessage(result: number): string {
  switch (result) {
    case LoginResult.LockedOut:
      return LOCKED_OUT;
    case LoginResult.Invalid2FA:
      return INVALID_CODE;
    default:
      // -1 and anything unexpected: never tell whether the e-mail address exists.
      return WRONG_CREDENTIALS;
  }
}
