import type { Config } from '../../../config';
import { open, openWithAny, seal } from '../../../platform/auth/secretBox';

/**
 * The SMTP password at rest, in platform/auth/secretBox: AES-256-GCM under a key derived from the
 * data key (DATA_DIR/data-key). A leaked database or backup alone does not reveal the password;
 * SESSION_SECRET can be changed freely.
 */
const PURPOSE = 'kgv-smtp-password';

export function encryptSmtpPassword(secret: string, plain: string): string {
  return seal(secret, PURPOSE, plain);
}

/** The plain password, or undefined when it was encrypted under another secret, altered or is no box at all. */
export function decryptSmtpPassword(secret: string, box: string): string | undefined {
  return open(secret, PURPOSE, box);
}

/** With the data key, else the session secret that sealed it before the data key existed. */
export function openSmtpPassword(keys: Pick<Config, 'dataKey' | 'sessionSecret'>, box: string): string | undefined {
  return openWithAny([keys.dataKey, keys.sessionSecret], PURPOSE, box);
}
