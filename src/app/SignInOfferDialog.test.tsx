import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { websiteFixture } from '../contract/test-fixtures.ts';
import { resetScreenPage } from '../screens/test-page.ts';
import { answerSignInOffer, askSignInOffer } from '../store/handoff-offer.ts';
import { setLocale } from '../store/locale.ts';
import { ElementShell } from './ElementShell.tsx';
import { SignInOfferDialog } from './SignInOfferDialog.tsx';

const john = { name: 'John', surname: 'Smith', email: 'buyer@globex.test' };
const emma = { name: 'Emma', surname: 'Jones', email: 'coordinator@globex.test' };

/** Renders the dialog as the storefront does, and asks `current` (null: a guest) about John's link. */
function ask(current: typeof emma | null): Promise<boolean> {
  const host = document.createElement('div');
  document.body.append(host);
  let answer!: Promise<boolean>;
  act(() => {
    answer = askSignInOffer({ account: john, current });
  });
  render(
    <ElementShell host={host} root={document}>
      <SignInOfferDialog />
    </ElementShell>,
    { container: host },
  );
  return answer;
}

beforeEach(() => {
  resetScreenPage('/', websiteFixture({ name: 'Globex', slug: 'globex' }));
  setLocale('en');
});
afterEach(() => {
  act(() => answerSignInOffer(false));
  document.body.innerHTML = '';
});

describe('SignInOfferDialog', () => {
  it("should name the link's account to a guest, focus Not me, and continue only on Continue", async () => {
    const answer = ask(null);
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Globex?' });
    expect(dialog).toHaveAccessibleDescription(/This link signs you in as John Smith \(buyer@globex\.test\)\. Continue only if this is your own account/);
    const notMe = screen.getByRole('button', { name: 'Not me' });
    await waitFor(() => expect(notMe).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Continue as John Smith (buyer@globex.test)' }));
    expect(await answer).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('should name both accounts to someone signed in, and keep them on Escape', async () => {
    const answer = ask(emma);
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    expect(dialog).toHaveAccessibleDescription(/You are signed in as Emma Jones \(coordinator@globex\.test\)\. This link would sign you out and sign you in as John Smith \(buyer@globex\.test\)/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stay signed in as Emma Jones (coordinator@globex.test)' })).toHaveFocus());
    // What a browser does on Escape in a modal dialog (jsdom does not): a cancelable `cancel` event.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(await answer).toBe(false);
  });

  it('should ask in Polish too, and decline on Close', async () => {
    setLocale('pl');
    const answer = ask(emma);
    await screen.findByRole('dialog', { name: 'Zmienić konto?' });
    expect(screen.getByRole('button', { name: 'Kontynuuj jako John Smith (buyer@globex.test)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zostań na koncie Emma Jones (coordinator@globex.test)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(await answer).toBe(false);
  });
});
