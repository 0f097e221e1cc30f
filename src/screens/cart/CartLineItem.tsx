import { useSignals } from '@preact/signals-react/runtime';
import { memo } from 'react';
import { variantText } from '../cart-button/CartSummaryList.tsx';
import { Link } from '../../kit/router.tsx';
import type { LineReview } from '../../domain/cart-review.ts';
import type { QuantityError } from '../../domain/quantity.ts';
import { buildPath } from '../../domain/routes.ts';
import { formatMoney, formatUnitPrice } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import type { PricedCartLine } from '../../store/cart.ts';
import { storageBase } from '../../store/storage-base.ts';
import { storageUrl } from '../../theme/theme.ts';
import { Badge } from '../../widgets/badge/Badge.tsx';
import { Button } from '../../widgets/button/Button.tsx';
import { NumericCounter } from '../../widgets/numeric-counter/NumericCounter.tsx';
import { lineName, quantityText } from './use-cart-announcer.ts';

/** Props of {@link CartLineItem}. */
export interface CartLineItemProps {
  priced: PricedCartLine;
  /** The line's bounds and problems; absent while nothing was checked. */
  review: LineReview | undefined;
  /** Product-wide broken rules shown under this line (the product's first line only). */
  productErrors: readonly QuantityError[];
  currency: string;
  /** Whether the line's budget is shown (points shops). */
  showBudget: boolean;
  onQuantityChange: (key: string, quantity: number) => void;
  /** Whether the line's counter holds refused text ("2.5"): checkout waits until it is corrected. */
  onQuantityTextError: (key: string, refused: boolean) => void;
  onRemove: (priced: PricedCartLine) => void;
}

/**
 * One line of the cart screen: picture, name (a link to the product), colour and size, code, a
 * business card's holder, the budget in a points shop, the price per piece for the product's total
 * quantity, the quantity counter within the line's bounds (the per-line minimum, the stock left for
 * it), the line total and a Remove button named after the product. A line the shop no longer sells,
 * or whose budget is not active, says so; broken quantity rules show as the counter's error.
 * Memoised: the cart store keeps unchanged lines' objects, so a change re-renders only its own row
 * (the shop's texts and pictures are signals, which re-render the row themselves).
 */
export const CartLineItem = memo(function CartLineItem({ priced, review, productErrors, currency, showBudget, onQuantityChange, onQuantityTextError, onRemove }: CartLineItemProps) {
  useSignals();
  const { key, line, displayUnitPrice, total } = priced;
  const image = storageUrl(line.image, storageBase.value);
  const variant = variantText(line);
  const unavailable = review?.unavailable ?? false;
  const errors = [...(review?.errors ?? []), ...productErrors].map(quantityText);
  const named = lineName(line);

  return (
    <li className="shop-cart-line" data-unavailable={unavailable || undefined}>
      {image ? <img className="shop-cart-line__image" src={image} alt="" width={80} height={80} loading="lazy" /> : <span className="shop-cart-line__image" aria-hidden="true" />}
      <div className="shop-cart-line__main">
        <Link className="shop-cart-line__name" to={buildPath('product', { slug: line.slug, id: line.product_id })}>
          {line.name}
        </Link>
        {variant && <p className="shop-cart-line__detail">{variant}</p>}
        <p className="shop-cart-line__detail">{`${t('product.code')}: ${line.code}`}</p>
        {line.card_info && <p className="shop-cart-line__detail">{`${t('product.card.title')}: ${line.card_info.name} ${line.card_info.surname}, ${line.card_info.email}`}</p>}
        {showBudget && line.budget && (
          <Badge color={line.budget.color} hiddenPrefix={`${t('product.budget')}:`} className="shop-cart-line__budget">
            {line.budget.name}
          </Badge>
        )}
        {unavailable && <p className="shop-cart-line__problem">{`${t('cart.unavailable')}. ${t('cart.remove_unavailable')}`}</p>}
        {!unavailable && review?.inactiveBudget && <p className="shop-cart-line__problem">{t('cart.inactive_budget')}</p>}
      </div>
      <p className="shop-cart-line__unit">
        <span className="shop-visually-hidden">{`${t('cart.unit_price')}: `}</span>
        {t('cart.per_piece', { price: formatUnitPrice(displayUnitPrice, currency) })}
      </p>
      <NumericCounter
        className="shop-cart-line__quantity"
        label={
          <>
            {t('cart.quantity')}
            <span className="shop-visually-hidden">{`: ${named}`}</span>
          </>
        }
        value={line.quantity}
        min={review?.min ?? 1}
        max={review?.max ?? undefined}
        disabled={unavailable}
        onValueChange={(quantity) => onQuantityChange(key, quantity)}
        onTextErrorChange={(refused) => onQuantityTextError(key, refused)}
        error={errors.length > 0 ? errors.map((text) => <span key={text} className="shop-cart-line__rule">{text}</span>) : undefined}
      />
      <p className="shop-cart-line__total">
        <span className="shop-visually-hidden">{`${t('cart.line_total')}: `}</span>
        {formatMoney(total, currency)}
      </p>
      <div className="shop-cart-line__remove">
        <Button variant="ghost" size="small" aria-label={t('cart.remove_item', { name: named })} onClick={() => onRemove(priced)}>
          {t('cart.remove')}
        </Button>
      </div>
    </li>
  );
});
