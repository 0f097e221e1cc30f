import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import type { PlacedOrder } from '../../domain/checkout.ts';
import { t } from '../../i18n/index.ts';
import { confirmPlacedOrder } from '../../store/checkout.ts';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { ScreenFrame } from '../ScreenFrame.tsx';
import { useCheckoutNavigation } from './CheckoutFrame.tsx';

/**
 * The order confirmation (spec §2 `/order-confirmation`): reached only with checkout complete (the
 * guard), it takes the order just placed and then clears checkout, cart and contact information. It
 * thanks the buyer with the order number and where the details went, and leads to the order and on
 * shopping. Without a placed order (the flag alone is set by entering the summary) it clears nothing
 * and goes back to the summary, so a cart that was never ordered is never lost.
 */
export function OrderConfirmation(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  const navigation = useCheckoutNavigation();
  const [order, setOrder] = useState<PlacedOrder | null>(null);
  useEffect(() => {
    const placed = confirmPlacedOrder();
    if (placed) setOrder(placed);
    else navigation.go('summary');
    // Once per visit of the screen: the order is taken when it opens.
  }, []);

  return (
    <ScreenFrame className="shop-checkout shop-checkout-confirmation" title={order ? t('checkout.thank_you') : t('checkout.steps.confirmation')} busy={!order}>
      {order ? (
        <>
          <p role="status" className="shop-checkout-confirmation__number">
            {t('checkout.order_number', { number: order.name })}
          </p>
          {order.email && <p className="shop-checkout__muted">{t('checkout.confirmation_text', { email: order.email })}</p>}
          <p className="shop-checkout__actions shop-checkout-confirmation__links">
            <Link to={buildPath('user-order', { name: order.name })} className="shop-checkout__link">
              {t('checkout.view_order')}
            </Link>
            <Link to={buildPath('products')} className="shop-checkout__link">
              {t('cart.continue_shopping')}
            </Link>
          </p>
        </>
      ) : (
        <Loading loading className="shop-screen-frame__pending" />
      )}
    </ScreenFrame>
  );
}
