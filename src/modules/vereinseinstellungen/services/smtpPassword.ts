import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The SMTP password at rest: AES-256-GCM under a key derived from the data key (DATA_DIR/data-key)
 * by HKDF-SHA256 (salt "kgv", info "kgv-smtp-password"), stored as `v1:<iv>:<tag>:<ciphertext>`, each
 * base64url. A leaked database or backup alone does not reveal the password; SESSION_SECRET can be
 * changed freely. The salt and info match
 * platform/auth/secretBox's `seal(secret, 'kgv-smtp-password', …)`, so either can read the other's boxes.
 */
const INFO = 'kgv-smtp-password';

function key(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'kgv', INFO, 32));
}

export function encryptSmtpPassword(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
    ':',
  );
}

/** The plain password, or undefined when it was encrypted under another secret, altered or is no box at all. */
export function decryptSmtpPassword(secret: string, box: string): string | undefined {
  const [version, iv, tag, data, extra] = box.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined || extra !== undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
