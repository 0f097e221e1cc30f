import type { Product, Website } from '../../contract/contract.ts';
import { isApiClientError } from '../../api/errors.ts';
import type { ProductStatus } from '../../store/product.ts';

/**
 * Which state the product screen is in, decided in one place (no React, no signals) so the order of
 * the checks is plain to see: a shop comes before anything else, then login, then whether the product
 * exists, failed or is still loading.
 *
 * @module
 */

/** What the product screen shows. */
export type ProductScreenState =
  | { kind: 'shop-pending' }
  | { kind: 'login-first' }
  | { kind: 'not-found' }
  | { kind: 'load-error'; error: unknown; id: number }
  | { kind: 'loading' }
  | { kind: 'product'; product: Product; website: Website };

/** What {@link productScreenState} decides from. */
export interface ProductScreenInput {
  /** The shop; `null` until its presets have loaded. */
  website: Website | null;
  /** A guest where the shop requires login. */
  loginFirst: boolean;
  /** The product asked for; `null` when the URL or attribute names no product id. */
  id: number | null;
  /** The loaded product when it is the one asked for, else `null`. */
  shown: Product | null;
  status: ProductStatus;
  error: unknown;
}

/**
 * The screen's state. A product already shown stays through a reload, even a failed one (the error
 * then shows only while there is nothing to show), and a 401 on the load means the session ended, so
 * it asks to log in like a guest.
 */
export function productScreenState({ website, loginFirst, id, shown, status, error }: ProductScreenInput): ProductScreenState {
  if (!website) return { kind: 'shop-pending' };
  if (loginFirst || (status === 'error' && isApiClientError(error, 'http') && error.status === 401)) return { kind: 'login-first' };
  if (id === null || (status === 'not-found' && !shown)) return { kind: 'not-found' };
  if (status === 'error' && !shown) return { kind: 'load-error', error, id };
  if (!shown) return { kind: 'loading' };
  return { kind: 'product', product: shown, website };
}
