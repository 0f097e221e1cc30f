import { act, fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../elements/contact.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { setLocale } from '../../store/locale.ts';
import { CLOSED_SHOP, GROSS_SHOP, buyer, json } from '../product/test-fixtures.ts';
import { mountElement, resetScreenPage } from '../test-page.ts';

/** The multipart fields of each `POST /api/contact-us` the stub received. */
function stubContact(answer: () => Response): Record<string, string>[] {
  const sent: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (!String(input instanceof Request ? input.url : input).includes('/api/contact-us')) throw new Error(`unexpected ${String(input)}`);
      const fields: Record<string, string> = {};
      for (const [name, value] of (init.body as FormData).entries()) if (typeof value === 'string') fields[name] = value;
      sent.push(fields);
      return answer();
    }),
  );
  return sent;
}

beforeEach(() => {
  // On an intranet page: no storefront owns the URL.
  resetScreenPage('/intranet/help', GROSS_SHOP, false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLocale('en');
  document.body.innerHTML = '';
});

describe('<shop-contact>', { timeout: 20_000 }, () => {
  it('should be defined and send a message from its shadow root, with a toast of its own', async () => {
    const sent = stubContact(() => json({ message: 'Thank you', code: 'notices.contact_sent' }, 201));
    const { root, view } = await mountElement('<shop-contact></shop-contact>');
    expect(customElements.get('shop-contact')).toBeDefined();
    expect(view.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(root.querySelector('[part="form"]')).not.toBeNull();
    // user-event types into `document.activeElement`, which is the host here: set values directly, as the other element tests do.
    fireEvent.change(view.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ola Nowak' } });
    fireEvent.change(view.getByRole('textbox', { name: /^E-mail/ }), { target: { value: 'ola@example.com' } });
    fireEvent.change(view.getByRole('textbox', { name: /^Message/ }), { target: { value: 'Do you print on umbrellas?' } });
    await userEvent.click(view.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ website_id: String(GROSS_SHOP.id), name: 'Ola Nowak', email: 'ola@example.com', message: 'Do you print on umbrellas?' });
    expect(await view.findByText('Thank you, your message has been sent.')).toBeInTheDocument();
    // A new, empty form for the next message.
    expect(view.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
    // The page's URL is left alone.
    expect(window.location.pathname).toBe('/intranet/help');
  });

  it('should wait for the session and then fill in the logged-in user', async () => {
    sessionStatus.value = 'loading';
    const { view } = await mountElement('<shop-contact></shop-contact>');
    expect(view.queryByRole('textbox', { name: /^Name/ })).not.toBeInTheDocument();
    act(() => {
      user.value = buyer();
      sessionStatus.value = 'user';
    });
    const name = await view.findByRole('textbox', { name: /^Name/ });
    expect(name).not.toHaveValue('');
    expect(view.getByRole('textbox', { name: /^E-mail/ })).toHaveValue(buyer().email);
  });

  it('should ask a guest of a login-required shop to log in, with a cancelable shop-navigate', async () => {
    resetScreenPage('/intranet/help', CLOSED_SHOP, false);
    stubContact(() => json({}, 201));
    const { view } = await mountElement('<shop-contact lang="pl"></shop-contact>');
    expect(view.getByRole('heading', { level: 1, name: 'Skontaktuj się z nami' })).toBeInTheDocument();
    expect(view.queryByRole('button', { name: 'Wyślij' })).not.toBeInTheDocument();
    const seen: unknown[] = [];
    document.addEventListener(
      'shop-navigate',
      (event) => {
        seen.push((event as CustomEvent).detail);
        event.preventDefault();
      },
      { once: true },
    );
    await userEvent.click(view.getByRole('link'));
    expect(seen).toEqual([expect.objectContaining({ path: '/login' })]);
  });
});
