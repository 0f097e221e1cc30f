import { useSignals } from '@preact/signals-react/runtime';
import type { CSSProperties, ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './loading.css?inline';

registerStyles('loading', css);

/** Spec §9: loading content dims to 50 % opacity. */
export const LOADING_OPACITY = 0.5;

/** Inline, so no host stylesheet can undo it: dimmed and unclickable while loading (spec §9). */
const LOADING_STYLE: CSSProperties = { opacity: LOADING_OPACITY, pointerEvents: 'none' };

/** Props of {@link Loading}. */
export interface LoadingProps {
  /** Whether the content is being loaded or refreshed. */
  loading: boolean;
  children?: ReactNode;
  /** Spoken text of the spinner (default `widgets.loading`, "Loading…"). */
  label?: string;
  /** Extra class on the region. */
  className?: string;
}

/**
 * Loading overlay for a region (spec §4, §9): while `loading`, the content stays in the DOM (no
 * layout jump, no lost scroll position or input) but is dimmed to 50 % and ignores the pointer, the
 * region says `aria-busy="true"`, and a spinner with a visually hidden "Loading…" sits over it.
 * Parts: `base` (the region), `body` (the content), `spinner`; `data-loading` while loading.
 */
export function Loading({ loading, children, label, className }: LoadingProps) {
  useSignals();
  return (
    <div className={className ? `shop-loading ${className}` : 'shop-loading'} part="base" aria-busy={loading ? 'true' : undefined} data-loading={loading || undefined}>
      <div className="shop-loading__content" part="body" style={loading ? LOADING_STYLE : undefined}>
        {children}
      </div>
      {loading && (
        <div className="shop-loading__indicator" part="spinner">
          <span className="shop-loading__spinner" aria-hidden="true" />
          <span className="shop-visually-hidden">{label ?? t('widgets.loading')}</span>
        </div>
      )}
    </div>
  );
}
