import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { ErrorFallbackProps } from '../../kit/ErrorBoundary.tsx';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Button } from '../../widgets/button/Button.tsx';
import css from './system.css?inline';

registerStyles('system', css);

/** Props of {@link ErrorScreen}. */
export interface ErrorScreenProps {
  /** What failed; an API error's own message is shown when it says more than the title. */
  error?: unknown;
  /** The screen's code could not be downloaded: says so under the title instead of a text from `error`. */
  loadFailed?: boolean;
  /** Tries again (e.g. reloads the failed data). Without it the button reloads the page. */
  onRetry?: () => void;
  /** A retry is under way: the button shows it and ignores clicks. */
  retrying?: boolean;
  /** Moves focus to the title when shown, for a failure that replaced the screen in place. */
  focusTitle?: boolean;
}

/**
 * Something went wrong (spec §8): the title, what failed (the error's message in the current
 * language, or a generic hint) and a button to try again.
 */
export function ErrorScreen({ error, loadFailed = false, onRetry, retrying = false, focusTitle = false }: ErrorScreenProps) {
  useSignals();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  const title = t('app.error');
  const message = error === undefined ? '' : errorMessage(error);
  const text = loadFailed ? t('app.load_failed_text') : (message && message !== title && message !== t('errors.something_went_wrong') ? message : t('app.error_text'));
  return (
    <section className="shop-system" data-screen="error">
      <h1 ref={heading} className="shop-system__title" tabIndex={-1} data-screen-heading>
        {title}
      </h1>
      <p className="shop-system__text">{text}</p>
      <p className="shop-system__actions">
        <Button onClick={onRetry ?? (() => window.location.reload())} loading={retrying}>
          {onRetry ? t('app.retry') : t('app.reload')}
        </Button>
      </p>
    </section>
  );
}

/**
 * The fallback of a screen's error boundary: the whole screen's place says what failed, in place of
 * the screen only (the header, navigation and cart go on), with Try again.
 */
export function screenErrorFallback({ kind, retry, retrying }: ErrorFallbackProps): ReactNode {
  return <ErrorScreen loadFailed={kind === 'load'} onRetry={retry} retrying={retrying} focusTitle />;
}
