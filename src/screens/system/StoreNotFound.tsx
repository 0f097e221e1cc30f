import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useElement } from '../../kit/element-context.tsx';
import { navigate } from '../../kit/router.tsx';
import { t } from '../../i18n/index.ts';
import { shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './system.css?inline';

registerStyles('system', css);

/**
 * Store not found (`/store-not-found`, spec §2): shown when no shop answers for this address. When a
 * shop is loaded after all, it replaces itself with the homepage.
 */
export function StoreNotFound() {
  useSignals();
  const { host } = useElement();
  const loaded = shop.value !== null;
  useEffect(() => {
    if (loaded) navigate('/', { replace: true, from: host });
  }, [loaded, host]);
  return (
    <section className="shop-system" data-screen="store-not-found">
      <h1 className="shop-system__title" tabIndex={-1} data-screen-heading>
        {t('app.store_not_found')}
      </h1>
      <p className="shop-system__text">{t('app.store_not_found_text')}</p>
    </section>
  );
}
