import { useEffect } from 'react';
import type { Product, Website } from '../../contract/contract.ts';
import { routerActive } from '../../kit/router.tsx';
import { useShopAndSession } from '../../kit/use-shop-and-session.ts';
import type { RouteId } from '../../domain/routes.ts';
import { designerMode } from '../../store/designer-preview.ts';
import { cancelProductLoad, currentProduct, loadProduct, toProductId } from '../../store/product.ts';
import { sessionStatus } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';

/** What {@link useShownProduct} tells the product screen. */
export interface ShownProduct {
  /** The shop; `null` until its presets have loaded. */
  website: Website | null;
  /** The storefront's router shows this screen (not a `<shop-product>` element). */
  routed: boolean;
  /** The product asked for (the route's `id` or the element's `product-id`); `null` when it is not an id. */
  id: number | null;
  /** A guest where the shop requires login (designer mode shows products anyway). */
  loginFirst: boolean;
  /** The loaded product when it is the one asked for, else `null` (another product's load may linger). */
  shown: Product | null;
}

/**
 * Loads the product the screen is asked for, once it may: the shop is there and, where the shop
 * requires login, the session is known and not a guest's (so a guest's request is never sent). Loads
 * again for another shop or id, and a load still running is cancelled on leaving. Call it in a
 * component that tracks signals (`useSignals()`).
 */
export function useShownProduct(routeId: RouteId | undefined, params: Readonly<Record<string, string>> | undefined, productId: number | undefined): ShownProduct {
  useShopAndSession();
  const website = shop.value;
  const routed = routeId === 'product' && routerActive.value;
  const id = toProductId(routeId === 'product' ? params?.id : productId);
  const session = sessionStatus.value;
  const loginRequired = website !== null && website.login_required && !designerMode.value;
  const sessionPending = session === 'unknown' || session === 'loading';
  const loginFirst = loginRequired && session === 'guest';
  const canLoad = website !== null && !loginFirst && !(loginRequired && sessionPending);
  const shopId = website?.id ?? null;

  useEffect(() => {
    if (!canLoad) return undefined;
    void loadProduct(id);
    return cancelProductLoad;
  }, [shopId, id, canLoad]);

  const loaded = currentProduct.value;
  const shown = loaded !== null && loaded.id === id ? loaded : null;
  return { website, routed, id, loginFirst, shown };
}
