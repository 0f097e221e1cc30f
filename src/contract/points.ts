/**
 * The points currency (spec §1), in a module of its own so that screens, the guards and the server can
 * ask "points or money?" without importing the contract's schemas.
 *
 * @module
 */

/** `currency: 'pkt'` marks a points (budget) shop (spec §1). */
export const POINTS_CURRENCY = 'pkt';

/**
 * Whether `currency` is the points currency (spec §1): the one answer to "is this a points shop / a
 * points order?", for the storefront and the reference server alike.
 *
 * Letter case and surrounding spaces do not matter: a provider that sends `PKT` runs a points shop,
 * shown in points in the catalogue and charged in points at the order. It lives here, at the bottom
 * layer, because parsing a shop's answer already needs it (`payment_type` defaults from it) and every
 * other layer may import the contract.
 */
export function isPointsCurrency(currency: string | null | undefined): boolean {
  return currency?.trim().toLowerCase() === POINTS_CURRENCY;
}
