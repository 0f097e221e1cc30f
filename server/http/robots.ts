/**
 * A shop host's `/robots.txt`. An open shop's catalogue, products and content pages are for search
 * engines; its per-person screens (cart, checkout, account, login) carry `noindex` already and are
 * not worth a crawl. A login-required shop, or a host naming no shop, is closed to crawlers.
 * Without this file `/robots.txt` would be the storefront's 404 page, which crawlers (and Lighthouse's
 * SEO audit) read as an invalid robots file.
 *
 * @param open Whether the host is an open shop (exists, and no login required).
 */
export function robotsTxt(open: boolean): string {
  if (!open) return 'User-agent: *\nDisallow: /\n';
  return ['User-agent: *', 'Allow: /', 'Disallow: /cart', 'Disallow: /checkout', 'Disallow: /user', 'Disallow: /login', ''].join('\n');
}
