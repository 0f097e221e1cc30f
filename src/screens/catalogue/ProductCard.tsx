import { useSignals } from '@preact/signals-react/runtime';
import { memo } from 'react';
import type { Product } from '../../contract/contract.ts';
import { productDisplayPrice } from '../../kit/price.ts';
import { Link } from '../../kit/router.tsx';
import { isGroupBuyActive } from '../../domain/pricing.ts';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { storageUrl } from '../../theme/theme.ts';
import { storageBase } from '../../store/storage-base.ts';
import { Badge, type BadgeTone } from '../../widgets/badge/Badge.tsx';
import { registerStyles } from '../../theme/styles.ts';
import css from './catalogue.css?inline';

/** Shared with the catalogue screen (one stylesheet, registered once whoever loads first). */
registerStyles('catalogue', css);

/** Card image size in CSS pixels: set on the `<img>` so the grid keeps its layout while pictures load. */
export const PRODUCT_IMAGE_SIZE = 300;

/** The badge colour of each availability (spec §4 "Availability labels"). */
export const AVAILABILITY_TONE: Record<Product['availability'], BadgeTone> = {
  in_stock: 'success',
  in_delivery: 'warning',
  out_of_stock: 'danger',
};

/** Props of {@link ProductCard}. */
export interface ProductCardProps {
  product: Product;
  /** The level of the product name's heading: 3 under a "Results for …" heading, else 2. */
  headingLevel?: 2 | 3;
  /** A card in the first screenful: its picture loads at once and first, as it may be the largest paint. */
  priority?: boolean;
}

/**
 * One product of the catalogue: its first picture (lazy, sized, alt = name), the name linking to the
 * product page `/products/{slug}/{id}` (the whole card is the link's target area), the code, the price
 * ("from …" when tiers make more pieces cheaper, with a net/gross hint outside points shops) and
 * badges: availability, the budget it is paid from in the budget's colour, and "Group Buy" while a
 * group buy runs. Memoised: typing a search re-renders the field, not the cards.
 * Parts: `card`.
 */
export const ProductCard = memo(function ProductCard({ product, headingLevel = 2, priority = false }: ProductCardProps) {
  useSignals();
  const image = storageUrl(product.images[0], storageBase.value);
  const price = productDisplayPrice(product);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const groupBuy = isGroupBuyActive(product.groupbuy, new Date());
  return (
    <article className="shop-product-card" part="card" data-product-id={product.id}>
      <div className="shop-product-card__media">
        {image ? (
          <img
            className="shop-product-card__image"
            src={image}
            alt={product.name}
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <div className="shop-product-card__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="shop-product-card__body">
        <Heading className="shop-product-card__name">
          <Link className="shop-product-card__link" to={buildPath('product', { slug: product.slug, id: product.id })}>
            {product.name}
          </Link>
        </Heading>
        <p className="shop-product-card__code">
          <span className="shop-visually-hidden">{`${t('product.code')}: `}</span>
          {product.code}
        </p>
        <p className="shop-product-card__price" data-from={price.from || undefined}>
          <span className="shop-visually-hidden">{`${t('product.price')}: `}</span>
          <span className="shop-product-card__amount">{price.text}</span>
          {price.hint && <span className="shop-product-card__hint">{` ${price.hint}`}</span>}
        </p>
        <ul className="shop-product-card__badges">
          <li>
            <Badge tone={AVAILABILITY_TONE[product.availability]}>{t(`product.availability.${product.availability}`)}</Badge>
          </li>
          {product.budget && (
            <li>
              <Badge color={product.budget.color} hiddenPrefix={`${t('product.budget')}:`} data-budget-id={product.budget.id}>
                {product.budget.name}
              </Badge>
            </li>
          )}
          {groupBuy && (
            <li>
              <Badge tone="accent">{t('product.groupbuy.title')}</Badge>
            </li>
          )}
        </ul>
      </div>
    </article>
  );
});
