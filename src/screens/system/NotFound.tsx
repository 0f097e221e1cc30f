import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '../../kit/router.tsx';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './system.css?inline';

registerStyles('system', css);

/** Page not found (`/404`, where every unknown path goes; spec §2): "Ups ;(", the message and a way home. */
export function NotFound() {
  useSignals();
  return (
    <section className="shop-system" data-screen="not-found">
      <h1 className="shop-system__title" tabIndex={-1} data-screen-heading>
        {t('app.not_found_title')}
      </h1>
      <p className="shop-system__lead">{t('app.not_found')}</p>
      <p className="shop-system__text">{t('app.not_found_text')}</p>
      <p className="shop-system__actions">
        <Link to="/" className="shop-system__link">
          {t('app.back_home')}
        </Link>
      </p>
    </section>
  );
}
