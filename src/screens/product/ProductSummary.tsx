import { useSignals } from '@preact/signals-react/runtime';
import type { Budget, Variant } from '../../contract/contract.ts';
import { t } from '../../i18n/index.ts';
import { Badge, type BadgeTone } from '../../widgets/badge/Badge.tsx';

/** The badge colour of each availability (spec §4 "Availability labels"). */
const AVAILABILITY_TONE: Record<Variant['availability'], BadgeTone> = {
  in_stock: 'success',
  in_delivery: 'warning',
  out_of_stock: 'danger',
};

/** Props of {@link ProductSummary}. */
export interface ProductSummaryProps {
  /** The chosen variant's code, else the product's. */
  code: string;
  availability: Variant['availability'];
  /** The budget the product is paid from; `null` outside a points shop or without one. */
  budget: Budget | null;
  /** The price per piece for the quantity being ordered, as text. */
  price: string;
  /** "net" / "gross" beside the price; `''` for none. */
  hint: string;
}

/**
 * The facts at the top of the product's info: its code, availability and budget badges, and the price
 * per piece. The price follows the counter (tiers), so it says "per piece" to screen readers, which
 * do not see the layout that says so.
 */
export function ProductSummary({ code, availability, budget, price, hint }: ProductSummaryProps) {
  useSignals();
  return (
    <>
      <p className="shop-product__code">
        {`${t('product.code')}: `}
        <span>{code}</span>
      </p>
      <ul className="shop-product__badges">
        <li>
          <Badge tone={AVAILABILITY_TONE[availability]}>{t(`product.availability.${availability}`)}</Badge>
        </li>
        {budget && (
          <li>
            <Badge color={budget.color} hiddenPrefix={`${t('product.budget')}:`} data-budget-id={budget.id}>
              {budget.name}
            </Badge>
          </li>
        )}
      </ul>

      <p className="shop-product__price">
        <span className="shop-visually-hidden">{`${t('product.price_per_piece')}: `}</span>
        <span className="shop-product__amount">{price}</span>
        {hint && <span className="shop-product__hint">{` ${hint}`}</span>}
      </p>
    </>
  );
}
