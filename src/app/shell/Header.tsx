import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { Website } from '../../contract/contract.ts';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { markLocaleChosen, shop } from '../../store/shop.ts';
import { storageBase } from '../../store/storage-base.ts';
import { storageUrl } from '../../theme/theme.ts';
import { Badge } from '../../widgets/badge/Badge.tsx';
import { LanguageSwitch } from '../LanguageSwitch.tsx';
import { currentPath, Link } from '../../kit/router.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { navPages, useNarrowLayout, type ShellLayout } from './layout.ts';
import { MobileMenu } from './MobileMenu.tsx';
import { SearchBox } from './SearchBox.tsx';
import css from './shell.css?inline';

registerStyles('shell', css);

/** Props of {@link Header}. */
export interface HeaderProps {
  /**
   * Items in the cart, shown as a badge on the cart link (and in its name, "Cart (3)"). Leave it
   * undefined until the cart store exists: then the link shows no count.
   */
  cartCount?: number;
  /** `auto` (default): the stylesheet shows the variant for the viewport; `narrow` or `wide` render only that variant's parts (tests). */
  layout?: ShellLayout;
  /**
   * Moves focus to the screen. Given, the header starts with a "Skip to content" control (a button:
   * `#id` links cannot reach an element inside a shadow root).
   */
  onSkipToContent?: () => void;
}

/** The shop's logo (its name when it has none, or the image fails), linking home. */
function Brand({ website }: { website: Website }) {
  useSignals();
  const logo = storageUrl(website.settings.logo, storageBase.value);
  const [failed, setFailed] = useState<string | null>(null);
  const showLogo = logo !== null && failed !== logo;
  return (
    <Link to="/" className="shop-header__brand" data-logo={showLogo || undefined}>
      {showLogo ? (
        <img className="shop-header__logo" src={logo} alt={website.name} onError={() => setFailed(logo)} />
      ) : (
        <span className="shop-header__name">{website.name}</span>
      )}
    </Link>
  );
}

/** The main navigation: Products, then the shop's extra content pages by name. */
function MainNav({ website }: { website: Website }) {
  useSignals();
  return (
    <nav className="shop-nav" aria-label={t('app.main_navigation')}>
      <ul className="shop-nav__list">
        <li>
          <Link to={buildPath('products')} className="shop-nav__link">
            {t('nav.products')}
          </Link>
        </li>
        {navPages(website.pages).map((page) => (
          <li key={page.id}>
            <Link to={buildPath('page', { slug: page.slug })} className="shop-nav__link">
              {page.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The cart link; with a count, a badge and the name "Cart (n)". */
function CartLink({ count }: { count: number | undefined }) {
  useSignals();
  const counted = count !== undefined;
  return (
    <Link to={buildPath('cart')} className="shop-header__cart" aria-label={counted ? t('app.cart_count', { count }) : undefined}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="10" cy="20" r="1.5" fill="currentColor" />
        <circle cx="17" cy="20" r="1.5" fill="currentColor" />
      </svg>
      <span className="shop-header__cart-label">{t('app.cart')}</span>
      {counted && (
        <Badge tone="accent" className="shop-header__cart-count" aria-hidden="true">
          {count}
        </Badge>
      )}
    </Link>
  );
}

/** Log in for a guest, the account menu for a user, nothing while the session is still being checked. */
function SessionControl() {
  useSignals();
  if (user.value) return <AccountMenu />;
  if (sessionStatus.value !== 'guest') return null;
  return (
    <Link to={buildPath('login')} className="shop-header__login">
      {t('nav.login')}
    </Link>
  );
}

/**
 * The storefront's header (spec §2 "Other UI"): the shop's logo linking home, the main navigation
 * (Products and the shop's extra content pages), the product search, the language switch, the cart
 * link and Log in or the account menu. Below 48rem the navigation, search and language switch move
 * into a drawer opened by a menu button. Without a loaded shop only the language switch shows.
 *
 * With `layout="auto"` both variants' parts are rendered and the stylesheet's media query shows one
 * (`data-layout="auto"`): the markup does not depend on the viewport, so a server can render it and
 * the browser lays it out for its width before any script runs, and after a resize or a rotation
 * there is no frame in which the other variant's parts are laid out.
 */
export function Header({ cartCount, layout = 'auto', onSkipToContent }: HeaderProps) {
  useSignals();
  const website = shop.value;
  const narrow = useNarrowLayout(layout);
  const withNarrowParts = layout !== 'wide';
  const withWideParts = layout !== 'narrow';
  const [menuOpen, setMenuOpen] = useState(false);
  const path = currentPath.value;

  // The drawer closes after a navigation, and when the screen becomes wide enough for the full header.
  useEffect(() => setMenuOpen(false), [path]);
  useEffect(() => {
    if (!narrow) setMenuOpen(false);
  }, [narrow]);

  if (!website) {
    return (
      <header className="shop-header" part="header" data-layout={layout}>
        {onSkipToContent && (
          <button type="button" className="shop-app__skip" onClick={onSkipToContent}>
            {t('app.skip_to_content')}
          </button>
        )}
        <div className="shop-header__bar">
          <div className="shop-header__actions">
            <LanguageSwitch showLabel={layout === 'narrow'} onSwitch={markLocaleChosen} />
          </div>
        </div>
      </header>
    );
  }

  return (
    <header className="shop-header" part="header" data-layout={layout}>
      {onSkipToContent && (
        <button type="button" className="shop-app__skip" onClick={onSkipToContent}>
          {t('app.skip_to_content')}
        </button>
      )}
      <div className="shop-header__bar">
        {withNarrowParts && (
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen}>
            <SearchBox onSearch={() => setMenuOpen(false)} />
            <MainNav website={website} />
            <div className="shop-mobile-menu__language">
              <LanguageSwitch showLabel onSwitch={markLocaleChosen} />
            </div>
          </MobileMenu>
        )}
        <Brand website={website} />
        {withWideParts && (
          <div className="shop-header__wide-only">
            <SearchBox />
          </div>
        )}
        <div className="shop-header__actions">
          {withWideParts && (
            <div className="shop-header__wide-only">
              <LanguageSwitch onSwitch={markLocaleChosen} />
            </div>
          )}
          <CartLink count={cartCount} />
          <SessionControl />
        </div>
      </div>
      {withWideParts && (
        <div className="shop-header__wide-only">
          <MainNav website={website} />
        </div>
      )}
    </header>
  );
}
