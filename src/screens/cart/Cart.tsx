import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useCartChangeEvent } from '../cart-button/use-cart-change-event.ts';
import { Link, routerActive } from '../../kit/router.tsx';
import { useShopAndSession } from '../../kit/use-shop-and-session.ts';
import type { QuantityError } from '../../domain/quantity.ts';
import { buildPath, type RouteId } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { tp } from '../../i18n/plural.ts';
import { AlertToast } from '../../widgets/alert-toast/AlertToast.tsx';
import { cartCount, cartTotals, type PricedCartLine } from '../../store/cart.ts';
import { cancelCartCheck, cartCheckError, cartCheckStatus, cartPricesChanged, cartReview, checkCart } from '../../store/cart-review.ts';
import { designerMode } from '../../store/designer-preview.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { isPointsShop, shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import css from './cart.css?inline';
import { CartLineItem } from './CartLineItem.tsx';
import { CartSummary } from './CartSummary.tsx';
import { useCartAnnouncer } from './use-cart-announcer.ts';
import { LoginFirst, ScreenFrame, ShopPending, shopFailed } from '../ScreenFrame.tsx';

registerStyles('cart', css);

/** One empty list for every line without product-wide errors (a new `[]` would defeat the rows' memo). */
const NO_ERRORS: readonly QuantityError[] = [];

/** Props of {@link Cart}: the router's (as the `cart` screen); `<shop-cart>` has only the common attributes. */
export interface CartProps {
  /** Set by the storefront's router (`cart`); absent on `<shop-cart>`. */
  routeId?: RouteId;
  /** Route parameters from the router (none for this route). */
  params?: Readonly<Record<string, string>>;
}

/** The cart screen's frame (see {@link ScreenFrame}). */
function Frame({ busy = false, heading, children }: { busy?: boolean; heading?: Ref<HTMLHeadingElement>; children?: ReactNode }) {
  return (
    <ScreenFrame className="shop-cart" title={t('cart.title')} busy={busy} headingRef={heading}>
      {children}
    </ScreenFrame>
  );
}

/**
 * The cart (spec §2 `/cart`), as the storefront's `cart` screen and as `<shop-cart>`.
 *
 * On opening (and whenever another product joins the cart) it checks the lines against the shop as it
 * is now (`checkCart`): current names and prices, stock and quantity rules, and in a points shop the
 * user's current budget balances. Each line can be changed with the quantity counter within its
 * bounds or removed; prices per piece follow the tier of the product's total quantity at once. The
 * summary shows net / VAT / gross or points, each budget's subtotal against the points left, and why
 * checkout cannot start yet (a product no longer available, a broken quantity rule, an inactive
 * budget, too few points) with "Go to checkout" disabled until it can.
 *
 * A quantity change is announced once the buyer pauses, with the line's and the cart's new totals and
 * any rule it broke; removing a line announces it and moves focus to the heading, so keyboard users
 * do not lose their place. Changes made in another tab or element appear here at once (one shared
 * cart). As an element outside the storefront it loads the shop and session itself, asks a guest of a
 * login-required shop to log in first, and fires `shop-cart-change`.
 */
export function Cart({ routeId }: CartProps) {
  useSignals();
  useShopAndSession();
  const routed = routeId === 'cart' && routerActive.value;
  useCartChangeEvent(!routed);
  const heading = useRef<HTMLHeadingElement>(null);
  const { announcement, onQuantityChange, onRemove: removeLine } = useCartAnnouncer();
  // Lines whose counter holds refused text ("2.5"): their quantity is not what the buyer typed.
  const [refusedLines, setRefusedLines] = useState<ReadonlySet<string>>(() => new Set());
  const onQuantityTextError = useCallback((key: string, refused: boolean) => {
    setRefusedLines((keys) => {
      if (keys.has(key) === refused) return keys;
      const next = new Set(keys);
      if (refused) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const website = shop.value;
  const session = sessionStatus.value;
  const loginRequired = website !== null && website.login_required && !designerMode.value;
  const loginFirst = loginRequired && session === 'guest';
  const sessionPending = session === 'unknown' || session === 'loading';
  const summary = cartTotals.value;
  const me = user.value;

  // Check the lines against the shop whenever the set of products (or the shop, or the user) changes.
  const productIds = [...new Set(summary.lines.map(({ line }) => line.product_id))].sort((a, b) => a - b).join(',');
  const canCheck = website !== null && !loginFirst && !sessionPending && productIds !== '';
  const shopId = website?.id ?? null;
  const userId = me?.id ?? null;
  useEffect(() => {
    if (!canCheck) return undefined;
    void checkCart(productIds.split(',').map(Number));
    return cancelCartCheck;
  }, [canCheck, productIds, shopId, userId]);

  // Stable, so the memoised rows do not re-render for a new handler.
  const onRemove = useCallback(
    (priced: PricedCartLine) => {
      removeLine(priced);
      heading.current?.focus({ preventScroll: true });
    },
    [removeLine],
  );

  const toasts = routed ? null : <AlertToast />;

  if (!website) {
    return (
      <Frame busy={!shopFailed()}>
        <ShopPending />
      </Frame>
    );
  }
  if (loginFirst) {
    return (
      <Frame>
        <LoginFirst />
      </Frame>
    );
  }
  if (loginRequired && sessionPending) {
    return (
      <Frame busy>
        <Loading loading className="shop-screen-frame__pending" />
      </Frame>
    );
  }

  const status = (
    <p className="shop-visually-hidden" role="status" aria-live="polite">
      {announcement}
    </p>
  );

  if (summary.lines.length === 0) {
    return (
      <Frame heading={heading}>
        {status}
        <div className="shop-cart__empty">
          <p className="shop-cart__empty-title">{t('cart.empty')}</p>
          <p className="shop-screen-frame__message">{t('cart.empty_text')}</p>
          <Link to={buildPath('products')} className="shop-button" data-variant="primary" part="button">
            {t('cart.continue_shopping')}
          </Link>
        </div>
        {toasts}
      </Frame>
    );
  }

  const checked = cartReview.value;
  const textRefused = summary.lines.some(({ key }) => refusedLines.has(key));
  const review = textRefused && !checked.blockers.includes('cart.blocked.quantities') ? { ...checked, canCheckout: false, blockers: [...checked.blockers, 'cart.blocked.quantities' as const] } : checked;
  const checkStatus = cartCheckStatus.value;
  const currency = website.currency;
  const firstLineOfProduct = new Map<number, string>();
  for (const { key, line } of summary.lines) if (!firstLineOfProduct.has(line.product_id)) firstLineOfProduct.set(line.product_id, key);

  return (
    <Frame heading={heading}>
      {status}
      <div className="shop-cart__layout">
        <div className="shop-cart__main">
          <p className="shop-cart__count">{tp('cart.items', cartCount.value)}</p>
          {checkStatus === 'loading' && <p className="shop-cart__notice" data-tone="muted">{t('cart.checking')}</p>}
          {checkStatus === 'error' && (
            <div className="shop-cart__notice" data-tone="warning" role="alert">
              <p>{`${t('cart.check_failed')} ${errorMessage(cartCheckError.value)}`}</p>
              <Button variant="secondary" size="small" onClick={() => void checkCart(summary.lines.map(({ line }) => line.product_id))}>
                {t('app.retry')}
              </Button>
            </div>
          )}
          {checkStatus === 'ready' && cartPricesChanged.value && (
            <p className="shop-cart__notice" data-tone="info" role="status">
              {t('cart.prices_changed')}
            </p>
          )}
          <ul className="shop-cart__lines" aria-label={t('cart.title')}>
            {summary.lines.map((priced) => (
              <CartLineItem
                key={priced.key}
                priced={priced}
                review={review.lines.get(priced.key)}
                productErrors={firstLineOfProduct.get(priced.line.product_id) === priced.key ? (review.products.get(priced.line.product_id) ?? NO_ERRORS) : NO_ERRORS}
                currency={currency}
                showBudget={isPointsShop.value}
                onQuantityChange={onQuantityChange}
                onQuantityTextError={onQuantityTextError}
                onRemove={onRemove}
              />
            ))}
          </ul>
        </div>
        <CartSummary summary={summary} review={review} currency={currency} isGross={website.is_gross} guest={me === null} coordinatorEmail={me?.coordinator_email ?? null} />
      </div>
      {toasts}
    </Frame>
  );
}
