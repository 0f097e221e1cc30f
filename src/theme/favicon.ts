import { storageUrl } from './theme.ts';

/**
 * Shows the shop's favicon (spec §1 `settings.favicon`) in the browser tab. Only the full storefront
 * calls this: a widget on an intranet page must never replace its host page's icon. Relative paths
 * are served from the storage base; absolute http(s) URLs pass through; anything else is ignored.
 * @returns whether an icon was set.
 */
export function applyFavicon(path: string | null | undefined, storageBase: string, doc: Document = document): boolean {
  const href = storageUrl(path, storageBase);
  if (!href) return false;
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"][data-shop-favicon]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    link.dataset.shopFavicon = '';
    doc.head.append(link);
  }
  link.href = href;
  if (href.endsWith('.svg')) link.type = 'image/svg+xml';
  else link.removeAttribute('type');
  return true;
}
