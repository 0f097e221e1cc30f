import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import { useCartChangeEvent } from '../cart-button/use-cart-change-event.ts';
import { useElement } from '../../kit/element-context.tsx';
import { Link, navigate } from '../../kit/router.tsx';
import { useShopAndSession } from '../../kit/use-shop-and-session.ts';
import { guardRoute, type CheckoutGuardState } from '../../domain/guards.ts';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { checkoutGuardState } from '../../store/checkout.ts';
import { sessionStatus } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { AlertToast } from '../../widgets/alert-toast/AlertToast.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { CheckoutSignInNotice } from '../auth/CheckoutSignInNotice.tsx';
import { FrameMessage, LoginFirst, ScreenFrame, ShopPending, shopFailed } from '../ScreenFrame.tsx';
import { CheckoutNavigationProvider, checkoutPath, type CheckoutNavigation, type CheckoutTarget } from './CheckoutFrame.tsx';
import { Delivery } from './Delivery.tsx';
import { OrderConfirmation } from './OrderConfirmation.tsx';
import { Payment } from './Payment.tsx';
import { Summary } from './Summary.tsx';

/** The screens `<shop-checkout>` switches between. */
type ElementStep = 'delivery' | 'payment' | 'summary' | 'confirmation';

const ROUTE_OF: Record<ElementStep, 'checkout-delivery' | 'checkout-payment' | 'checkout-summary' | 'order-confirmation'> = {
  delivery: 'checkout-delivery',
  payment: 'checkout-payment',
  summary: 'checkout-summary',
  confirmation: 'order-confirmation',
};
const STEP_OF_PATH = new Map<string, ElementStep>((Object.keys(ROUTE_OF) as ElementStep[]).map((step) => [checkoutPath(step), step]));

/**
 * The step `<shop-checkout>` may show when `wanted` is asked for: the storefront's step guards (spec §2)
 * applied the same way, walking back to the first step whose precondition holds; `cart` when even the
 * delivery step is not open (an empty cart, or no active budget in a budget shop).
 */
export function allowedStep(wanted: ElementStep, state: CheckoutGuardState): ElementStep | 'cart' {
  let step: ElementStep = wanted;
  for (let hops = 0; hops < 4; hops++) {
    const result = guardRoute(
      { id: ROUTE_OF[step], access: 'auth' },
      { loggedIn: true, isCoordinator: false, loginRequired: true, currency: '', registrationType: '', designerMode: false, query: {}, returnTo: '', checkout: state },
    );
    if (result.kind === 'allow') return step;
    const next = STEP_OF_PATH.get(result.to);
    if (!next) return 'cart';
    step = next;
  }
  return 'cart';
}

/**
 * The whole checkout on any page (`<shop-checkout>`): the same delivery, payment and summary steps
 * and the confirmation as the storefront's `/checkout/…` screens, with the step kept by the element
 * instead of the URL and the same step guards. A guest is asked to log in first (in an open shop told
 * why, and how to get an account); an empty cart (or no
 * active budget in a budget shop) leads to the cart, through `storefront-url` or `shop-navigate`.
 */
export function CheckoutElement() {
  useSignals();
  useShopAndSession();
  useCartChangeEvent(true);
  const { host } = useElement();
  const [wanted, setWanted] = useState<ElementStep>('delivery');
  const navigation = useMemo<CheckoutNavigation>(
    () => ({
      go: (target: CheckoutTarget) => {
        if (target === 'cart') navigate(buildPath('cart'), { from: host });
        else setWanted(target);
      },
    }),
    [host],
  );

  const session = sessionStatus.value;
  const guard = checkoutGuardState.value;
  const toasts = <AlertToast />;
  if (!shop.value) {
    return (
      <ScreenFrame className="shop-checkout" title={t('checkout.title')} busy={!shopFailed()}>
        <ShopPending />
      </ScreenFrame>
    );
  }
  if (session === 'unknown' || session === 'loading') {
    return (
      <ScreenFrame className="shop-checkout" title={t('checkout.title')} busy>
        <Loading loading className="shop-screen-frame__pending" />
      </ScreenFrame>
    );
  }
  if (!guard) {
    // A guest of an open shop filled a cart here: why an account is needed, how to get one, and Log in
    // back to this checkout, so a filled cart is never met by a bare login form; a login-required shop just asks to log in.
    const website = shop.value;
    return (
      <ScreenFrame className="shop-checkout" title={t('checkout.title')}>
        {website.login_required ? (
          <LoginFirst />
        ) : (
          <>
            <CheckoutSignInNotice website={website} />
            <p>
              <Link className="shop-screen-frame__link" to={`${buildPath('login')}?redirect=${encodeURIComponent(buildPath('checkout-delivery'))}`}>
                {t('nav.login')}
              </Link>
            </p>
          </>
        )}
      </ScreenFrame>
    );
  }
  const step = allowedStep(wanted, guard);
  if (step === 'cart') {
    return (
      <ScreenFrame className="shop-checkout" title={t('checkout.title')}>
        <FrameMessage text={guard.cartCount === 0 ? t('cart.empty') : t('budgets.inactive_in_cart')} to={buildPath('cart')} label={t('cart.view_cart')} />
      </ScreenFrame>
    );
  }
  return (
    <CheckoutNavigationProvider value={navigation}>
      {step === 'delivery' && <Delivery />}
      {step === 'payment' && <Payment />}
      {step === 'summary' && <Summary />}
      {step === 'confirmation' && <OrderConfirmation />}
      {toasts}
    </CheckoutNavigationProvider>
  );
}
