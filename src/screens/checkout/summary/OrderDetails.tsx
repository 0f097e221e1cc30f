import { useSignals } from '@preact/signals-react/runtime';
import { useId, type ReactNode } from 'react';
import { effectiveBillingAddress, needsDeliveryAddress, type CheckoutState } from '../../../domain/checkout.ts';
import type { DeliveryCharge } from '../../../domain/checkout-totals.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import { Badge } from '../../../widgets/badge/Badge.tsx';
import { StepLink, type CheckoutStep } from '../CheckoutFrame.tsx';
import { FactRow } from '../../FactRow.tsx';
import { AddressLines } from '../delivery/AddressFields.tsx';

/** Props of {@link OrderDetails}. */
export interface OrderDetailsProps {
  state: CheckoutState;
  currency: string;
  points: boolean;
  isGross: boolean;
  mpkRequired: boolean;
  /** The delivery's charge (null: not known yet). */
  delivery: DeliveryCharge | null;
}

/** One block of the summary: its title, what was chosen, and "Edit" back to the step where it was. */
function Block({ title, step, children }: { title: string; step: CheckoutStep; children: ReactNode }) {
  useSignals();
  const id = useId();
  return (
    <section className="shop-checkout-summary__block" aria-labelledby={id}>
      <div className="shop-checkout-summary__block-head">
        <h2 id={id} className="shop-checkout-summary__block-title">
          {title}
        </h2>
        <StepLink step={step} aria-label={t('checkout.summary_step.edit_section', { section: title })}>
          {t('checkout.edit')}
        </StepLink>
      </div>
      {children}
    </section>
  );
}

/**
 * Everything chosen in the checkout, block by block, each with "Edit" back to its step: contact,
 * delivery method with its cost and the delivery (or pickup) address, billing address (or "same as
 * delivery"), payment method with the delivery budget in points shops, and the cost-centre code.
 */
export function OrderDetails({ state, currency, points, isGross, mpkRequired, delivery }: OrderDetailsProps) {
  useSignals();
  const contact = state.contactInformation;
  const method = state.deliveryMethod;
  const toAddress = needsDeliveryAddress(method);
  const billing = effectiveBillingAddress(state);
  const deliveryCost = delivery === null ? null : isGross && !points ? delivery.gross : delivery.net;
  return (
    <div className="shop-checkout-summary__details">
      <Block title={t('checkout.contact.title')} step="delivery">
        <dl className="shop-checkout-summary__list">
          <FactRow term={t('checkout.summary_step.name')}>{[contact.name, contact.surname].filter(Boolean).join(' ')}</FactRow>
          <FactRow term={t('checkout.contact.email')}>{contact.email}</FactRow>
          {contact.phone && <FactRow term={t('checkout.contact.phone')}>{contact.phone}</FactRow>}
          {contact.fax && <FactRow term={t('checkout.contact.fax')}>{contact.fax}</FactRow>}
          {contact.job_title && <FactRow term={t('checkout.contact.job_title')}>{contact.job_title}</FactRow>}
          {contact.buyer_id && <FactRow term={t('checkout.contact.buyer_id')}>{contact.buyer_id}</FactRow>}
        </dl>
      </Block>

      <Block title={t('checkout.delivery_method')} step="delivery">
        {method ? (
          <dl className="shop-checkout-summary__list">
            <FactRow term={t('checkout.delivery_method')}>{method.name}</FactRow>
            <FactRow term={t('checkout.delivery_cost')}>{deliveryCost === null ? t('checkout.summary_step.not_chosen') : deliveryCost === 0 ? t('checkout.free') : formatMoney(deliveryCost, currency)}</FactRow>
            {toAddress && (
              <FactRow term={t('checkout.delivery_address')}>{state.deliveryAddress ? <AddressLines className="shop-checkout-summary__address" withPhone address={state.deliveryAddress} /> : t('checkout.summary_step.not_chosen')}</FactRow>
            )}
            {!toAddress && method.pickup_address && (
              <FactRow term={t('checkout.pickup_address')}>
                <AddressLines className="shop-checkout-summary__address" withPhone address={method.pickup_address} />
              </FactRow>
            )}
          </dl>
        ) : (
          <p className="shop-checkout__error">{t('checkout.summary_step.delivery_missing')}</p>
        )}
      </Block>

      <Block title={t('checkout.billing_address')} step="delivery">
        {state.billingAddressSameAsDelivery && toAddress ? (
          <p className="shop-checkout-summary__text">{t('checkout.same_as_delivery')}</p>
        ) : billing ? (
          <AddressLines className="shop-checkout-summary__address" withPhone address={billing} />
        ) : (
          <p className="shop-checkout-summary__text">{t('checkout.summary_step.no_billing')}</p>
        )}
      </Block>

      <Block title={t('checkout.payment_method')} step="payment">
        <dl className="shop-checkout-summary__list">
          <FactRow term={t('checkout.payment_method')}>{state.paymentMethod ? t(`checkout.payment_methods.${state.paymentMethod}`) : t('checkout.summary_step.not_chosen')}</FactRow>
          {points && method && method.budgets.length > 0 && (
            <FactRow term={t('checkout.delivery_budget')}>
              {state.paymentForDeliveryBudget ? (
                <Badge color={state.paymentForDeliveryBudget.color} hiddenPrefix={`${t('product.budget')}:`}>
                  {state.paymentForDeliveryBudget.name}
                </Badge>
              ) : (
                t('checkout.summary_step.not_chosen')
              )}
            </FactRow>
          )}
        </dl>
      </Block>

      {(mpkRequired || state.mpkCode !== '') && (
        <Block title={t('checkout.mpk')} step="delivery">
          <p className="shop-checkout-summary__text">{state.mpkCode || t('checkout.summary_step.not_chosen')}</p>
        </Block>
      )}
    </div>
  );
}
