import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Drawer } from '../../widgets/drawer/Drawer.tsx';
import css from './shell.css?inline';
import { useScriptsPending } from '../../kit/scripts-pending.tsx';

registerStyles('shell', css);

/** Props of {@link MobileMenu} (controlled: the header closes it after a navigation). */
export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What moves into the drawer on narrow screens: search, navigation, language switch. */
  children?: ReactNode;
}

/**
 * The narrow-screen menu: a button (`aria-expanded`, named "Open menu" / "Close menu") that opens a
 * modal `Drawer` from the left holding the header's search, navigation and language switch. The
 * drawer is a native modal dialog (the page behind is inert), closes on Escape, its Close button or
 * the backdrop, and gives focus back to the button.
 */
export function MobileMenu({ open, onOpenChange, children }: MobileMenuProps) {
  useSignals();
  const scriptsPending = useScriptsPending();
  return (
    <>
      <button
        type="button"
        disabled={scriptsPending || undefined}
        className="shop-header__menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={open ? t('app.close_menu') : t('app.open_menu')}
        onClick={() => onOpenChange(!open)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <Drawer open={open} onOpenChange={onOpenChange} title={t('app.menu')} className="shop-mobile-menu">
        <div className="shop-mobile-menu__content">{children}</div>
      </Drawer>
    </>
  );
}
