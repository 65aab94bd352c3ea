import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt from node:crypto: memory-hard, no native add-on, parameters stored with each hash so they
// can be raised later without invalidating old hashes. N = 2^17 (128 MiB, ~0.3 s here) as OWASP
// recommends; hashes made with a smaller N are replaced at the next sign-in (needsRehash).
const N = 2 ** 17;
const r = 8;
const p = 1;
const keyLength = 32;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { N: n, r: rr, p: pp, maxmem: 256 * n * rr }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const dummyHash = `scrypt$${N}$${r}$${p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(keyLength).toString('base64')}`;

/** Verifies against a stored hash; with no hash it still spends the same time (no user enumeration). */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = (stored ?? dummyHash).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(rr), Number(pp));
  return stored != null && expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** True when a stored hash was made with weaker parameters than hashPassword uses today. */
export function needsRehash(stored: string | null | undefined): boolean {
  if (!stored) return false;
  const [scheme, n, rr, pp] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < N || Number(rr) < r || Number(pp) < p;
}
