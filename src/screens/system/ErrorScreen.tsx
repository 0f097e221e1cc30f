import { useSignals } from '@preact/signals-react/runtime';
import { errorMessage } from '../../api/errors.ts';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Button } from '../../widgets/button/Button.tsx';
import css from './system.css?inline';

registerStyles('system', css);

/** Props of {@link ErrorScreen}. */
export interface ErrorScreenProps {
  /** What failed; an API error's own message is shown when it says more than the title. */
  error?: unknown;
  /** Tries again (e.g. reloads the failed data). Without it the button reloads the page. */
  onRetry?: () => void;
}

/**
 * Something went wrong (spec §8): the title, what failed (the error's message in the current
 * language, or a generic hint) and a button to try again.
 */
export function ErrorScreen({ error, onRetry }: ErrorScreenProps) {
  useSignals();
  const title = t('app.error');
  const message = error === undefined ? '' : errorMessage(error);
  const detail = message && message !== title && message !== t('errors.something_went_wrong') ? message : t('app.error_text');
  return (
    <section className="shop-system" data-screen="error">
      <h1 className="shop-system__title" tabIndex={-1} data-screen-heading>
        {title}
      </h1>
      <p className="shop-system__text">{detail}</p>
      <p className="shop-system__actions">
        <Button onClick={onRetry ?? (() => window.location.reload())}>{onRetry ? t('app.retry') : t('app.reload')}</Button>
      </p>
    </section>
  );
}
