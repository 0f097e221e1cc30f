import { useEffect } from 'react';
import type { Product, Website } from '../../contract/contract.ts';
import { navigate } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';

/**
 * Keeps the page in step with the product the storefront's router shows (`routed`; an element on
 * someone else's page leaves their URL and title alone): the URL's slug becomes the product's own,
 * and the document title names the product and the shop.
 */
export function useProductLocation(routed: boolean, shown: Product | null, urlSlug: string | undefined, website: Website | null): void {
  // A shared link with an old or wrong slug: show the product's own in the URL (no new history entry).
  // The fields, not the objects: a product or shop reloaded with the same values changes nothing.
  const id = shown?.id;
  const slug = shown?.slug;
  const name = shown?.name;
  const shopName = website?.name;
  useEffect(() => {
    if (!routed || id === undefined || slug === undefined || urlSlug === slug) return;
    navigate(buildPath('product', { slug, id }), { replace: true });
  }, [routed, id, slug, urlSlug]);

  useEffect(() => {
    if (routed && name !== undefined && shopName !== undefined) document.title = `${name} · ${shopName}`;
  }, [routed, name, shopName]);
}
