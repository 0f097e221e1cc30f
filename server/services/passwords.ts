import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
/** scrypt cost: N=2^14, r=8, p=1 (OWASP's minimum for scrypt), about 40 ms per hash here. */
const COST = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Hashes a password as `scrypt$<salt>$<key>` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A valid hash of a random password: verifying against it costs the same as a real check. */
let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash in constant time. With no hash (unknown user) it still
 * does the work, so response time does not reveal which e-mail addresses exist.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const hash = stored ?? (await (decoy ??= hashPassword(randomBytes(16).toString('hex'))));
  const [scheme, saltText, keyText] = hash.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'));
  return stored !== undefined && expected.length === actual.length && timingSafeEqual(expected, actual);
}
