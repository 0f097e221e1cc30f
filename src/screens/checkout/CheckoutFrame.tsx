import { useSignals } from '@preact/signals-react/runtime';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { hrefFor, Link, navigate } from '../../kit/router.tsx';
import { CartSummaryList } from '../cart-button/CartSummaryList.tsx';
import { useElement } from '../../kit/element-context.tsx';
import { isPlainLeftClick } from '../../kit/plain-click.ts';
import { buildPath } from '../../domain/routes.ts';
import { formatMoney } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { cartTotals } from '../../store/cart.ts';
import { enterCheckoutStep } from '../../store/checkout.ts';
import { shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { ScreenFrame } from '../ScreenFrame.tsx';
import css from './checkout.css?inline';

registerStyles('checkout', css);

/** The three checkout steps (spec §4), in order. */
export const CHECKOUT_STEPS = ['delivery', 'payment', 'summary'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** Where the checkout goes next: a step, the cart, or the order confirmation. */
export type CheckoutTarget = CheckoutStep | 'cart' | 'confirmation';

/** How the checkout moves between steps: the storefront's router, or `<shop-checkout>`'s own state. */
export interface CheckoutNavigation {
  go(target: CheckoutTarget): void;
}

const PATHS: Record<CheckoutTarget, string> = {
  delivery: buildPath('checkout-delivery'),
  payment: buildPath('checkout-payment'),
  summary: buildPath('checkout-summary'),
  cart: buildPath('cart'),
  confirmation: buildPath('order-confirmation'),
};

/** The storefront path of a checkout target. */
export function checkoutPath(target: CheckoutTarget): string {
  return PATHS[target];
}

const RouterNavigation: CheckoutNavigation = { go: (target) => navigate(PATHS[target]) };
const NavigationContext = createContext<CheckoutNavigation>(RouterNavigation);

/** Provides a non-router navigation (used by `<shop-checkout>`, which keeps the step itself). */
export const CheckoutNavigationProvider = NavigationContext.Provider;

/** The checkout's navigation: `go('payment')` after the delivery step, and so on. */
export function useCheckoutNavigation(): CheckoutNavigation {
  const navigation = useContext(NavigationContext);
  const { host } = useElement();
  // Outside the storefront the router fires `shop-navigate` from the element; keep `go` the same.
  return navigation === RouterNavigation ? { go: (target) => navigate(PATHS[target], { from: host }) } : navigation;
}

/** Props of {@link CheckoutFrame}. */
export interface CheckoutFrameProps {
  step: CheckoutStep;
  busy?: boolean;
  children?: ReactNode;
}

/**
 * A checkout step's frame: the step's `<h1>`, the list of steps (earlier ones are links back, the
 * current one `aria-current="step"`), the step's content and, beside it (below it on narrow screens),
 * the cart with its total (not on the summary, which lists lines and totals itself). Entering a step
 * marks the buyer as in the checkout; entering the summary marks checkout complete (spec §2).
 */
export function CheckoutFrame({ step, busy = false, children }: CheckoutFrameProps) {
  useSignals();
  useEffect(() => enterCheckoutStep(step), [step]);
  const index = CHECKOUT_STEPS.indexOf(step);
  const summary = cartTotals.value;
  const currency = shop.value?.currency ?? '';
  return (
    <ScreenFrame className="shop-checkout" title={t(`checkout.steps.${step}`)} busy={busy}>
      <nav className="shop-checkout__steps" aria-label={t('checkout.title')}>
        <ol>
          {CHECKOUT_STEPS.map((name, position) => (
            <li key={name} className="shop-checkout__step" data-state={position < index ? 'done' : position === index ? 'current' : 'next'}>
              <span className="shop-checkout__step-number" aria-hidden="true">
                {position + 1}
              </span>
              {position < index ? (
                <StepLink step={name}>{t(`checkout.steps.${name}`)}</StepLink>
              ) : (
                <span aria-current={position === index ? 'step' : undefined}>{t(`checkout.steps.${name}`)}</span>
              )}
            </li>
          ))}
        </ol>
        <p className="shop-visually-hidden">{t('checkout.step_of', { step: index + 1, steps: CHECKOUT_STEPS.length })}</p>
      </nav>
      {step === 'summary' ? (
        // The summary lists the lines and totals itself: no cart beside it.
        <div className="shop-checkout__main">{children}</div>
      ) : (
        <div className="shop-checkout__layout">
          <div className="shop-checkout__main">{children}</div>
          <aside className="shop-checkout__cart" aria-labelledby="shop-checkout-cart-title">
            <h2 id="shop-checkout-cart-title" className="shop-checkout__subtitle">
              {t('cart.title')}
            </h2>
            <CartSummaryList lines={summary.lines} currency={currency} label={t('cart.title')} />
            <p className="shop-checkout__cart-total">
              <span>{t('cart.total')}</span>
              <strong>{formatMoney(summary.total, currency)}</strong>
            </p>
            <Link to={buildPath('cart')} className="shop-checkout__link">
              {t('cart.view_cart')}
            </Link>
          </aside>
        </div>
      )}
    </ScreenFrame>
  );
}

/** Props of {@link StepLink}. */
export interface StepLinkProps {
  step: CheckoutStep;
  children: ReactNode;
  /** A fuller accessible name than the visible text (several "Edit" links on one screen). */
  'aria-label'?: string;
  id?: string;
}

/**
 * A link back to a checkout step: a real link (its path, so it can be opened elsewhere) that moves
 * through the checkout's navigation on a plain click, so it works in `<shop-checkout>` too.
 */
export function StepLink({ step, children, id, 'aria-label': label }: StepLinkProps) {
  useSignals();
  const navigation = useCheckoutNavigation();
  return (
    <a
      id={id}
      href={hrefFor(PATHS[step])}
      className="shop-checkout__link"
      aria-label={label}
      onClick={(event) => {
        if (event.defaultPrevented || !isPlainLeftClick(event)) return;
        event.preventDefault();
        navigation.go(step);
      }}
    >
      {children}
    </a>
  );
}
