import { useSignals } from '@preact/signals-react/runtime';
import type { ChosenDeliveryMethod } from '../../../domain/checkout.ts';
import { countryName } from '../../../i18n/countries.ts';
import { t } from '../../../i18n/index.ts';

/** Where a self-pickup order is collected (the delivery step, in place of a delivery address). */
export function PickupAddress({ address }: { address: NonNullable<ChosenDeliveryMethod['pickup_address']> }) {
  useSignals();
  return (
    <section className="shop-checkout__section" aria-labelledby="shop-checkout-pickup-title">
      <h2 id="shop-checkout-pickup-title" className="shop-checkout__section-title">
        {t('checkout.pickup_address')}
      </h2>
      <p className="shop-checkout__muted">{t('checkout.delivery_step.pickup_intro')}</p>
      <address className="shop-checkout-delivery__address">
        <span>{address.street}</span>
        <span>{`${address.zip} ${address.city}`}</span>
        <span>{countryName(address.country)}</span>
      </address>
    </section>
  );
}
