import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { accountMenuLinks } from '../../screens/account/account-links.ts';
import { isCoordinator, user } from '../../store/session.ts';
import { useLogOut } from '../../screens/auth/use-log-out.ts';
import { isPointsShop, shop } from '../../store/shop.ts';
import { useAnchoredLayer } from '../../widgets/shared/use-anchored-layer.ts';
import { useDismiss } from '../../widgets/shared/use-dismiss.ts';
import { startsWithText } from '../../widgets/shared/list-navigation.ts';
import { useListNavigation } from '../../widgets/shared/use-list-navigation.ts';
import { useElement } from '../../kit/element-context.tsx';
import { currentPath, Link, navigate } from '../../kit/router.tsx';
import css from './shell.css?inline';
import { useScriptsPending } from '../../kit/scripts-pending.tsx';

registerStyles('shell', css);

// Loaded after the header shows; if it cannot load, the points are left out rather than the menu.
const AccountPoints = lazy(() => import('./AccountPoints.tsx').catch(() => ({ default: () => null })));

/** Gap between the menu button and the menu. */
export const ACCOUNT_MENU_OFFSET_PX = 4;

type FocusTarget = 'first' | 'last';

/**
 * The logged-in user's menu (WAI-ARIA menu button): a button showing the user's name
 * (`aria-haspopup="menu"`, `aria-expanded`) opens a `role="menu"` of `menuitem` links and a Log out
 * item. Enter, Space or ArrowDown open it on the first item, ArrowUp on the last; in the menu the
 * arrows move (wrapping), Home and End jump, typed letters jump to the next item starting with them
 * (`use-list-navigation.ts`), Escape closes it and focus returns to the button, Tab closes it and
 * moves on, a click outside closes it. Log out ends the session (the API call, then the local session), fires `shop-logout` and goes to
 * Login when the shop requires it, else home. In a points shop the button also shows the points the
 * buyer can spend now (`./AccountPoints.tsx`, loaded after the header shows, into a box of fixed
 * width).
 */
export function AccountMenu() {
  useSignals();
  const current = user.value;
  const { host } = useElement();
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const { busy, logOut } = useLogOut();
  // The menu pattern: the arrows wrap, Home and End jump, typed letters find an item.
  const navigation = useListNavigation({ wrap: true, typeahead: startsWithText });
  const triggerRef = useRef<HTMLElement | null>(null);
  const menuRef = useRef<HTMLDivElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const { setTrigger, setLayer, floatingStyles } = useAnchoredLayer({
    open,
    placement: 'bottom-end',
    offsetPx: ACCOUNT_MENU_OFFSET_PX,
    triggerRef,
    layerRef: menuRef,
    ownTriggerRef: undefined,
  });

  const close = (refocus: boolean) => {
    setOpen(false);
    setFocusTarget(null);
    if (refocus) triggerRef.current?.focus();
  };
  useDismiss({ open, inside: [triggerRef, menuRef], onDismiss: (reason) => close(reason === 'escape') });

  // A navigation (from the menu or anywhere else) closes it.
  const path = currentPath.value;
  useEffect(() => {
    setOpen(false);
  }, [path]);

  const items = (): HTMLElement[] => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open || !focusTarget) return;
    const list = items();
    (focusTarget === 'first' ? list[0] : list[list.length - 1])?.focus();
    setFocusTarget(null);
  }, [open, focusTarget]);

  // Before the early return: hooks run in the same order on every render.
  const scriptsPending = useScriptsPending();
  if (!current) return null;
  const links = accountMenuLinks({ pointsShop: isPointsShop.value, coordinator: isCoordinator.value });
  const name = [current.name, current.surname].filter(Boolean).join(' ') || current.email;

  const openAt = (target: FocusTarget) => {
    setOpen(true);
    setFocusTarget(target);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(event.target as HTMLElement);
    const result = navigation.keyDown(event, list.map((item) => ({ label: item.textContent ?? '' })), index);
    if (result) {
      if (result.index !== null) list[result.index]?.focus();
      return;
    }
    if (event.key === 'Tab') {
      // Focus goes back to the button first, so the browser's Tab moves on from there.
      close(true);
    } else if (event.key === ' ') {
      event.preventDefault();
      (event.target as HTMLElement).click();
    }
  };

  const onLogout = async (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    if (busy) return;
    close(false);
    if (await logOut()) navigate(shop.value?.login_required ? buildPath('login') : '/', { from: host });
  };

  return (
    <div className="shop-account-menu">
      <button
        ref={setTrigger}
        id={buttonId}
        type="button"
        disabled={scriptsPending || undefined}
        className="shop-account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-busy={busy || undefined}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <svg className="shop-account-menu__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8" r="4" stroke="currentColor" strokeWidth="2" fill="none" />
          <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
        <span className="shop-account-menu__name">{name}</span>
        {isPointsShop.value && (
          <Suspense fallback={<span className="shop-account-menu__points" />}>
            <AccountPoints budgets={current.budgets} />
          </Suspense>
        )}
        <svg className="shop-account-menu__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {/* Rendered in place (inside the banner landmark), positioned fixed, so no scroll container clips it. */}
      {open && (
        <div
          ref={setLayer}
          id={menuId}
          role="menu"
          aria-label={t('account.menu')}
          className="shop-account-menu__list"
          style={floatingStyles}
          onKeyDown={onMenuKeyDown}
        >
          {links.map((link) => (
            <Link key={link.to} to={link.to} role="menuitem" tabIndex={-1} className="shop-account-menu__item" onClick={() => close(false)}>
              {link.label}
            </Link>
          ))}
          <div role="separator" className="shop-account-menu__separator" />
          <button type="button" role="menuitem" tabIndex={-1} className="shop-account-menu__item" onClick={(event) => void onLogout(event)}>
            {t('nav.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
