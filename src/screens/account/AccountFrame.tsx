import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode, Ref } from 'react';
import { currentPath, Link } from '../../kit/router.tsx';
import { accountMenuLinks } from './account-links.ts';
import { t } from '../../i18n/index.ts';
import { isCoordinator } from '../../store/session.ts';
import { isPointsShop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { ScreenFrame } from '../ScreenFrame.tsx';
import css from './account.css?inline';

registerStyles('account', css);

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
            {accountMenuLinks({ pointsShop: isPointsShop.value, coordinator: isCoordinator.value }).map((section) => (
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
