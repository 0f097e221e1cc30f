import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './system.css?inline';

registerStyles('system', css);

/** Props of {@link LoadingScreen}. */
export interface LoadingScreenProps {
  /** What is loading (default `app.loading_shop`, "Loading the shop…"). */
  label?: string;
  /**
   * Announced in a polite status region (default): the shop's start-up. Off for a screen whose code
   * loads after a navigation inside the storefront: the new screen's heading, focused when it shows,
   * announces the page, so a "Loading…" on every route change would only be noise (WCAG 4.1.3).
   */
  announce?: boolean;
}

/**
 * The start-up state (spec §2 "Start-up: shop presets load first") and the fallback while a screen's
 * code loads: a `role="status"` region (announced politely) with a spinner and its text as the
 * screen's heading.
 */
export function LoadingScreen({ label, announce = true }: LoadingScreenProps) {
  useSignals();
  return (
    <section className="shop-system" data-screen="loading" {...(announce ? { role: 'status', 'aria-live': 'polite' as const } : {})}>
      <span className="shop-system__spinner" aria-hidden="true" />
      <h1 className="shop-system__title">
        {label ?? t('app.loading_shop')}
      </h1>
    </section>
  );
}
