import { batch, signal } from '@preact/signals-react';
import { fetchProduct } from '../api/catalogue.ts';
import type { Product } from '../contract/contract.ts';
import { isApiClientError } from '../api/errors.ts';
import { latestRequest } from './latest-request.ts';
import { pageSingleton } from '../page-singleton.ts';
import { shop } from './shop.ts';
import { firstScreenAnswer, heldFirstScreenAnswer } from './first-screen.ts';

/**
 * The product page's state (spec §2 `/products/{slug}/{id}`): the one product shown, loaded
 * with `GET /api/products/{id}?website_id=`, and where its load stands. One store per page, shared by
 * the routed screen and a `<shop-product>` element (a page shows one product at a time).
 *
 * Every load cancels the one before it (AbortController) and an answer is applied only while its
 * request is still the latest, so going quickly from one product to the next can never show the
 * first product under the second one's URL.
 *
 * @module
 */

/**
 * Where the product's load stands:
 * - `idle`: nothing asked yet;
 * - `loading`: a request is in flight (a product already shown stays while it is reloaded);
 * - `ready`: {@link currentProduct} is the product asked for;
 * - `not-found`: no such product in this shop (404 `errors.not_found`, or an id that is not one);
 * - `error`: the load failed otherwise ({@link productError} says why; 401 means "log in first").
 */
export type ProductStatus = 'idle' | 'loading' | 'ready' | 'not-found' | 'error';

/** The product shown; `null` before the first answer and while another product is being loaded. */
export const currentProduct = pageSingleton('product.current', () => signal<Product | null>(null));
/** The id of the product last asked for (what the status is about); `null` before any load. */
export const productRequestedId = pageSingleton('product.requestedId', () => signal<number | null>(null));
export const productStatus = pageSingleton('product.status', () => signal<ProductStatus>('idle'));
/** Why the last load failed (`errorMessage` turns it into text); `null` otherwise. */
export const productError = pageSingleton('product.error', () => signal<unknown>(null));

/** The request in flight (one product per page). */
const request = pageSingleton('product.request', latestRequest, (inFlight) => inFlight.cancel());

/** Whether `id` can name a product: a positive whole number. */
export function isProductId(id: unknown): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
}

/** A product id from a route parameter or an attribute (`"12"`, `12`); `null` when it is not one. */
export function toProductId(value: unknown): number | null {
  if (typeof value === 'number') return isProductId(value) ? value : null;
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return isProductId(id) ? id : null;
}

/** Whether a failed load means "no such product here" (404 `errors.not_found`). */
function isNotFound(error: unknown): boolean {
  return isApiClientError(error, 'http') && error.status === 404 && error.code === 'errors.not_found';
}

/** Stops the request in flight, if any (a screen that goes away); what is shown stays. */
export function cancelProductLoad(): void {
  request.cancel();
}

/**
 * Loads product `id` of the current shop, cancelling the load before it. The product already shown
 * stays while the same product is reloaded; another product's is cleared at once. An id that cannot
 * be a product's is `not-found` without a request. Without a shop there is nothing to load.
 */
export async function loadProduct(id: number | null): Promise<void> {
  cancelProductLoad();
  const website = shop.peek();
  if (!website) return;
  if (!isProductId(id)) {
    batch(() => {
      productRequestedId.value = null;
      currentProduct.value = null;
      productError.value = null;
      productStatus.value = 'not-found';
    });
    return;
  }
  // The product the server rendered its page with is in the page (store/first-screen.ts): shown at
  // once, never marked as loading in between (the page's controls stay live through hydration).
  const held = heldFirstScreenAnswer<Product>('product', String(id));
  if (held) {
    batch(() => {
      productRequestedId.value = id;
      currentProduct.value = held.data;
      productError.value = null;
      productStatus.value = 'ready';
    });
    return;
  }
  const run = request.start();
  batch(() => {
    productRequestedId.value = id;
    if (currentProduct.peek()?.id !== id) currentProduct.value = null;
    productError.value = null;
    productStatus.value = 'loading';
  });
  try {
    const answer = await firstScreenAnswer('product', String(id), () => fetchProduct(id, website.id, { signal: run.signal }));
    if (!run.settle()) return;
    batch(() => {
      currentProduct.value = answer;
      productStatus.value = 'ready';
    });
  } catch (error) {
    // Cancelled or replaced: the newer request owns the state.
    if (!run.settle()) return;
    batch(() => {
      currentProduct.value = null;
      productError.value = isNotFound(error) ? null : error;
      productStatus.value = isNotFound(error) ? 'not-found' : 'error';
    });
  }
}

