import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { ErrorBoundary } from '../kit/ErrorBoundary.tsx';
import { currentPath, navigate, routerActive, routerScope, syncLocation } from '../kit/router.tsx';
import { PreviewUnavailableScreen, screenFor } from './screens.tsx';
import { useShopAndSession } from '../kit/use-shop-and-session.ts';
import { guardContext } from '../kit/guard-context.ts';
import { guardRoute } from '../domain/guards.ts';
import { buildPath, matchRoute, type RouteId } from '../domain/routes.ts';
import { t } from '../i18n/index.ts';
import { designerMode } from '../store/designer-preview.ts';
import { isLoggedIn, sessionStatus } from '../store/session.ts';
import { shop } from '../store/shop.ts';
import { AlertToast } from '../widgets/alert-toast/AlertToast.tsx';
import { Loading } from '../widgets/loading/Loading.tsx';
import { LoginFirst, ScreenFrame, ShopPending, shopFailed } from '../screens/ScreenFrame.tsx';
import { screenErrorFallback } from '../screens/system/ErrorScreen.tsx';

/** The routes of the account area `<shop-account>` shows. */
const ACCOUNT_ROUTES: ReadonlySet<RouteId> = new Set(['user', 'user-orders', 'user-order', 'user-budgets', 'user-account-details', 'user-addresses', 'coordinator']);
/** The paths `<shop-account>` routes itself when no storefront is on the page. */
const ACCOUNT_SCOPE = ['/user'] as const;

/**
 * The account area on any page (`<shop-account>`): the same screens as the storefront's `/user…`
 * routes (overview, order history and orders, account details, addresses, budgets in points shops,
 * the coordinator area for coordinators), with the same guards. Without a `<shop-storefront>` on the
 * page it routes the `/user…` paths itself in the page's URL under `base-path` (so back and forward
 * work and a section can be linked); links elsewhere (a product, the cart) go to `storefront-url` or
 * fire `shop-navigate`. A guest is asked to log in first.
 */
export function AccountElement() {
  useSignals();
  useShopAndSession();

  // Own the /user… paths of the page's URL unless a storefront already owns them all.
  useLayoutEffect(() => {
    if (routerActive.peek()) return undefined;
    routerActive.value = true;
    routerScope.value = ACCOUNT_SCOPE;
    syncLocation();
    return () => {
      routerActive.value = false;
      routerScope.value = null;
    };
  }, []);

  const website = shop.value;
  const session = sessionStatus.value;
  const path = currentPath.value;
  const match = website ? matchRoute(path, website.pages) : null;
  const inArea = match !== null && ACCOUNT_ROUTES.has(match.route.id);
  const result =
    website && match && inArea
      ? guardRoute(match.route, guardContext(website, path, {}))
      : null;
  // A guest is asked to log in here rather than sent away; other redirects stay inside the area.
  const redirect = result?.kind === 'redirect' && result.reason !== 'auth-required' && result.reason !== 'login-required' ? result.to : null;
  // Decide only once the router is on (this element's or a storefront's) and has read the URL.
  const routing = routerActive.value;
  const target = !routing ? null : website && !inArea ? buildPath('user') : redirect;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target]);

  const toasts = <AlertToast />;
  if (!website || session === 'unknown' || session === 'loading') {
    return (
      <ScreenFrame className="shop-account" title={t('account.title')} busy={!shopFailed()}>
        {website ? <Loading loading className="shop-screen-frame__pending" /> : <ShopPending />}
      </ScreenFrame>
    );
  }
  if (!isLoggedIn.value && !designerMode.value) {
    return (
      <ScreenFrame className="shop-account" title={t('account.title')}>
        <LoginFirst />
      </ScreenFrame>
    );
  }
  if (!match || !inArea || target) return <Loading loading className="shop-screen-frame__pending" />;
  // A designer's preview signs nobody in: the account area says so rather than failing (docs/designer.md).
  const Screen = !isLoggedIn.value ? PreviewUnavailableScreen : screenFor(match.route.id);
  return (
    <>
      <ErrorBoundary screen={match.route.id} resetKey={path} fallback={screenErrorFallback}>
        <Suspense fallback={<Loading loading className="shop-screen-frame__pending" />}>
          <Screen routeId={match.route.id} params={match.params} />
        </Suspense>
      </ErrorBoundary>
      {toasts}
    </>
  );
}
