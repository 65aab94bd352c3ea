import { LoginResult } from '../../api/user';

export const WRONG_CREDENTIALS = 'E-Mail-Adresse oder Passwort ist falsch.';
export const LOCKED_OUT = 'Ihr Konto ist wegen zu vieler Fehlversuche für 15 Minuten gesperrt.';
export const INVALID_CODE = 'Der Code ist ungültig.';
export const INVALID_RECOVERY_CODE = 'Der Wiederherstellungscode ist ungültig oder wurde schon verwendet.';

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

/** The message for a second-factor answer (Login2FA, LoginWithRecoveryCode) that did not sign in. */
export function secondFactorMessage(result: number, mode: 'totp' | 'recovery'): string {
  if (result === LoginResult.LockedOut) return LOCKED_OUT;
  return mode === 'totp' ? INVALID_CODE : INVALID_RECOVERY_CODE;
}
