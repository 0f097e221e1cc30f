import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { PriceTier } from '../../contract/contract.ts';
import { formatNumber } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';

/** Props of {@link PriceTiers}. */
export interface PriceTiersProps {
  /** The table's heading (level 2 unless `headingLevel` says otherwise). */
  title: string;
  headingLevel?: 2 | 3;
  /** The tiers in the order to show them (sorted; group-buy tiers already normalised). */
  tiers: readonly PriceTier[];
  /** The tier that applies now: one of `tiers` (compared by identity), highlighted. */
  active: PriceTier | undefined;
  /** A tier's unit price as the shop shows it ("PLN 12.30", "250 pts"). */
  formatPrice: (price: number) => string;
  /** The hint under the table ("20 pieces to the next tier"); nothing when `null`. */
  note?: string | null;
}

/** A tier's quantity range: "1–99 pcs", or "500 pcs and more" for an open-ended one. */
export function tierRange(tier: PriceTier): string {
  const min = formatNumber(tier.min_quantity);
  return tier.max_quantity === null ? t('product.thresholds.from', { min }) : t('product.thresholds.range', { min, max: formatNumber(tier.max_quantity) });
}

/**
 * A table of price tiers (spec §9 "Price tiers: chosen by total quantity"): the quantity range and
 * unit price of each, the tier that applies to the quantity being ordered (with what the cart already
 * holds) highlighted and marked `aria-current`, and an optional hint below.
 */
export function PriceTiers({ title, headingLevel = 2, tiers, active, formatPrice, note }: PriceTiersProps) {
  useSignals();
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  if (tiers.length === 0) return null;
  return (
    <section className="shop-product-tiers" aria-labelledby={`${id}title`}>
      <Heading id={`${id}title`} className="shop-product-tiers__title">
        {title}
      </Heading>
      <table className="shop-product-tiers__table">
        <thead>
          <tr>
            <th scope="col">{t('product.thresholds.quantity')}</th>
            <th scope="col">{t('product.thresholds.price')}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, index) => {
            const current = tier === active;
            return (
              <tr key={`${tier.min_quantity}-${index}`} className="shop-product-tiers__row" aria-current={current ? 'true' : undefined} data-active={current || undefined}>
                <td>{tierRange(tier)}</td>
                <td>
                  <span className="shop-product-tiers__price">{formatPrice(tier.price)}</span>
                  {current && <span className="shop-visually-hidden">{` (${t('product.groupbuy.current_price')})`}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {note && <p className="shop-product-tiers__note">{note}</p>}
    </section>
  );
}
