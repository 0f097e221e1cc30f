import { useSignals } from '@preact/signals-react/runtime';
import { useId, useState } from 'react';
import { fetchProducts, fetchProductsByIds } from '../../api/catalogue.ts';
import type { Product } from '../../contract/contract.ts';
import { Link } from '../../kit/router.tsx';
import { t } from '../../i18n/index.ts';
import { takeFirstScreenAnswer } from '../../store/first-screen.ts';
import { shop } from '../../store/shop.ts';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { ProductCard } from '../catalogue/ProductCard.tsx';
import { useRemote } from '../use-remote.ts';

/** How many products a carousel by search shows when the block sets no limit. */
const DEFAULT_LIMIT = 8;

/** Props of {@link ProductRow}: a homepage `product_carousel` block. */
export interface ProductRowProps {
  title?: string | undefined;
  /** The chosen products, in this order. */
  productIds?: readonly number[] | undefined;
  /** Or the products a catalogue search finds. */
  search?: string | undefined;
  limit?: number | undefined;
}

/** The chosen products in the block's order (ones no longer sold left out), or the first ones a search finds. */
async function loadProducts(websiteId: number, chosen: readonly number[], search: string, count: number, signal: AbortSignal): Promise<Product[]> {
  if (chosen.length === 0) return (await fetchProducts({ website_id: websiteId, search, per_page: count }, { signal })).data;
  const byId = new Map((await fetchProductsByIds(websiteId, chosen, { signal })).map((product) => [product.id, product]));
  return chosen.flatMap((id) => byId.get(id) ?? []).slice(0, count);
}

/**
 * A homepage product carousel: the chosen products (in the block's order; ones the shop no longer sells
 * are left out) or the first products of a search, as catalogue cards in a row that scrolls sideways
 * (snapping card by card; the row is a list, so keyboard and screen-reader users move through it as
 * through any list). Hidden when nothing is found or the products cannot be loaded: the rest of the
 * homepage stays useful.
 */
export function ProductRow({ title, productIds, search, limit }: ProductRowProps) {
  useSignals();
  const websiteId = shop.value?.id ?? null;
  const ids = productIds?.join(',') ?? '';
  const headingId = useId();
  const count = limit ?? DEFAULT_LIMIT;
  const key = websiteId === null ? null : JSON.stringify([websiteId, ids, search ?? '', count]);
  const loadRow = (signal: AbortSignal) => loadProducts(websiteId ?? 0, ids === '' ? [] : ids.split(',').map(Number), search ?? '', count, signal);
  // The row the server rendered the homepage with starts from its answer (store/first-screen.ts).
  const [initial] = useState(() => (key === null ? null : takeFirstScreenAnswer('product-row', key, () => loadRow(new AbortController().signal))));
  const load = useRemote(key, loadRow, { initial });
  const products = load.data ?? [];

  if (load.status === 'error' || (load.status === 'ready' && products.length === 0)) return null;
  return (
    <section className="shop-home-products" aria-labelledby={title ? headingId : undefined} aria-label={title ? undefined : t('nav.products')} aria-busy={load.status === 'loading' || undefined}>
      <div className="shop-home-products__head">
        {title && (
          <h2 id={headingId} className="shop-home__subtitle">
            {title}
          </h2>
        )}
        <Link to={search ? `/products?search=${encodeURIComponent(search)}` : '/products'} className="shop-home__link">
          {t('home.see_all')}
        </Link>
      </div>
      {load.status === 'loading' ? (
        <Loading loading className="shop-home-products__pending" />
      ) : (
        <ul className="shop-home-products__list">
          {products.map((product) => (
            <li key={product.id} className="shop-home-products__item">
              <ProductCard product={product} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
