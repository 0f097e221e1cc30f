import * as v from 'valibot';
import { api, type CallOptions } from './client.ts';
import { PaymentMethodListSchema, WebsiteSchema, type PaymentMethod, type Website } from '../contract/contract.ts';
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

/**
 * An answer without `id`, or the shop's config. A body WITH an id is always read as a config: fields
 * that are missing or unusable take their defaults (contract `WebsiteSchema`, warned once), so only a
 * missing id means "Store not found". The no-shop check runs first, so an unknown shop warns nothing.
 */
const WebsiteAnswerSchema = v.union([NoShopSchema, WebsiteSchema]);

/**
 * The shop config for `slug` (`GET /api/slug/website?slug=`), or `null` for an unknown shop: a 404
 * `errors.store_not_found` or a body without `id`. Any other failure (offline, 500, a malformed
 * config) throws an `ApiClientError`, so "the provider is down" is not mistaken for "no such shop".
 */
export async function fetchWebsite(slug: string, options: CallOptions = {}): Promise<Website | null> {
  try {
    const body = await api.get('/api/slug/website', WebsiteAnswerSchema, { query: { slug }, signal: options.signal });
    if (typeof body.id !== 'number') return null;
    const website = body as Website;
    // A config without its slug or name still names the shop it was asked for.
    const known = website.slug === '' ? { ...website, slug } : website;
    return known.name === '' ? { ...known, name: known.slug } : known;
  } catch (error) {
    if (isApiClientError(error, 'http') && error.status === 404 && error.code === 'errors.store_not_found') return null;
    throw error;
  }
}

/** The shop's payment methods by position (`POST /api/payment {website_id}`). */
export function fetchPaymentMethods(websiteId: number, options: CallOptions = {}): Promise<PaymentMethod[]> {
  return api.post('/api/payment', PaymentMethodListSchema, { website_id: websiteId }, options);
}
