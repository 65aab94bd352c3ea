import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets at rest (TOTP keys, the SMTP password) with AES-256-GCM under a key derived
 * by HKDF from the data key (DATA_DIR/data-key, see dataKey.ts); `purpose` separates the keys of
 * different uses.
 * Format: `v1:<iv>:<tag>:<ciphertext>`, each base64url.
 */
function key(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'kgv', purpose, 32));
}

export function seal(secret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

/** The plain text, or undefined when the box was sealed with another secret or was tampered with. */
export function open(secret: string, purpose: string, box: string): string | undefined {
  const [version, iv, tag, data, extra] = box.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined || extra !== undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(secret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * Opens with the first secret that fits: the data key, then the session secret that sealed values
 * before the data key existed (installations from before 2026-11-24), so an update keeps 2FA working.
 */
export function openWithAny(secrets: readonly string[], purpose: string, box: string): string | undefined {
  for (const secret of secrets) {
    const plain = open(secret, purpose, box);
    if (plain !== undefined) return plain;
  }
  return undefined;
}
