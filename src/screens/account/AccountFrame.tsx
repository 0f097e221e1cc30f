import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode, Ref } from 'react';
import { currentPath, Link } from '../../app/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { isCoordinator } from '../../store/session.ts';
import { isPointsShop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { ScreenFrame } from '../ScreenFrame.tsx';
import css from './account.css?inline';

registerStyles('account', css);

/** One section of the account menu. */
export interface AccountSection {
  to: string;
  label: string;
}

/**
 * The account menu (spec §2): Order history, Account details, Addresses, plus Budgets in points shops
 * and the coordinator area for coordinators. Read inside a component that tracks signals.
 */
export function accountSections(): AccountSection[] {
  return [
    { to: buildPath('user-orders'), label: t('account.orders') },
    { to: buildPath('user-account-details'), label: t('account.details') },
    { to: buildPath('user-addresses'), label: t('account.addresses') },
    ...(isPointsShop.value ? [{ to: buildPath('user-budgets'), label: t('account.budgets') }] : []),
    ...(isCoordinator.value ? [{ to: buildPath('coordinator'), label: t('account.coordinator_area') }] : []),
  ];
}

/** Props of {@link AccountFrame}. */
export interface AccountFrameProps {
  title: string;
  /** The screen's own block class (`shop-account-orders`). */
  className?: string;
  busy?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}

/**
 * An account screen's frame: its `<h1>`, the account menu beside the content (above it on narrow
 * screens; the current section marked `aria-current="page"`), and the content.
 */
export function AccountFrame({ title, className, busy = false, headingRef, children }: AccountFrameProps) {
  useSignals();
  const path = currentPath.value.split('?')[0] ?? '';
  return (
    <ScreenFrame className={className ? `shop-account ${className}` : 'shop-account'} title={title} busy={busy} headingRef={headingRef}>
      <div className="shop-account__layout">
        <nav className="shop-account__menu" aria-label={t('account.menu')}>
          <ul>
            {accountSections().map((section) => (
              <li key={section.to}>
                <Link to={section.to} className="shop-account__menu-link" aria-current={path === section.to || path.startsWith(`${section.to}/`) ? 'page' : undefined}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="shop-account__content">{children}</div>
      </div>
    </ScreenFrame>
  );
}
