import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { confirmRegistration } from '../../api/auth.ts';
import { isApiClientError } from '../../api/errors.ts';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { currentQuery, Link } from '../../kit/router.tsx';
import { shop } from '../../store/shop.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { AuthCard, FormAlert, ShopPending } from './AuthLayout.tsx';
import { forgetToken, isRetryable } from './link-token.ts';

/** Where the confirmation stands: waiting for the button, the call in flight, done, or why it failed. */
type Outcome = { kind: 'ready' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'failed'; error: unknown };

/** The provider's code of a confirmation refused because the link's request was confirmed already. */
const ALREADY_CONFIRMED = 'errors.registration_already_confirmed';

/** Whether `error` says the request was confirmed before (a second click, the link opened twice). */
function isAlreadyConfirmed(error: unknown): boolean {
  return isApiClientError(error, 'http') && error.code === ALREADY_CONFIRMED;
}

/** The text of a failed confirmation: a missing token or a dead link, else the call's own error. */
function failureText(error: unknown): string {
  if (error === null) return t('auth.confirm_registration.expired');
  if (isApiClientError(error, 'http') && !isRetryable(error)) {
    return error.code === ALREADY_CONFIRMED ? t('auth.confirm_registration.already') : t('auth.confirm_registration.expired');
  }
  return t('auth.confirm_registration.failed');
}

/**
 * Confirm registration (`/confirm-registration?token=…`): the page the link mailed to a
 * registration's address opens. It takes the token out of the address bar and confirms only when
 * the person presses "Confirm" (`POST /api/register/confirm`), never on its own: mail scanners and
 * link previews open links, and some run the page's script, so a screen that confirmed by itself would
 * let a scanner confirm a stranger's request for this address, the very squatting the link prevents.
 * Then either "confirmed" with the way to login, or why not: an expired or void link leads back to
 * the registration form, a request confirmed before says so, and a failed call may be tried again.
 */
export function ConfirmRegistration(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  // Read on the first render: the token leaves the address bar right after.
  const [token] = useState(() => currentQuery().get('token')?.trim() ?? '');
  const [outcome, setOutcome] = useState<Outcome>(() => (token === '' ? { kind: 'failed', error: null } : { kind: 'ready' }));
  const inFlight = useRef(false);
  const status = useRef<HTMLParagraphElement>(null);
  const website = shop.value;

  useEffect(() => {
    forgetToken();
  }, []);

  // The button goes away once done: focus moves to the answer, not to the page's start.
  useEffect(() => {
    if (outcome.kind === 'done') status.current?.focus();
  }, [outcome.kind]);

  if (!website) return <ShopPending />;

  const send = () => {
    if (inFlight.current || token === '') return;
    inFlight.current = true;
    setOutcome({ kind: 'sending' });
    confirmRegistration({ website_id: website.id, token })
      .then(
        () => setOutcome({ kind: 'done' }),
        (error: unknown) => setOutcome({ kind: 'failed', error }),
      )
      .finally(() => {
        inFlight.current = false;
      });
  };

  const failed = outcome.kind === 'failed' ? outcome.error : undefined;
  const canSend = outcome.kind === 'ready' || outcome.kind === 'sending' || (outcome.kind === 'failed' && isRetryable(failed));
  const deadLink = outcome.kind === 'failed' && !canSend && !isAlreadyConfirmed(failed);

  return (
    <AuthCard title={t('auth.confirm_registration.title')}>
      <p ref={status} className={outcome.kind === 'done' ? 'shop-auth__notice' : 'shop-auth__text'} role="status" tabIndex={-1}>
        {outcome.kind === 'done' ? t('auth.confirm_registration.done') : null}
      </p>
      {canSend && <p className="shop-auth__text">{t('auth.confirm_registration.intro')}</p>}
      <FormAlert>{outcome.kind === 'failed' ? failureText(failed) : null}</FormAlert>
      {canSend && (
        <Button variant="primary" fullWidth loading={outcome.kind === 'sending'} onClick={send}>
          {outcome.kind === 'sending' ? t('auth.confirm_registration.confirming') : t('auth.confirm_registration.confirm')}
        </Button>
      )}
      <p className="shop-auth__footer">
        {deadLink ? (
          <Link className="shop-auth__link" to={buildPath('register')}>
            {t('auth.confirm_registration.register_again')}
          </Link>
        ) : (
          <Link className="shop-auth__link" to={buildPath('login')}>
            {t('auth.back_to_login')}
          </Link>
        )}
      </p>
    </AuthCard>
  );
}
