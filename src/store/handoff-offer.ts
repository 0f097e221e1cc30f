import { signal } from '@preact/signals-react';
import type { SignInOffer } from '../domain/signin-offer.ts';
import { pageSingleton } from '../page-singleton.ts';

/**
 * The sign-in offer waiting for the person's answer: the storefront's arrival code asks
 * ({@link askSignInOffer}) and waits; the dialog (`app/SignInOfferDialog.tsx`) shows the offer and
 * answers ({@link answerSignInOffer}). Small and loaded with every storefront: the storefront renders
 * the dialog only while an offer waits.
 *
 * @module
 */

/** The offer shown now, or null. */
export const signInOffer = pageSingleton('handoff.offer', () => signal<SignInOffer | null>(null));

/** The waiting ask's resolver. */
const waiting = pageSingleton('handoff.offer.answer', () => ({ resolve: null as ((accepted: boolean) => void) | null }), (fresh) => (fresh.resolve = null));

/**
 * Shows `offer` and answers whether the person accepted it. A newer offer (another link opened
 * meanwhile) declines the one still waiting: only the last link opened is asked about.
 */
export function askSignInOffer(offer: SignInOffer): Promise<boolean> {
  answerSignInOffer(false);
  return new Promise((resolve) => {
    waiting.resolve = resolve;
    signInOffer.value = offer;
  });
}

/** The person's answer to the offer shown (Continue: true; Not me, Stay, Escape, Close: false); it closes. */
export function answerSignInOffer(accepted: boolean): void {
  const resolve = waiting.resolve;
  waiting.resolve = null;
  signInOffer.value = null;
  resolve?.(accepted);
}
