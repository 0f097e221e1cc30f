import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '../../kit/router.tsx';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './system.css?inline';

registerStyles('system', css);

/**
 * What a store designer's preview shows on a screen of a signed-in buyer's own data (the account
 * area, checkout) when nobody is signed in (docs/designer.md): the preview session reads the shop, not
 * a buyer, so it says so instead of an empty or failing screen.
 */
export function PreviewUnavailable() {
  useSignals();
  return (
    <section className="shop-system" data-screen="preview-unavailable">
      <h1 className="shop-system__title" tabIndex={-1} data-screen-heading>
        {t('app.preview_unavailable')}
      </h1>
      <p className="shop-system__text">{t('app.preview_unavailable_text')}</p>
      <p className="shop-system__actions">
        <Link to="/" className="shop-system__link">
          {t('app.back_home')}
        </Link>
      </p>
    </section>
  );
}
