import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { buildPath } from '../../domain/routes.ts';
import { formatMoney } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { tp } from '../../i18n/plural.ts';
import { cartCount, cartTotals } from '../../store/cart.ts';
import { shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Badge } from '../../widgets/badge/Badge.tsx';
import { Drawer } from '../../widgets/drawer/Drawer.tsx';
import { Link } from '../../kit/router.tsx';
import { useShopAndSession } from '../../kit/use-shop-and-session.ts';
import css from './cart-button.css?inline';
import { CartSummaryList } from './CartSummaryList.tsx';
import { useCartChangeEvent } from './use-cart-change-event.ts';

registerStyles('cart-button', css);

/** Props of {@link CartButton}: none besides the common element attributes. */
export type CartButtonProps = Record<string, never>;

/**
 * The cart button (spec §2): a button named "Cart (3)" with the number of pieces in a badge, opening
 * a drawer from the right that lists the lines (name, colour and size, quantity, line price) with the
 * total and links to the cart and to checkout. Links go through the router: inside a storefront they
 * navigate; elsewhere they lead to `storefront-url` or fire the cancelable `shop-navigate`.
 * Parts: `button` (the cart button), `badge` (its count), `drawer` (the drawer's content).
 */
export function CartButton() {
  useSignals();
  useShopAndSession();
  useCartChangeEvent();
  const [open, setOpen] = useState(false);
  const count = cartCount.value;
  const summary = cartTotals.value;
  const currency = shop.value?.currency ?? '';
  const close = () => setOpen(false);

  const footer = (
    <div className="shop-cart-drawer__footer">
      {summary.lines.length > 0 && currency && (
        <p className="shop-cart-drawer__total">
          <span>
            {t('cart.total')}
            {summary.kind === 'money' && <span className="shop-cart-drawer__tax">{` (${shop.value?.is_gross ? t('product.gross') : t('product.net')})`}</span>}
          </span>
          <strong>{formatMoney(summary.total, currency)}</strong>
        </p>
      )}
      <div className="shop-cart-drawer__links">
        {summary.lines.length > 0 ? (
          <>
            <Link to={buildPath('cart')} className="shop-cart-drawer__link" data-variant="secondary" onClick={close}>
              {t('cart.view_cart')}
            </Link>
            <Link to={buildPath('checkout')} className="shop-cart-drawer__link" data-variant="primary" onClick={close}>
              {t('cart.checkout')}
            </Link>
          </>
        ) : (
          <>
            <Link to={buildPath('products')} className="shop-cart-drawer__link" data-variant="primary" onClick={close}>
              {t('cart.continue_shopping')}
            </Link>
            <Link to={buildPath('cart')} className="shop-cart-drawer__link" data-variant="secondary" onClick={close}>
              {t('cart.view_cart')}
            </Link>
          </>
        )}
      </div>
    </div>
  );

  return (
    <div className="shop-cart-button">
      <button
        type="button"
        className="shop-cart-button__toggle"
        part="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('app.cart_count', { count })}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          <circle cx="10" cy="20" r="1.5" fill="currentColor" />
          <circle cx="17" cy="20" r="1.5" fill="currentColor" />
        </svg>
        <span className="shop-cart-button__label" aria-hidden="true">
          {t('app.cart')}
        </span>
        <span className="shop-cart-button__badge" part="badge" aria-hidden="true">
          <Badge tone="accent">{count}</Badge>
        </span>
      </button>
      <Drawer open={open} onOpenChange={setOpen} placement="right" title={t('cart.title')} footer={footer} className="shop-cart-drawer">
        <div className="shop-cart-drawer__content" part="drawer">
          {summary.lines.length === 0 ? (
            <div className="shop-cart-drawer__empty">
              <p className="shop-cart-drawer__empty-title">{t('cart.empty')}</p>
              <p>{t('cart.empty_text')}</p>
            </div>
          ) : (
            <>
              <p className="shop-cart-drawer__count">{tp('cart.items', count)}</p>
              <CartSummaryList lines={summary.lines} currency={currency} label={t('cart.title')} />
            </>
          )}
        </div>
      </Drawer>
    </div>
  );
}
