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
  useEffect(() => {
    if (!routed || !shown || urlSlug === shown.slug) return;
    navigate(buildPath('product', { slug: shown.slug, id: shown.id }), { replace: true });
  }, [routed, shown?.id, shown?.slug, urlSlug]);

  useEffect(() => {
    if (routed && shown && website) document.title = `${shown.name} · ${website.name}`;
  }, [routed, shown?.name, website?.name]);
}
