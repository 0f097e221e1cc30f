import { createHash, randomBytes } from 'node:crypto';

/** A new random secret (256 bits, base64url): bearer tokens, reset links, XSRF tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret: its SHA-256, so a leaked table leaks no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
