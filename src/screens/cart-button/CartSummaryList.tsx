import { useSignals } from '@preact/signals-react/runtime';
import { formatMoney, formatNumber, formatUnitPrice } from '../../i18n/format.ts';
import { colourName } from '../../i18n/colours.ts';
import { t } from '../../i18n/index.ts';
import type { PricedCartLine } from '../../store/cart.ts';
import { storageBase } from '../../store/storage-base.ts';
import { registerStyles } from '../../theme/styles.ts';
import { storageUrl } from '../../theme/theme.ts';
import { Badge } from '../../widgets/badge/Badge.tsx';
import css from './cart-button.css?inline';

registerStyles('cart-button', css);

/** Props of {@link CartSummaryList}. */
export interface CartSummaryListProps {
  /** The priced lines, from `cartTotals.value.lines`. */
  lines: readonly PricedCartLine[];
  /** The shop's currency (`pkt` shows points). */
  currency: string;
  /** Accessible name of the list. */
  label: string;
}

/** "Colour: Red · Size: XL" for a line's variant; empty when it has neither. */
export function variantText(line: PricedCartLine['line']): string {
  const parts: string[] = [];
  if (line.color_code) parts.push(`${t('product.colour')}: ${colourName(line.color_code)}`);
  if (line.size_code) parts.push(`${t('product.size')}: ${line.size_code}`);
  return parts.join(' · ');
}

/**
 * A read-only list of cart lines: the product's picture and name, its colour (by name in the current
 * language) and size, a business card's holder, the budget in a points shop, the quantity and the
 * line's price as the shop shows it. Used by the cart drawer; screens may reuse it for summaries.
 */
export function CartSummaryList({ lines, currency, label }: CartSummaryListProps) {
  useSignals();
  const base = storageBase.value;
  return (
    <ul className="shop-cart-summary" aria-label={label}>
      {lines.map(({ key, line, displayUnitPrice, total }) => {
        const image = storageUrl(line.image, base);
        const variant = variantText(line);
        return (
          <li key={key} className="shop-cart-summary__item">
            {image ? <img className="shop-cart-summary__image" src={image} alt="" width={48} height={48} loading="lazy" /> : <span className="shop-cart-summary__image" aria-hidden="true" />}
            <div className="shop-cart-summary__main">
              <span className="shop-cart-summary__name">{line.name}</span>
              {variant && <span className="shop-cart-summary__detail">{variant}</span>}
              {line.card_info && <span className="shop-cart-summary__detail">{`${t('product.card.title')}: ${line.card_info.name} ${line.card_info.surname}`}</span>}
              {line.budget && (
                <Badge color={line.budget.color} hiddenPrefix={`${t('product.budget')}:`} className="shop-cart-summary__budget">
                  {line.budget.name}
                </Badge>
              )}
              <span className="shop-cart-summary__detail">{`${t('cart.quantity')}: ${formatNumber(line.quantity)} × ${formatUnitPrice(displayUnitPrice, currency)}`}</span>
            </div>
            <span className="shop-cart-summary__price">{formatMoney(total, currency)}</span>
          </li>
        );
      })}
    </ul>
  );
}
