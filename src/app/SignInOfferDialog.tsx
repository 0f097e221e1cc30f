import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import { accountInWords } from '../domain/signin-offer.ts';
import { t } from '../i18n/index.ts';
import { answerSignInOffer, signInOffer } from '../store/handoff-offer.ts';
import { shop } from '../store/shop.ts';
import { registerStyles } from '../theme/styles.ts';
import { Button } from '../widgets/button/Button.tsx';
import { Dialog } from '../widgets/dialog/Dialog.tsx';
import css from './signin-offer.css?inline';

registerStyles('signin-offer', css);

/**
 * The question before a sign-in from a link (against login CSRF), like an identity provider's "Continue as …":
 * a modal dialog naming the account the link signs in as (name and e-mail) and, when someone is
 * signed in already, who that is. "Continue as …" signs in; "Not me" (a guest) or "Stay signed in as
 * …", Escape and Close drop the link's code. Focus starts on the choice that changes nothing, so an
 * Enter pressed without reading changes nothing either.
 */
export function SignInOfferDialog() {
  useSignals();
  const offer = signInOffer.value;
  const stayRef = useRef<HTMLButtonElement>(null);
  if (!offer) return null;
  const account = accountInWords(offer.account);
  const current = offer.current ? accountInWords(offer.current) : null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) answerSignInOffer(false);
      }}
      className="shop-signin-offer"
      title={current ? t('auth.signin_offer.switch_title') : t('auth.signin_offer.title', { shop: shop.value?.name ?? '' })}
      description={
        <>
          {current ? t('auth.signin_offer.switch_text', { current, account }) : t('auth.signin_offer.text', { account })}{' '}
          <strong>{t('auth.signin_offer.only_yours')}</strong>
        </>
      }
      initialFocus={stayRef}
      footer={
        <>
          <Button ref={stayRef} variant="secondary" onClick={() => answerSignInOffer(false)}>
            {current ? t('auth.signin_offer.stay', { current }) : t('auth.signin_offer.not_me')}
          </Button>
          <Button onClick={() => answerSignInOffer(true)}>{t('auth.signin_offer.continue', { account })}</Button>
        </>
      }
    />
  );
}
