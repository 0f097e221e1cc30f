import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shop-operator keys: the secret that lets a shop's operator save and publish its design through the
 * store designer (routes/designer.ts). One key per shop, derived from the server's `SHOP_OPERATOR_SECRET`
 * and the shop's slug, so no table holds them and one shop's key never opens another shop.
 */
export function operatorKey(secret: string, slug: string): string {
  return createHmac('sha256', secret).update(`shop-operator:${slug}`).digest('base64url');
}

/** Whether `given` is the operator key of `slug`, compared in constant time. */
export function isOperatorKey(secret: string, slug: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(operatorKey(secret, slug));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
