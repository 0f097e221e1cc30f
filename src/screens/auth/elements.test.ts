import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../elements/forgot-password.ts';
import '../../../elements/login.ts';
import '../../../elements/new-password.ts';
import '../../../elements/register.ts';
import { routerActive } from '../../kit/router.tsx';
import { shopStatus } from '../../store/shop.ts';
import { mountElement } from '../test-page.ts';
import { USER, json, resetPage, stubApi } from './auth-test-helpers.ts';


beforeEach(() => {
  resetPage('/login');
  // On its own page: no storefront owns the URL.
  routerActive.value = false;
  shopStatus.value = 'ready';
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('sign-in elements', () => {
  it('should define the four tags with their screens in a shadow root', async () => {
    for (const [tag, heading] of [
      ['shop-login', 'Log in'],
      ['shop-register', 'Register'],
      ['shop-forgot-password', 'Forgot your password?'],
      ['shop-new-password', 'Set a new password'],
    ] as const) {
      const { view } = await mountElement(`<${tag}></${tag}>`);
      expect(await view.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(customElements.get(tag)).toBeDefined();
    }
  });

  it('should fire shop-login and a cancelable shop-navigate from <shop-login> on its own page', async () => {
    stubApi({ 'POST /api/login': json({ access_token: 'tok-1' }), 'GET /api/user': json(USER) });
    const { element, view } = await mountElement('<shop-login lang="en"></shop-login>');
    const seen: { type: string; detail: unknown; cancelable: boolean }[] = [];
    for (const type of ['shop-login', 'shop-navigate']) {
      document.addEventListener(type, (event) => {
        seen.push({ type, detail: (event as CustomEvent).detail, cancelable: event.cancelable });
        event.preventDefault();
      });
    }
    // user-event loses focus between two inputs of a shadow root under jsdom: set the values directly.
    fireEvent.change(await view.findByLabelText(/^E-mail/), { target: { value: 'buyer@acme.test' } });
    fireEvent.change(view.getByLabelText(/^Password/), { target: { value: 'Passw0rd!' } });
    await userEvent.click(view.getByRole('button', { name: /^Log in/ }));
    await waitFor(() => expect(seen.map((event) => event.type)).toEqual(['shop-login', 'shop-navigate']));
    expect(seen[0]).toMatchObject({ detail: { userId: 42 }, cancelable: false });
    expect(seen[1]).toMatchObject({ detail: { path: '/', href: '/' }, cancelable: true });
    // Cancelled, so the element stays: it now says who is signed in instead of asking again.
    expect(await view.findByRole('heading', { level: 1, name: 'You are logged in' })).toBeInTheDocument();
    expect(element.shadowRoot?.querySelector('[part="form"]')).toBeNull();
  });
});
