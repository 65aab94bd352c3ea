/** Authenticator apps show the code as "123 456"; spaces (and a stray dash) are never part of it. */
export function cleanTotpCode(value: string): string {
  return value.replace(/[\s-]+/g, '');
}

export const TOTP_CODE_MISSING = 'Bitte geben Sie den Code aus Ihrer App ein.';
export const TOTP_CODE_FORMAT = 'Der Code besteht aus 6 Ziffern.';

/** German error for a TOTP code field, or undefined when it has the 6 digits. */
export function totpCodeError(value: string): string | undefined {
  const code = cleanTotpCode(value);
  if (code === '') return TOTP_CODE_MISSING;
  if (!/^\d{6}$/.test(code)) return TOTP_CODE_FORMAT;
  return undefined;
}

/** Recovery codes as typed: without surrounding or inner spaces. */
export function cleanRecoveryCode(value: string): string {
  return value.replace(/\s+/g, '');
}

/** The shared key in groups of four letters for typing it into the app by hand. */
export function groupSharedKey(key: string): string {
  const plain = key.replace(/\s+/g, '');
  return plain.match(/.{1,4}/g)?.join(' ') ?? '';
}
