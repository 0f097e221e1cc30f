import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { loadProduct } from '../../store/product.ts';
import { AlertToast } from '../../widgets/alert-toast/AlertToast.tsx';
import { Button } from '../../widgets/button/Button.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { FrameMessage, LoginFirst, ScreenFrame, ShopPending, shopFailed } from '../ScreenFrame.tsx';
import type { ProductScreenState } from './product-screen-state.ts';
import { ProductDetails } from './ProductDetails.tsx';

/** Props of {@link ProductStateFrame}. */
export interface ProductStateFrameProps {
  state: ProductScreenState;
  /** Show the shop's toasts under the product: a `<shop-product>` element has no storefront to show them. */
  toasts: boolean;
}

/** A state's heading, whether it is busy, and what shows under the heading. */
interface StateView {
  title: string;
  busy: boolean;
  body: ReactNode;
}

/** How each state of the product screen looks. */
function viewOf(state: ProductScreenState, toasts: boolean): StateView {
  switch (state.kind) {
    case 'shop-pending':
      return { title: shopFailed() ? t('app.store_not_found') : t('widgets.loading'), busy: !shopFailed(), body: <ShopPending /> };
    case 'login-first':
      return { title: t('auth.login_title'), busy: false, body: <LoginFirst /> };
    case 'not-found':
      return {
        title: t('app.not_found'),
        busy: false,
        body: <FrameMessage text={t('app.not_found_text')} to={buildPath('products')} label={t('cart.continue_shopping')} />,
      };
    case 'load-error':
      return {
        title: t('app.error'),
        busy: false,
        body: (
          <>
            <p role="alert" className="shop-screen-frame__error">
              {errorMessage(state.error)}
            </p>
            <Button variant="secondary" onClick={() => void loadProduct(state.id)}>
              {t('app.retry')}
            </Button>
          </>
        ),
      };
    case 'loading':
      return { title: t('widgets.loading'), busy: true, body: <Loading loading className="shop-screen-frame__pending" /> };
    case 'product':
      return {
        title: state.product.name,
        busy: false,
        body: (
          <>
            <ProductDetails key={state.product.id} product={state.product} website={state.website} />
            {toasts ? <AlertToast /> : null}
          </>
        ),
      };
  }
}

/**
 * The product screen in any of its states (see {@link ProductScreenState}): loading, shop or product
 * not found, login first, a failed load with a retry, or the product. Every state renders the same
 * {@link ScreenFrame}, so its heading stays one node and keeps the router's focus when the product
 * arrives.
 */
export function ProductStateFrame({ state, toasts }: ProductStateFrameProps) {
  useSignals();
  const { title, busy, body } = viewOf(state, toasts);
  return (
    <ScreenFrame className="shop-product" title={title} busy={busy}>
      {body}
    </ScreenFrame>
  );
}
