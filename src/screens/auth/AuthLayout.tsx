import { useSignals } from '@preact/signals-react/runtime';
import { forwardRef, useEffect, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { loadShop, shopStatus } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { formErrorText } from './auth-rules.ts';
import css from './auth.css?inline';

registerStyles('auth', css);

/** Props of {@link AuthCard}. */
export interface AuthCardProps {
  /** The screen's one `<h1>` (the router focuses it after navigation). */
  title: ReactNode;
  /** A wider card for the registration form. */
  wide?: boolean;
  children?: ReactNode;
}

/**
 * The centred card every sign-in screen sits in (about 28rem wide, full width on a 360 px phone), with
 * the screen's heading: `tabIndex={-1}` and `data-screen-heading`, so focus can be moved to it.
 * The ref is the heading's, for screens that move focus to it themselves (Register's request-sent state).
 */
export const AuthCard = forwardRef<HTMLHeadingElement, AuthCardProps>(function AuthCard({ title, wide = false, children }, ref) {
  return (
    <section className="shop-auth">
      <div className="shop-auth__card" data-wide={wide || undefined}>
        <h1 ref={ref} className="shop-auth__title" tabIndex={-1} data-screen-heading="">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
});

/**
 * The form-level error region (`role="alert"`): present but empty until there is an error, so screen
 * readers announce the text when it appears. `error` is shown with `formErrorText` (a 429's wait in
 * seconds or minutes) in the current language; `children` (a text with a link, say) replace it.
 */
export function FormAlert({ error, children }: { error?: unknown; children?: ReactNode }) {
  useSignals();
  const content = children ?? (error === null || error === undefined ? null : formErrorText(error));
  return (
    <div className="shop-auth__alert" role="alert" part="alert" data-empty={content === null || undefined}>
      {content}
    </div>
  );
}

/**
 * What a sign-in screen shows until the shop's presets are known: a loading card (and the load is
 * started if nobody did yet, for an element used on its own page), or "Store not found".
 */
export function ShopPending() {
  useSignals();
  const status = shopStatus.value;
  useEffect(() => {
    if (shopStatus.value === 'idle') void loadShop();
  }, []);
  if (status === 'not-found' || status === 'error') {
    return (
      <AuthCard title={t('errors.store_not_found')}>
        <p className="shop-auth__text">{t('app.store_not_found_text')}</p>
      </AuthCard>
    );
  }
  return (
    <section className="shop-auth">
      <Loading loading className="shop-auth__card shop-auth__pending">
        <div className="shop-auth__placeholder" />
      </Loading>
    </section>
  );
}
