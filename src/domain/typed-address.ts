/**
 * Cleaning an address as it was typed, before it is saved or sent: the checkout's one-off delivery
 * address and its billing address (`src/screens/checkout/Delivery.tsx`) and the account's address
 * book (`toAddressInput`) clean it the same way.
 *
 * @module
 */

/**
 * The `fields` of `address` as they are saved: each one trimmed, and the country (when among them)
 * upper-cased, since it is an ISO code the country list may have given in any case. Only the named
 * fields are in the result, in the order of `fields`; `address` is left as it is.
 */
export function normaliseAddress<F extends string>(address: Readonly<Record<F, string>>, fields: readonly F[]): Record<F, string> {
  const clean = {} as Record<F, string>;
  for (const field of fields) {
    const value = address[field].trim();
    clean[field] = field === 'country' ? value.toUpperCase() : value;
  }
  return clean;
}
