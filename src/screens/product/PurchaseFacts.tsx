import { useSignals } from '@preact/signals-react/runtime';
import { boxesFor, pricePerBox } from '../../domain/pricing.ts';
import { formatMoney, formatNumber, formatUnitPrice } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import type { Locale } from '../../store/locale.ts';
import type { PurchasePrices } from './price-view.ts';

/** Props of {@link PurchaseFacts}. */
export interface PurchaseFactsProps {
  prices: PurchasePrices;
  /** The counter's quantity. */
  qty: number;
  currency: string;
  lang: Locale;
}

/**
 * What the counter's quantity comes to: the price per piece and per box, pieces in a box, the boxes
 * it fills and the line's total. Products ship by the box, so the buyer sees both.
 */
export function PurchaseFacts({ prices, qty, currency, lang }: PurchaseFactsProps) {
  useSignals();
  const { shownUnit, inBox, lineAmount } = prices;
  return (
    <dl className="shop-product__facts">
      <div>
        <dt>{t('product.price_per_piece')}</dt>
        <dd>{formatUnitPrice(shownUnit, currency, lang)}</dd>
      </div>
      <div>
        <dt>{t('product.quantity_in_box')}</dt>
        <dd>{formatNumber(inBox, lang)}</dd>
      </div>
      <div>
        <dt>{t('product.price_per_box')}</dt>
        <dd>{formatMoney(pricePerBox(shownUnit, inBox), currency, lang)}</dd>
      </div>
      <div>
        <dt>{t('product.boxes_quantity')}</dt>
        <dd>{formatNumber(boxesFor(qty, inBox), lang)}</dd>
      </div>
      <div>
        <dt>{t('product.line_total')}</dt>
        <dd>{formatMoney(lineAmount, currency, lang)}</dd>
      </div>
    </dl>
  );
}
