import { useSignals } from '@preact/signals-react/runtime';
import { buildPath } from '../../domain/routes.ts';
import { formatMoney } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { tp } from '../../i18n/plural.ts';
import { Link } from '../../kit/router.tsx';
import { cartCount, cartTotals } from '../../store/cart.ts';
import { shop } from '../../store/shop.ts';
import { Drawer } from '../../widgets/drawer/Drawer.tsx';
import { CartSummaryList } from './CartSummaryList.tsx';

/** Props of {@link CartDrawer}. */
export interface CartDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The cart button's drawer: the lines (name, colour and size, quantity, line price) with the total and
 * links to the cart and to checkout, or the empty-cart text. Its own chunk, loaded when the button is
 * about to be used (`CartButton`), so a page that only shows the count does not download it.
 * Part: `drawer` (the drawer's content).
 */
export function CartDrawer({ open, onOpenChange }: CartDrawerProps) {
  useSignals();
  const count = cartCount.value;
  const summary = cartTotals.value;
  const currency = shop.value?.currency ?? '';
  const close = () => onOpenChange(false);

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
    <Drawer open={open} onOpenChange={onOpenChange} placement="right" title={t('cart.title')} footer={footer} className="shop-cart-drawer">
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
  );
}
