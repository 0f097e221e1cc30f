import { describe, expect, it } from 'vitest';
import { accountInWords, sameAccount, signInOfferFor } from './signin-offer.ts';

const john = { name: 'John', surname: 'Smith', email: 'buyer@globex.test' };
const emma = { name: 'Emma', surname: 'Jones', email: 'coordinator@globex.test' };

describe('sign-in offer', () => {
  it("should ask a guest whether to continue as the link's account", () => {
    expect(signInOfferFor(john, null)).toEqual({ account: john, current: null });
  });

  it('should ask someone signed in as another account whether to switch, naming both', () => {
    expect(signInOfferFor(john, { ...emma, id: 7, role: 'coordinator' } as typeof emma)).toEqual({ account: john, current: emma });
  });

  it("should ask nothing when the link's account is the one signed in, whatever the e-mail's case", () => {
    expect(signInOfferFor(john, { ...john, email: 'Buyer@Globex.TEST' })).toBeNull();
    expect(sameAccount(john, emma)).toBe(false);
  });

  it('should name an account by its name and e-mail, or the e-mail alone', () => {
    expect(accountInWords(john)).toBe('John Smith (buyer@globex.test)');
    expect(accountInWords({ name: ' ', surname: '', email: 'x@y.test' })).toBe('x@y.test');
  });
});
