import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { isApiClientError } from '../../api/errors.ts';
import { confirmEmailChange } from '../../api/user.ts';
import { currentQuery, Link } from '../../kit/router.tsx';
import { buildPath } from '../../domain/routes.ts';
import { normaliseEmail } from '../../domain/email-address.ts';
import { t } from '../../i18n/index.ts';
import { refreshUser, user } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { AuthCard, FormAlert, ShopPending } from './AuthLayout.tsx';
import { formErrorText } from './auth-rules.ts';
import { forgetToken, isRetryable } from './link-token.ts';
import { serverFieldText } from '../use-form-state.ts';

/** Where the confirmation stands: the call in flight, the address now in force, or why it failed. */
type Outcome = { kind: 'checking' } | { kind: 'done'; email: string } | { kind: 'failed'; error: unknown };

/** A link the provider no longer takes: unknown, used or expired (or a token it calls invalid). */
function isDeadLink(error: unknown): boolean {
  if (!isApiClientError(error, 'http')) return false;
  if (error.code === 'errors.email_link_expired') return true;
  return 'token' in { ...error.fieldKeys, ...error.fieldErrors };
}

/** The text of a failed confirmation: a dead link, a field error (the address taken meanwhile), or the call's error. */
function failureText(error: unknown): string {
  if (error === null || isDeadLink(error)) return t('errors.email_link_expired');
  return serverFieldText(error, 'email') ?? formErrorText(error);
}

/** The way to Account details, where a new link is asked for. */
function AccountLink({ children }: { children: string }) {
  return (
    <Link className="shop-auth__link" to={buildPath('user-account-details')}>
      {children}
    </Link>
  );
}

/**
 * Confirm e-mail address (`/confirm-email?token=…`): the page the link mailed to a new
 * address opens, for guests and logged-in users alike. It reads the token once, takes it out of the
 * address bar and sends it once (`POST /api/user/email/confirm`; React's development double effects and
 * a second click on "Try again" do not send it twice), saying so while it waits. Then either "Your
 * e-mail address is now …" (other devices were signed out) with the way on (account details, or
 * login for a guest; a logged-in user of that account gets the new address in the session at once),
 * or why not: a used or expired link (or one without a token) and an address taken meanwhile lead to
 * account details to ask for a new link; a failed call may be tried again.
 */
export function ConfirmEmail(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  // Read on the first render: the token leaves the address bar right after.
  const [token] = useState(() => currentQuery().get('token')?.trim() ?? '');
  const [outcome, setOutcome] = useState<Outcome>(() => (token === '' ? { kind: 'failed', error: null } : { kind: 'checking' }));
  const started = useRef(false);
  const inFlight = useRef(false);
  const website = shop.value;
  const websiteId = website?.id ?? null;
  const me = user.value;

  const send = (id: number) => {
    if (inFlight.current || token === '') return;
    inFlight.current = true;
    setOutcome({ kind: 'checking' });
    confirmEmailChange({ website_id: id, token })
      .then(
        (answer) => setOutcome({ kind: 'done', email: answer.email }),
        (error: unknown) => setOutcome({ kind: 'failed', error }),
      )
      .finally(() => {
        inFlight.current = false;
      });
  };

  useEffect(() => {
    forgetToken();
  }, []);

  useEffect(() => {
    // Once per screen: React's development double effects run this twice on one instance.
    if (websiteId === null || started.current || token === '') return;
    started.current = true;
    send(websiteId);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- not on `send`: a new function each render, and the call must not repeat when the screen re-renders.
  }, [websiteId, token]);

  // The session's user (the header, Account details) learns the new address of their account.
  const confirmed = outcome.kind === 'done' ? outcome.email : null;
  const stale = me !== null && confirmed !== null && normaliseEmail(me.email) !== normaliseEmail(confirmed);
  useEffect(() => {
    if (stale) void refreshUser();
  }, [stale]);

  if (!website) return <ShopPending />;

  return (
    <AuthCard title={t('auth.confirm_email.title')}>
      <p className={outcome.kind === 'done' ? 'shop-auth__notice' : 'shop-auth__text'} role="status">
        {outcome.kind === 'checking' ? t('auth.confirm_email.checking') : null}
        {outcome.kind === 'done' ? t('auth.confirm_email.done', { email: outcome.email }) : null}
      </p>
      {outcome.kind === 'checking' && (
        <Loading loading>
          <div className="shop-auth__checking-room" />
        </Loading>
      )}
      <FormAlert>{outcome.kind === 'failed' ? failureText(outcome.error) : null}</FormAlert>
      {outcome.kind === 'failed' && isRetryable(outcome.error) && (
        <Button variant="secondary" fullWidth onClick={() => send(website.id)}>
          {t('app.retry')}
        </Button>
      )}
      {outcome.kind === 'done' && (
        <p className="shop-auth__footer">
          {me ? (
            <AccountLink>{t('account.details')}</AccountLink>
          ) : (
            <Link className="shop-auth__link" to={buildPath('login')}>
              {t('nav.login')}
            </Link>
          )}
        </p>
      )}
      {outcome.kind === 'failed' && (
        <p className="shop-auth__footer">
          <AccountLink>{t('auth.confirm_email.new_link')}</AccountLink>
        </p>
      )}
    </AuthCard>
  );
}
