import { normaliseEmail } from './email-address.ts';

/**
 * The question the storefront asks before a sign-in code from a link is used: a link made
 * by one account must never sign another person's browser in unawares (login CSRF), so the person
 * who opened it sees which account it is, and who is signed in now, and chooses. Pure: no React, no I/O.
 *
 * @module
 */

/** An account as the offer names it: the fields of `User` and of the handoff preview it needs. */
export interface OfferAccount {
  name: string;
  surname: string;
  email: string;
}

/** What the storefront asks: continue as `account`, or stay as `current` (null: stay a guest). */
export interface SignInOffer {
  account: OfferAccount;
  current: OfferAccount | null;
}

/** Whether two accounts are one: an account's address is unique by its comparison key (`normaliseEmail`). */
export function sameAccount(a: OfferAccount, b: OfferAccount): boolean {
  return normaliseEmail(a.email) === normaliseEmail(b.email);
}

/**
 * The question to ask before signing in with a link's code for `account` while `current` is signed in
 * (null: a guest); `null` when `current` already is that account, so there is nothing to exchange.
 */
export function signInOfferFor(account: OfferAccount, current: OfferAccount | null): SignInOffer | null {
  if (current && sameAccount(account, current)) return null;
  return { account: pick(account), current: current ? pick(current) : null };
}

/** An account in words: `Name Surname (e-mail)`, or the e-mail alone for an account without a name. */
export function accountInWords(account: OfferAccount): string {
  const name = `${account.name} ${account.surname}`.trim();
  return name ? `${name} (${account.email})` : account.email;
}

/** Only the fields shown: a `User` passed in carries much more. */
function pick({ name, surname, email }: OfferAccount): OfferAccount {
  return { name, surname, email };
}
