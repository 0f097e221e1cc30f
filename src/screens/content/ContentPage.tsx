import { useSignals } from '@preact/signals-react/runtime';
import { SafeHtml } from '../../kit/content/SafeHtml.tsx';
import { useShopAndSession } from '../../kit/use-shop-and-session.ts';
import type { RouteId } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { designerMode } from '../../store/designer-preview.ts';
import { sessionStatus } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { FrameMessage, LoginFirst, ScreenFrame, ShopPending, shopFailed } from '../ScreenFrame.tsx';


/** Pages every visitor may read, also in a shop that requires login (spec §2: guest-accessible). */
const GUEST_PAGES: ReadonlySet<string> = new Set(['privacy-policy', 'terms-of-use']);

/** Props of {@link ContentPage}: the router's, or `<shop-page slug>`'s. */
export interface ContentPageProps {
  routeId?: RouteId;
  params?: Readonly<Record<string, string>>;
  /** The page's slug (`<shop-page slug="about-us">`); the router gives it as a route or parameter. */
  slug?: string;
}

/**
 * A content page (spec §2 `/privacy-policy`, `/terms-of-use`, `/{slug}`), as a screen and as
 * `<shop-page slug>`: the shop page's name as the heading and its HTML, sanitised (`sanitizeHtml`: no
 * script, handler or `javascript:` link survives). A click on a link to another storefront path inside
 * the content navigates without a page load. An unknown slug says so with a way home.
 */
export function ContentPage({ routeId, params, slug: slugProp }: ContentPageProps) {
  useSignals();
  useShopAndSession();
  const slug = slugProp ?? (routeId === 'privacy-policy' || routeId === 'terms-of-use' ? routeId : (params?.slug ?? ''));
  const website = shop.value;
  const page = website?.pages.find((candidate) => candidate.slug === slug && candidate.type === 'content') ?? null;

  if (!website) {
    return (
      <ScreenFrame className="shop-content-page" title={t('widgets.loading')} busy={!shopFailed()}>
        <ShopPending />
      </ScreenFrame>
    );
  }
  if (!page) {
    return (
      <ScreenFrame className="shop-content-page" title={t('app.not_found')}>
        <FrameMessage text={t('app.not_found_text')} to="/" label={t('app.back_home')} />
      </ScreenFrame>
    );
  }
  // As an element: a login-required shop shows its other pages to logged-in users only (the router
  // guards these routes itself).
  const session = sessionStatus.value;
  const needsLogin = routeId === undefined && website.login_required && !GUEST_PAGES.has(page.slug) && !designerMode.value;
  if (needsLogin && (session === 'unknown' || session === 'loading')) {
    return (
      <ScreenFrame className="shop-content-page" title={page.name} busy>
        <Loading loading className="shop-screen-frame__pending" />
      </ScreenFrame>
    );
  }
  if (needsLogin && session === 'guest') {
    return (
      <ScreenFrame className="shop-content-page" title={page.name}>
        <LoginFirst />
      </ScreenFrame>
    );
  }

  return (
    <ScreenFrame className="shop-content-page" title={page.name}>
      <SafeHtml html={page.content.html ?? ''} />
    </ScreenFrame>
  );
}
