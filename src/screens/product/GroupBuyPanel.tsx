import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { GroupBuy, PriceTier } from '../../contract/contract.ts';
import { groupBuyTier, isGroupBuyActive, lowestPriceTier, normaliseGroupBuyTiers, piecesToNextTier } from '../../domain/pricing.ts';
import { formatNumber } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { Badge } from '../../widgets/badge/Badge.tsx';
import { PriceTiers, tierRange } from './PriceTiers.tsx';
import { timeLeft } from './purchase.ts';

/** Props of {@link GroupBuyPanel}. */
export interface GroupBuyPanelProps {
  groupbuy: GroupBuy;
  /** The buyer's pieces of the product: what the cart holds plus the quantity being chosen. */
  quantity: number;
  /** The clock the panel shows (the screen ticks it every minute). */
  now: Date;
  /** A tier's unit price as the shop shows it. */
  formatPrice: (price: number) => string;
}

/** The tier of `list` that is `tier` by its range and price (`groupBuyTier` builds new objects). */
function sameTier(list: readonly PriceTier[], tier: PriceTier | undefined): PriceTier | undefined {
  if (!tier) return undefined;
  return list.find((item) => item.min_quantity === tier.min_quantity && item.max_quantity === tier.max_quantity && item.price === tier.price);
}

/**
 * A running Group Buy (spec §9): the time left ("2 d 3 h 4 min", refreshed every minute by the
 * screen; "This group buy has ended" once past), what the group has ordered so far, the current and
 * the lowest price, and the tier table with the tier for the group's total plus the buyer's pieces
 * highlighted and the pieces still missing to the next one. A switched-off group buy shows nothing.
 */
export function GroupBuyPanel({ groupbuy, quantity, now, formatPrice }: GroupBuyPanelProps) {
  useSignals();
  const id = useId();
  if (!groupbuy.isActive) return null;
  const running = isGroupBuyActive(groupbuy, now);
  const left = running && groupbuy.ends_at ? timeLeft(groupbuy.ends_at, now) : null;
  const tiers = normaliseGroupBuyTiers(groupbuy.tiers);
  const total = groupbuy.total_quantity + quantity;
  const active = sameTier(tiers, groupBuyTier(groupbuy, quantity));
  const lowest = lowestPriceTier(tiers);
  const toNext = piecesToNextTier(tiers, total);

  return (
    <section className="shop-product-groupbuy" aria-labelledby={`${id}title`} data-state={running ? 'running' : 'ended'}>
      <h2 id={`${id}title`} className="shop-product-groupbuy__title">
        <Badge tone="accent">{t('product.groupbuy.title')}</Badge>
      </h2>
      {!running ? (
        <p className="shop-product-groupbuy__ended">{t('product.groupbuy.ended')}</p>
      ) : (
        <>
          <dl className="shop-product__facts">
            {left && (
              <div>
                <dt>{t('product.groupbuy.time_left')}</dt>
                <dd>{t('product.groupbuy.time_value', { days: left.days, hours: left.hours, minutes: left.minutes })}</dd>
              </div>
            )}
            <div>
              <dt>{t('product.groupbuy.group_total')}</dt>
              <dd>{t('product.groupbuy.group_total_value', { count: formatNumber(groupbuy.total_quantity) })}</dd>
            </div>
            {active && (
              <div>
                <dt>{t('product.groupbuy.current_price')}</dt>
                <dd>{formatPrice(active.price)}</dd>
              </div>
            )}
            {lowest && (
              <div>
                <dt>{t('product.groupbuy.lowest_price')}</dt>
                <dd>{`${formatPrice(lowest.price)} (${tierRange(lowest)})`}</dd>
              </div>
            )}
          </dl>
          <PriceTiers
            title={t('product.thresholds.title')}
            headingLevel={3}
            tiers={tiers}
            active={active}
            formatPrice={formatPrice}
            note={toNext === null ? null : t('product.groupbuy.to_next_tier', { count: formatNumber(toNext) })}
          />
        </>
      )}
    </section>
  );
}
