import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { DeliveryCostBudgetChoice } from '../../../domain/checkout.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import { Badge } from '../../../widgets/badge/Badge.tsx';

/** Props of {@link DeliveryBudgetChoice}. */
export interface DeliveryBudgetChoiceProps {
  /** The budgets the buyer may pay the delivery from (active assignments only). */
  options: readonly DeliveryCostBudgetChoice[];
  /** The chosen budget's id, or null. */
  value: number | null;
  onChange: (option: DeliveryCostBudgetChoice) => void;
  /** The points the option's budget keeps after this order if it pays the delivery. */
  pointsAfter: (option: DeliveryCostBudgetChoice) => number | null;
  currency: string;
  /** What is still needed (none chosen yet), with the id of its text. */
  note?: { id: string; text: string } | null;
}

/**
 * The delivery-cost budget (spec §3 `paymentForDeliveryBudget`): a radio group of the budgets the
 * chosen delivery method may be paid from that the buyer holds an active assignment of, each with the
 * delivery's price in points and the points that budget would keep after this order.
 */
export function DeliveryBudgetChoice({ options, value, onChange, pointsAfter, currency, note }: DeliveryBudgetChoiceProps) {
  useSignals();
  const name = useId();
  return (
    <fieldset className="shop-checkout__section shop-checkout-delivery-budget" aria-describedby={note ? note.id : undefined}>
      <legend>{t('checkout.delivery_budget')}</legend>
      <div className="shop-checkout-options">
        {options.map((option) => {
          const after = pointsAfter(option);
          const checked = option.budget_id === value;
          return (
            <label key={option.budget_id} className="shop-checkout-option" data-checked={checked || undefined}>
              <input type="radio" name={name} value={option.budget_id} checked={checked} onChange={() => onChange(option)} />
              <span className="shop-checkout-option__main">
                <Badge color={option.color} hiddenPrefix={`${t('product.budget')}:`}>
                  {option.name}
                </Badge>
                <span>{formatMoney(option.price, currency)}</span>
              </span>
              {after !== null && (
                <span className="shop-checkout-option__detail" data-short={after < 0 || undefined}>
                  {t('checkout.points_left_after', { points: formatMoney(after, currency) })}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {note && (
        <p id={note.id} className="shop-checkout__muted">
          {note.text}
        </p>
      )}
    </fieldset>
  );
}
