import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import { guardRoute, type GuardResult } from '../domain/guards.ts';
import { matchRoute, type RouteMatch } from '../domain/routes.ts';
import { unavailableInPreview } from '../domain/preview.ts';
import { checkoutGuardState } from '../store/checkout.ts';
import { awaitingDesigner, designerMode } from '../store/designer-preview.ts';
import { isLoggedIn, prefetchSession, sessionStatus } from '../store/session.ts';
import { locale } from '../store/locale.ts';
import { loadShop, shop, shopStatus } from '../store/shop.ts';
import { pageArrival, takeRawArrival } from '../store/handoff-address.ts';
import { answerSignInOffer, signInOffer } from '../store/handoff-offer.ts';
import { handoffArriving, startSession } from '../store/handoff-start.ts';
import { storageBase } from '../store/storage-base.ts';
import { applyFavicon } from '../theme/favicon.ts';
import { currentPath, currentQuery, navigate, routerActive, syncLocation } from '../kit/router.tsx';
import { guardContext } from '../kit/guard-context.ts';
import { t } from '../i18n/index.ts';
import { routeTitle } from './route-titles.ts';
import { screenName } from '../store/screen-title.ts';
import { PreviewUnavailableScreen, preloadScreen, screenFor, type ScreenProps } from './screens.tsx';
import { PopupHost } from './popups/PopupHost.tsx';
import { AppShell } from './shell/AppShell.tsx';
import { useCartChangeEvent } from '../screens/cart-button/use-cart-change-event.ts';
import { screenErrorFallback } from '../screens/system/ErrorScreen.tsx';
import { LoadingScreen } from '../screens/system/LoadingScreen.tsx';
import { ErrorBoundary } from '../kit/ErrorBoundary.tsx';
import { useHeadingFocusAfterNavigation } from './heading-focus.ts';
import { retryableLazy } from '../kit/lazy-retry.ts';
import { StoreNotFound } from '../screens/system/StoreNotFound.tsx';

/** The question before a sign-in from a link (against login CSRF): its code loads only when a link brings a sign-in. */
const SignInOfferDialog = retryableLazy(() => import('./SignInOfferDialog.tsx'), (module) => module.SignInOfferDialog);

/** The sign-in offer's fallback when its dialog fails: declined, as if the person said "Not me". */
function DeclineOffer() {
  useEffect(() => {
    answerSignInOffer(false);
  }, []);
  return null;
}

/**
 * The routed screen. One whose code is here renders without a Suspense boundary, as the server renders
 * it (its code loaded first): hydrated with the shell in one pass rather than left for a later one,
 * where any synchronous update (a signal) before that pass would make React give up the screen's
 * server markup. Decided once per screen, so a boundary never comes or goes under a screen that shows.
 */
function ScreenSlot({ Screen, params, routeId }: { Screen: ComponentType<ScreenProps>; params: ScreenProps['params']; routeId: ScreenProps['routeId'] }) {
  const decided = useRef<{ Screen: ComponentType<ScreenProps>; loaded: boolean } | null>(null);
  if (decided.current?.Screen !== Screen) decided.current = { Screen, loaded: !('isLoaded' in Screen) || (Screen as { isLoaded: () => boolean }).isLoaded() };
  const screen = <Screen params={params} routeId={routeId} />;
  // The screen's code on its way: shown, not announced (the screen's heading is, once it shows).
  return decided.current.loaded ? screen : <Suspense fallback={<LoadingScreen label={t('widgets.loading')} announce={false} />}>{screen}</Suspense>;
}

/** A storefront path without its query. */
const pathnameOf = (path: string): string => path.split('?')[0] ?? path;

/** What the storefront shows for the current URL: a screen, a redirect to make, or a wait. */
export type Decision = { kind: 'wait' } | { kind: 'redirect'; to: string } | { kind: 'screen'; match: RouteMatch };

/**
 * Decides from the shop, the session and the URL; pure apart from reading signals. The server's
 * renderer asks it too: a redirect there is an HTTP redirect (elements/storefront-server.tsx).
 */
export function decide(path: string): Decision {
  const status = shopStatus.value;
  if (status === 'idle' || status === 'loading') return { kind: 'wait' };
  if (status !== 'ready' || !shop.value) {
    return path.startsWith('/store-not-found') ? { kind: 'wait' } : { kind: 'redirect', to: '/store-not-found' };
  }
  if (sessionStatus.value === 'unknown' || sessionStatus.value === 'loading' || handoffArriving.value) return { kind: 'wait' };
  const website = shop.value;
  // A guest's view of a login-required shop holds no pages of its own: `/{slug}` then goes to Login, not to /404.
  const match = matchRoute(path, website.pages, { pagesWithheld: website.guest_view === true });
  if (!match) return { kind: 'redirect', to: '/404' };
  const query = Object.fromEntries(currentQuery());
  // The step guards run on the buyer's checkout state; a designer previews the steps without one.
  const checkout = designerMode.value ? undefined : (checkoutGuardState.value ?? undefined);
  const result: GuardResult = guardRoute(match.route, guardContext(website, path, query, checkout));
  if (result.kind === 'redirect') {
    // A framed page waits briefly for its designer before a guard sends it elsewhere (see awaitingDesigner).
    return awaitingDesigner.value ? { kind: 'wait' } : { kind: 'redirect', to: result.to };
  }
  return { kind: 'screen', match };
}

/**
 * The full routed storefront (spec §2): loads the shop's presets first (an unknown shop or a failure
 * still mounts and shows Store not found), restores the session, then renders the screen for the URL
 * inside the app shell, after the guards. Back/forward, deep links and reloads land on the right
 * screen; each screen sets the document title, and after a navigation focus moves to its heading so
 * screen readers announce the new page. The shop's popups for the screen show over it (`PopupHost`).
 * It fires `shop-cart-change` whenever the cart changes.
 */
export function Storefront() {
  useSignals();
  useCartChangeEvent();
  const path = currentPath.value;
  const shown = useRef<{ path: string; decision: Extract<Decision, { kind: 'screen' }> } | null>(null);
  let decision = decide(path);
  // A sign-in link opened mid-session (the fragment changed) waits for the person's answer over the
  // screen they were on: it stays, with whatever they typed, until the answer is in, so nothing typed is lost.
  if (decision.kind === 'wait' && handoffArriving.value && shown.current?.path === path) decision = shown.current.decision;
  if (decision.kind === 'screen') shown.current = { path, decision };
  // A redirect is made by an effect after this render. One back to the screen shown (an empty search
  // from Login, sent back to Login) keeps that screen meanwhile, rather than a loading screen for a
  // frame, which would unmount the header with the field in focus and flash the page. Another screen
  // is not rendered for the path its guard refused.
  const back = decision.kind === 'redirect' && shown.current && pathnameOf(decision.to) === pathnameOf(shown.current.path) ? shown.current : null;
  const view = decision.kind === 'screen' ? { path, decision } : back;
  const viewPath = view?.path ?? path;
  const pathname = pathnameOf(viewPath);

  // Taken from the address bar while first rendering, before any screen may rewrite the URL.
  const arrival = pageArrival();

  useEffect(() => {
    routerActive.value = true;
    syncLocation();
    void loadShop();
    // The user of a stored token loads beside the shop's config; a handoff's sign-in is offered to them.
    prefetchSession();
    // The screen the URL names (content pages aside, which need the shop's page list) starts loading
    // beside the shop and the session instead of after them; a guard may still pick another screen.
    const first = matchRoute(currentPath.peek(), []);
    if (first) preloadScreen(first.route.id);
    // The same handoff link followed again from this page changes only the fragment: take it in too.
    const onHashChange = () => {
      if (shopStatus.peek() === 'ready') void startSession(takeRawArrival());
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      routerActive.value = false;
      window.removeEventListener('hashchange', onHashChange);
    };
  }, []);

  const status = shopStatus.value;
  useEffect(() => {
    if (status === 'ready') {
      void startSession(arrival);
      applyFavicon(shop.value?.settings.favicon, storageBase.value);
    }
    // `arrival` is one object per page (a page singleton): listed, it never reruns this.
  }, [status, arrival]);

  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true });
  }, [redirectTo, path]);

  const match = view?.decision.match ?? null;
  const routeId = match?.route.id ?? (path.startsWith('/store-not-found') ? 'store-not-found' : null);
  const pageName = match?.route.id === 'page' || match?.route.id === 'privacy-policy' || match?.route.id === 'terms-of-use'
    ? shop.value?.pages.find((page) => pathname === `/${page.slug}`)?.name
    : undefined;
  const named = screenName();
  const title = routeId ? (named?.route === routeId ? named.title : (pageName ?? routeTitle(routeId, match?.params))) : null;
  const shopName = shop.value?.name;

  // The one writer of the document title: it names the page shown (WCAG 2.4.2), so it is written again
  // whenever the screen, its own name or the shop's changes, even when the words stay the same.
  useEffect(() => {
    if (!title) return;
    document.title = shopName ? `${title} · ${shopName}` : title;
  }, [title, routeId, shopName]);

  // The routed storefront owns its page, as it owns the title: the document's language follows the
  // interface's (screen readers, hyphenation, the live chat). Widgets on a host page leave the host's
  // <html> alone and carry `lang` on their own root (ElementShell).
  const lang = locale.value;
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  const host = useRef<HTMLDivElement>(null);
  useHeadingFocusAfterNavigation(host, pathname, view !== null);

  // Over whatever shows (the guards wait meanwhile). A dialog that cannot load or show declines: the
  // code is dropped rather than used unasked, and nobody is left waiting for an answer.
  const offer = signInOffer.value ? (
    <ErrorBoundary screen="sign-in-offer" resetKey={pathname} fallback={() => <DeclineOffer />}>
      <Suspense fallback={null}>
        <SignInOfferDialog />
      </Suspense>
    </ErrorBoundary>
  ) : null;

  if (!view) {
    if (shopStatus.value === 'not-found' || shopStatus.value === 'error') {
      return (
        <div ref={host} className="shop-storefront">
          <main id="shop-main" tabIndex={-1}>
            <StoreNotFound />
          </main>
        </div>
      );
    }
    return (
      <>
        <LoadingScreen />
        {offer}
      </>
    );
  }

  // A designer's preview signs nobody in: a screen of a buyer's own data says so rather than failing.
  const { match: shownMatch } = view.decision;
  const previewGap = designerMode.value && unavailableInPreview(shownMatch.route.access, isLoggedIn.value);
  const Screen = previewGap ? PreviewUnavailableScreen : screenFor(shownMatch.route.id);
  return (
    <div ref={host} className="shop-storefront">
      <AppShell>
        {/* A screen that fails to load or render fails alone: header, navigation and cart go on. */}
        <ErrorBoundary screen={shownMatch.route.id} resetKey={pathname} fallback={screenErrorFallback}>
          <ScreenSlot Screen={Screen} params={shownMatch.params} routeId={shownMatch.route.id} />
        </ErrorBoundary>
      </AppShell>
      {/* A popup that fails is left out (and reported); the screen under it goes on. */}
      <ErrorBoundary screen={shownMatch.route.id} resetKey={pathname} fallback={() => null}>
        <PopupHost routeId={shownMatch.route.id} path={viewPath} />
      </ErrorBoundary>
      {offer}
    </div>
  );
}
