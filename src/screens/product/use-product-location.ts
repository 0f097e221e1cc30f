import { useEffect } from 'react';
import type { Product } from '../../contract/contract.ts';
import { nameScreen } from '../../store/screen-title.ts';
import { navigate } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';

/**
 * Keeps the page in step with the product the storefront's router shows (`routed`; an element on
 * someone else's page leaves their URL and title alone): the URL's slug becomes the product's own,
 * and the document title names the product (the storefront adds the shop's name).
 */
export function useProductLocation(routed: boolean, shown: Product | null, urlSlug: string | undefined): void {
  // A shared link with an old or wrong slug: show the product's own in the URL (no new history entry).
  // The fields, not the objects: a product or shop reloaded with the same values changes nothing.
  const id = shown?.id;
  const slug = shown?.slug;
  const name = shown?.name;
  useEffect(() => {
    if (!routed || id === undefined || slug === undefined || urlSlug === slug) return;
    navigate(buildPath('product', { slug, id }), { replace: true });
  }, [routed, id, slug, urlSlug]);

  useEffect(() => {
    if (routed && name !== undefined) return nameScreen('product', name);
  }, [routed, name]);
}
