import { useSignals } from '@preact/signals-react/runtime';
import type { PrepareFirstScreen } from '../../store/first-screen.ts';
import type { RouteId } from '../../domain/routes.ts';
import { loadProduct, productError, productStatus, toProductId } from '../../store/product.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './product.css?inline';
import { productScreenState } from './product-screen-state.ts';
import { ProductStateFrame } from './ProductStateFrame.tsx';
import { useProductLocation } from './use-product-location.ts';
import { useShownProduct } from './use-shown-product.ts';

// Registered here, with the screen, so the styles of every part of the page travel in this route's chunk.
registerStyles('product', css);

/** Props of {@link Product}: the router's (as the `product` screen) or the element's attributes. */
export interface ProductProps {
  /** Set by the storefront's router (`product`); absent on `<shop-product>`. */
  routeId?: RouteId;
  /** Route parameters from the router: `slug` and `id` of `/products/{slug}/{id}`. */
  params?: Readonly<Record<string, string>>;
  /** The product to show (the `<shop-product product-id>` attribute). */
  productId?: number;
}

/** The routed product's first screen: the product its route names. */
export const prepareFirstScreen: PrepareFirstScreen = (_path, params) => loadProduct(toProductId(params.id));

/**
 * The product page (spec §2 `/products/{slug}/{id}`). As the storefront's `product` screen
 * it takes the id from the URL and, once the product is loaded, replaces a wrong or outdated slug in
 * the URL with the product's own. As `<shop-product product-id>` it loads its shop and session
 * itself, and in a shop that requires login a guest is asked to log in first (an open shop shows
 * products to guests).
 *
 * States: loading, not found (an unknown id, or a product of another shop), a failed load with a
 * retry, and the product: gallery, variants, price, purchase form and price tiers or group buy
 * (see `ProductDetails`). The heading is one node throughout, so the router's focus on it is
 * kept when the product arrives.
 */
export function Product({ routeId, params, productId }: ProductProps) {
  useSignals();
  const { website, routed, id, loginFirst, shown } = useShownProduct(routeId, params, productId);
  useProductLocation(routed, shown, params?.slug);

  // The load's status is read (and re-rendered on) only once there is a shop: nothing loads before it.
  const load = website ? { status: productStatus.value, error: productError.value } : { status: 'idle' as const, error: null };
  const state = productScreenState({ website, loginFirst, id, shown, ...load });
  // The storefront shows its own toasts; an element on someone else's page shows the product's.
  return <ProductStateFrame state={state} toasts={!routed} />;
}
