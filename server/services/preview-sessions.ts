import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Store-designer preview sessions: what lets the designer's preview of a login-required
 * shop show that shop's products and pages without anyone signing in. A session is a signed token, not
 * a row: `v1.<shop id>.<expiry, unix seconds>.<HMAC>`, keyed with the server's `SHOP_OPERATOR_SECRET`,
 * so it names exactly one shop, ends by itself and cannot be altered. What it opens is decided where it
 * is read (http/preview-scope.ts): a guest's reads of that one shop, as if the shop were open.
 */

/** How long a preview session lasts; the designer asks for a new one before it ends. */
export const PREVIEW_SESSION_SECONDS = 15 * 60;

const VERSION = 'v1';
const TOKEN_SHAPE = /^v1\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, websiteId: number, expires: number): string {
  return createHmac('sha256', secret).update(`shop-preview:${VERSION}:${websiteId}:${expires}`).digest('base64url');
}

/** A new preview session for one shop, with when it ends. */
export function issuePreviewSession(secret: string, websiteId: number, now: Date = new Date()): { token: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + PREVIEW_SESSION_SECONDS;
  return { token: `${VERSION}.${websiteId}.${expires}.${signature(secret, websiteId, expires)}`, expiresAt: new Date(expires * 1000) };
}

/**
 * The shop a preview session opens, or null for anything else: another shape, a wrong signature (an
 * edited shop id or expiry included), or a session that has ended. The signature is compared in
 * constant time.
 */
export function previewSessionShop(secret: string, token: string | undefined, now: Date = new Date()): number | null {
  const match = token ? TOKEN_SHAPE.exec(token) : null;
  if (!match) return null;
  const websiteId = Number(match[1]);
  const expires = Number(match[2]);
  if (expires * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(signature(secret, websiteId, expires));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? websiteId : null;
}
