import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { DeliveryMethod } from '../../../contract/contract.ts';
import { errorMessage } from '../../../api/errors.ts';
import { shownDeliveryPrice } from '../../../domain/pricing.ts';
import { formatMoney, formatPoints } from '../../../i18n/format.ts';
import { formatAlternatives } from '../../../i18n/format-list.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { Loading } from '../../../widgets/loading/Loading.tsx';
import { formatAddress } from './AddressFields.tsx';
import { ChoiceList } from './ChoiceList.tsx';
import type { DeliveryFieldId } from './delivery-rules.ts';
import type { FormFields } from '../../use-form-state.ts';
import type { Remote } from '../../use-remote.ts';

/** Props of {@link MethodChoice}. */
export interface MethodChoiceProps {
  methods: Remote<DeliveryMethod[]>;
  /** The chosen method's id, or null. */
  chosen: number | null;
  onChoose: (method: DeliveryMethod) => void;
  currency: string;
  pointsShop: boolean;
  /** The shop shows gross prices (`is_gross`): a method's price is shown gross, as the order charges it. */
  isGross: boolean;
  form: FormFields<DeliveryFieldId>;
}

/**
 * What a method costs: "Free"; in money shops its charge as the shop shows prices ("PLN 24.59 gross" in
 * a gross shop, "PLN 19.99 net" in a net shop, `shownDeliveryPrice`, as the summary and the order
 * charge it); in points shops the price in each budget that may pay it, as alternatives ("25 pts from
 * Welcome pack or 30 pts from Team events"): one budget the buyer chooses pays the whole delivery, so
 * the prices must not read as parts of a sum.
 */
function price(method: DeliveryMethod, currency: string, pointsShop: boolean, isGross: boolean): string {
  if (pointsShop) {
    if (method.budgets.length === 0) return t('checkout.free');
    return formatAlternatives(method.budgets.map((budget) => t('checkout.delivery_step.budget_price', { budget: budget.name, price: formatPoints(budget.price) })));
  }
  const shown = shownDeliveryPrice(method.price, isGross);
  if (shown === 0) return t('checkout.free');
  return t(isGross ? 'checkout.delivery_step.price_gross' : 'checkout.delivery_step.price_net', { price: formatMoney(shown, currency) });
}

/**
 * The delivery method (a radio group of the methods the server offers for this cart): a loading
 * state, an error with a retry, "No delivery methods available" when there are none. A self-pickup
 * method shows where the order is collected.
 */
export function MethodChoice({ methods, chosen, onChoose, currency, pointsShop, isGross, form }: MethodChoiceProps) {
  useSignals();
  const errorId = useId();
  const error = form.error('method');
  const list = methods.data ?? [];
  return (
    <fieldset className="shop-checkout__section" ref={form.register('method')}>
      <legend>{t('checkout.delivery_method')}</legend>
      {methods.status === 'error' && (
        <div className="shop-checkout-delivery__notice" data-tone="warning" role="alert">
          <p>{`${t('checkout.delivery_step.methods_failed')} ${errorMessage(methods.error)}`}</p>
          <Button variant="secondary" size="small" onClick={methods.reload}>
            {t('app.retry')}
          </Button>
        </div>
      )}
      {methods.status === 'loading' && methods.data === null ? (
        <Loading loading label={t('checkout.delivery_step.loading_methods')}>
          <p className="shop-checkout__muted">{t('checkout.delivery_step.loading_methods')}</p>
        </Loading>
      ) : methods.status === 'ready' && list.length === 0 ? (
        <p className="shop-checkout-delivery__notice" data-tone="warning" role="status">
          {t('errors.no_delivery_methods')}
        </p>
      ) : (
        list.length > 0 && (
          <Loading loading={methods.status === 'loading'} label={t('checkout.delivery_step.loading_methods')}>
            <ChoiceList
              value={chosen === null ? null : String(chosen)}
              errorId={error ? errorId : undefined}
              onChange={(value) => {
                const method = list.find((candidate) => String(candidate.id) === value);
                if (method) onChoose(method);
              }}
              choices={list.map((method) => ({
                value: String(method.id),
                label: method.name,
                details: (
                  <>
                    <span className="shop-checkout-delivery__choice-detail">{price(method, currency, pointsShop, isGross)}</span>{' '}
                    {method.type === 'self_pickup' && method.pickup_address && (
                      <span className="shop-checkout-delivery__choice-detail">{formatAddress(method.pickup_address)}</span>
                    )}
                  </>
                ),
              }))}
            />
          </Loading>
        )
      )}
      {error && (
        <p id={errorId} className="shop-checkout__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
