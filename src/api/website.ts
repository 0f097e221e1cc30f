import * as v from 'valibot';
import { api, type CallOptions } from './client.ts';
import { PaymentMethodListSchema, WebsiteSchema, type PaymentMethod, type Website } from './contract.ts';
import { isApiClientError } from './errors.ts';

/**
 * Shop configuration calls (spec §7): the presets every element loads first, and the shop's payment
 * methods. An unknown shop is an answer (`null`), not an error: the app still mounts and shows
 * "Store not found" (spec §2 Start-up, §8).
 */

/** A body without `id`: how the spec's provider says "unknown shop" (spec §7). */
const NoShopSchema = v.pipe(
  v.looseObject({}),
  v.check((body) => body.id === undefined || body.id === null),
);

/** The shop's config, or an answer without `id`. A body WITH an id must be a whole, valid config. */
const WebsiteAnswerSchema = v.union([WebsiteSchema, NoShopSchema]);

/**
 * The shop config for `slug` (`GET /api/slug/website?slug=`), or `null` for an unknown shop: a 404
 * `errors.store_not_found` or a body without `id`. Any other failure (offline, 500, a malformed
 * config) throws an `ApiClientError`, so "the provider is down" is not mistaken for "no such shop".
 */
export async function fetchWebsite(slug: string, options: CallOptions = {}): Promise<Website | null> {
  try {
    const body = await api.get('/api/slug/website', WebsiteAnswerSchema, { query: { slug }, signal: options.signal });
    return typeof body.id === 'number' ? (body as Website) : null;
  } catch (error) {
    if (isApiClientError(error, 'http') && error.status === 404 && error.code === 'errors.store_not_found') return null;
    throw error;
  }
}

/** The shop's payment methods by position (`POST /api/payment {website_id}`). */
export function fetchPaymentMethods(websiteId: number, options: CallOptions = {}): Promise<PaymentMethod[]> {
  return api.post('/api/payment', PaymentMethodListSchema, { website_id: websiteId }, options);
}
