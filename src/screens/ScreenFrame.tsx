import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode, Ref } from 'react';
import { Link } from '../kit/router.tsx';
import { buildPath } from '../domain/routes.ts';
import { t } from '../i18n/index.ts';
import { shopStatus } from '../store/shop.ts';
import { Loading } from '../widgets/loading/Loading.tsx';
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

/** A screen's message with one way on (a link to a storefront path), in the frame's styles. */
export function FrameMessage({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <>
      <p className="shop-screen-frame__message">{text}</p>
      <p>
        <Link className="shop-screen-frame__link" to={to}>
          {label}
        </Link>
      </p>
    </>
  );
}

/** What a screen asks of a guest where the shop requires login: to log in, with the link. */
export function LoginFirst() {
  useSignals();
  return <FrameMessage text={t('errors.unauthenticated')} to={buildPath('login')} label={t('nav.login')} />;
}

/** Whether the shop's presets failed to load (an unknown shop or an error), so there is nothing to wait for. */
export function shopFailed(): boolean {
  return shopStatus.value === 'not-found' || shopStatus.value === 'error';
}

/** What a screen shows before its shop is loaded: a spinner, or the store-not-found text once it failed. */
export function ShopPending() {
  useSignals();
  return shopFailed() ? <p className="shop-screen-frame__message">{t('app.store_not_found_text')}</p> : <Loading loading className="shop-screen-frame__pending" />;
}
