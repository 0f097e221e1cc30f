/**
 * Which shop a host name belongs to (spec §1: "If the host is under the provider's own domain, the
 * first label identifies the shop; otherwise the second-last label does").
 *
 * Used by the storefront to pick the shop at start-up (unless a `shop` attribute overrides it) and by
 * the reference server to answer on each shop's host, so both read the same slug out of a host.
 *
 * @module
 */

/** A shop slug: a DNS label in lower case (letters, digits, inner hyphens, 1–63 characters). */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Lower-cases a host and drops its port and trailing dot; `null` for an IPv6 literal
 * (`[::1]:80`, or a bare `::1`), which can never name a shop.
 */
function normaliseHost(raw: string): string | null {
  let host = raw.trim().toLowerCase();
  // An IPv6 literal, bracketed or not, is the only host with more than one colon.
  if (host.split(':').length > 2) return null;
  host = host.replace(/:\d*$/, '');
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host;
}

/**
 * The slug of the shop a host name addresses, or `null` when the host names no shop.
 *
 * - Under the provider's domain (`acme.localhost` with provider `localhost`, `acme.shops.example.com`
 *   with provider `shops.example.com`): the first label, `acme`.
 * - Any other host is a shop's own domain (`shop.acme.com`, `acme.com`): the second-last label, `acme`.
 *   Public suffixes are not special: `acme.co.uk` gives `co`, as the rule says.
 *
 * Accepts what `location.host` or an HTTP `Host` header carries: any case, with or without a port or a
 * trailing dot. `null` for the provider domain itself, a single-label host (`localhost`), IP literals
 * (any host whose last label is numeric, as the URL standard reads those as IPv4), empty labels, and a
 * label that is not a valid slug.
 */
export function shopSlugFromHost(host: string, providerDomain: string): string | null {
  const name = normaliseHost(host);
  const provider = normaliseHost(providerDomain);
  if (!name || provider === null) return null;

  const labels = name.split('.');
  if (labels.some((label) => label === '') || /^\d+$/.test(labels.at(-1) ?? '')) return null;
  if (name === provider) return null;

  let slug: string | undefined;
  if (provider !== '' && name.endsWith(`.${provider}`)) {
    slug = labels[0];
  } else if (labels.length >= 2) {
    slug = labels[labels.length - 2];
  }
  return slug !== undefined && SLUG.test(slug) ? slug : null;
}
