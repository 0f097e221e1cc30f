import type { ReactNode, Ref } from 'react';
import { registerStyles } from '../theme/styles.ts';
import css from './screen-frame.css?inline';

registerStyles('screen-frame', css);

/** Props of {@link ScreenFrame}. */
export interface ScreenFrameProps {
  /** The screen's own block class (`shop-cart`), for its own layout rules. */
  className: string;
  title: string;
  /** Content is loading: `aria-busy` on the section. */
  busy?: boolean;
  /** The heading, e.g. to move focus to it after an action that removes what had focus. */
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}

/**
 * A full screen's frame: one `<section>` with its `<h1>`. The heading stays the same node while the
 * content changes (loading, then the product), so the storefront's focus on it after a navigation
 * (`data-screen-heading`) is kept. Shared classes for the frame's states: `shop-screen-frame__pending`,
 * `__message`, `__link`, `__error`.
 */
export function ScreenFrame({ className, title, busy = false, headingRef, children }: ScreenFrameProps) {
  return (
    <section className={`shop-screen-frame ${className}`} aria-busy={busy || undefined}>
      <h1 ref={headingRef} className="shop-screen-frame__title" tabIndex={-1} data-screen-heading="">
        {title}
      </h1>
      {children}
    </section>
  );
}
