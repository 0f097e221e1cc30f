import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '../../contract/contract.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { alerts } from '../../store/alerts.ts';
import { checkoutState, chooseDeliveryAddress, startCheckout } from '../../store/checkout.ts';
import { locale } from '../../store/locale.ts';
import { toCheckoutAddress } from '../checkout/delivery/delivery-rules.ts';
import { INVOICE_SHOP, blankAddress, noAnswer, stubApi, type ApiCall } from '../checkout/test-helpers.tsx';
import { GROSS_SHOP, json, logInBuyer } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import { Addresses } from './Addresses.tsx';

// ---------------------------------------------------------------------------------------------------
// Fixtures

const HOME = blankAddress({ id: 11, type: 'delivery', name: 'Anna', surname: 'Nowak', company: 'Initech', street: 'ul. Prosta 20', city: 'Warszawa', zip: '00-850' });
const BILLING = blankAddress({ id: 12, type: 'billing', company: 'Initech Polska Sp. z o.o.', street: 'ul. Grzybowska 5', city: 'Warszawa', zip: '00-132', nip: '5260250274' });
const BRANCH = blankAddress({ id: 13, type: 'specific', company: 'Initech, oddział Łódź', street: 'ul. Piotrkowska 100', city: 'Łódź', zip: '90-004' });

/** Typing without a pause between keys: the form has many fields. */
const userEvent = userEventLib.setup({ delay: null });

type Handler = (call: ApiCall) => Response | Promise<Response>;

/** Stubs the address book: GET answers `book` (or `list`), POST/PUT/DELETE by their handlers. */
function stubBook(book: Address[], handlers: { list?: Handler; create?: Handler; update?: Handler; remove?: Handler } = {}): ApiCall[] {
  let nextId = 100;
  return stubApi((call) => {
    if (call.path === '/api/user/addresses' && call.method === 'GET') return handlers.list ? handlers.list(call) : json(book);
    if (call.path === '/api/user/addresses' && call.method === 'POST') return handlers.create ? handlers.create(call) : json({ ...(call.body as object), id: nextId++ }, 201);
    const match = /^\/api\/user\/addresses\/(\d+)$/.exec(call.path);
    if (match && call.method === 'PUT') return handlers.update ? handlers.update(call) : json({ ...(call.body as object), id: Number(match[1]) });
    if (match && call.method === 'DELETE') return handlers.remove ? handlers.remove(call) : new Response(null, { status: 204 });
    return json({ message: 'Page not found', code: 'errors.not_found' }, 404);
  });
}

function renderAddresses() {
  const host = document.createElement('div');
  document.body.append(host);
  render(
    <ElementShell host={host} root={document}>
      <Addresses routeId="account-addresses" params={{}} />
    </ElementShell>,
    { container: host },
  );
}

const heading = () => screen.getByRole('heading', { level: 1, name: 'Addresses' });
const group = (name: string) => screen.getByRole('region', { name });
const dialog = () => screen.getByRole('dialog');
const textbox = (name: RegExp) => within(dialog()).getByRole('textbox', { name });
const save = () => within(dialog()).getByRole('button', { name: 'Save address' });
const alertTexts = () => alerts.value.map((alert) => alert.content);

/** Chooses a country in the form's autocomplete by typing its name and leaving the field. */
async function chooseCountry(name: string) {
  const input = within(dialog()).getByRole('combobox', { name: /Country/ });
  await userEvent.clear(input);
  await userEvent.type(input, name);
  await userEvent.tab();
}

beforeEach(() => {
  resetScreenPage('/user/addresses', GROSS_SHOP);
  logInBuyer();
  startCheckout();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

// ---------------------------------------------------------------------------------------------------

describe('Addresses: the list', () => {
  it('should group the book by type, each entry with its lines and named Edit and Delete buttons', async () => {
    stubBook([BRANCH, BILLING, HOME]);
    renderAddresses();
    expect(heading()).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account menu' })).toBeInTheDocument();
    const delivery = await screen.findByRole('region', { name: 'Delivery address' });
    expect(within(delivery).getByText('Anna Nowak')).toBeInTheDocument();
    expect(within(delivery).getByText('ul. Prosta 20')).toBeInTheDocument();
    expect(within(delivery).getByText('00-850 Warszawa')).toBeInTheDocument();
    expect(within(delivery).getByText('Poland')).toBeInTheDocument();
    expect(within(delivery).getByRole('button', { name: 'Edit: Anna Nowak, Initech, ul. Prosta 20, 00-850 Warszawa, Poland' })).toBeInTheDocument();
    expect(within(delivery).getByRole('button', { name: /^Delete: Anna Nowak/ })).toBeInTheDocument();
    expect(within(group('Billing address')).getByText('Tax ID (NIP): 5260250274')).toBeInTheDocument();
    expect(within(group('Specific address')).getByText('ul. Piotrkowska 100')).toBeInTheDocument();
    // Groups in the order delivery, billing, specific.
    expect(screen.getAllByRole('heading', { level: 2 }).map((node) => node.textContent)).toEqual(['Delivery address', 'Billing address', 'Specific address']);
  });

  it('should say so when the book is empty, and leave out empty groups', async () => {
    stubBook([]);
    renderAddresses();
    expect(await screen.findByText('You have no saved addresses yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Delivery address' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add address' })).toBeInTheDocument();
  });

  it('should show loading, then an error with a retry that loads again', async () => {
    let fail = true;
    let hold = true;
    stubBook([], {
      list: (call) => {
        if (hold) {
          hold = false;
          void call;
          return new Promise<Response>((resolve) => setTimeout(() => resolve(json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500)), 20));
        }
        if (fail) return json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500);
        return json([HOME]);
      },
    });
    renderAddresses();
    expect(screen.getByText('Loading your addresses…', { selector: 'p' })).toBeInTheDocument();
    expect(heading().closest('section')).toHaveAttribute('aria-busy', 'true');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your addresses could not be loaded. Something went wrong!');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ul. Prosta 20')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should tell a billing address without a tax ID in a shop that invoices', async () => {
    resetScreenPage('/user/addresses', INVOICE_SHOP);
    logInBuyer();
    stubBook([{ ...BILLING, nip: '' }]);
    renderAddresses();
    expect(await within(await screen.findByRole('region', { name: 'Billing address' })).findByText('Nip missing from address')).toBeInTheDocument();
    // The spec's message, then what it means and how to fix it.
    expect(within(screen.getByRole('region', { name: 'Billing address' })).getByText(/Invoices for your orders need the tax ID \(NIP\): edit this address to add it\./)).toBeInTheDocument();
  });

  it('should speak Polish', async () => {
    locale.value = 'pl';
    stubBook([HOME]);
    renderAddresses();
    expect(screen.getByRole('heading', { level: 1, name: 'Adresy' })).toBeInTheDocument();
    const delivery = await screen.findByRole('region', { name: 'Adres dostawy' });
    expect(within(delivery).getByRole('button', { name: /^Edytuj: Anna Nowak/ })).toBeInTheDocument();
    expect(within(delivery).getByText('Polska')).toBeInTheDocument();
  });
});

describe('Addresses: adding', () => {
  it("should open the form on the type, with the checkout fields in their order, and require the recipient's name, street, city, zip and country", { timeout: 20_000 }, async () => {
    const calls = stubBook([HOME]);
    renderAddresses();
    await screen.findByText('ul. Prosta 20');
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect(dialog()).toHaveAccessibleName('Add address');
    // Focus starts on the type, delivery unless chosen otherwise.
    const delivery = within(dialog()).getByRole('radio', { name: 'Delivery address' });
    expect(delivery).toHaveFocus();
    expect(delivery).toHaveAttribute('aria-checked', 'true');
    // The checkout's fields, in the checkout's order (the country is the combobox between zip and phone).
    expect(within(dialog()).getAllByRole('textbox').map((input) => input.getAttribute('autocomplete'))).toEqual([
      'shipping given-name',
      'shipping family-name',
      'shipping organization',
      'off',
      'shipping address-line1',
      'shipping address-level2',
      'shipping postal-code',
      'shipping tel',
    ]);
    expect(within(dialog()).getByRole('combobox', { name: /^Country/ })).toHaveAttribute('aria-required', 'true');
    expect(within(dialog()).getByRole('combobox', { name: /^Country/ })).toHaveAttribute('autocomplete', 'shipping country-name');

    // A delivery address goes to a person: its name fields ask for the recipient's.
    expect(textbox(/^Recipient's first name/)).toHaveAttribute('aria-required', 'true');
    expect(textbox(/^Recipient's surname/)).toHaveAttribute('aria-required', 'true');

    await userEvent.click(save());
    expect(textbox(/^Recipient's first name/)).toHaveFocus();
    expect(within(dialog()).getByRole('alert', { name: /^There is a problem/ })).toHaveTextContent(/Recipient's first name: This element is required.*Country: /);
    expect(textbox(/^Recipient's first name/)).toHaveAccessibleDescription(/This element is required/);
    expect(textbox(/^Street and number/)).toHaveAccessibleDescription(/This element is required/);
    expect(textbox(/^City/)).toHaveAccessibleDescription(/This element is required/);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    // A billing address may be a company's alone.
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'Billing address' }));
    expect(textbox(/^First name/)).not.toHaveAttribute('aria-required', 'true');
  });

  it("should start a new address in the shop's country", async () => {
    resetScreenPage('/user/addresses', { ...GROSS_SHOP, country: 'PL' });
    logInBuyer();
    stubBook([HOME]);
    renderAddresses();
    await screen.findByText('ul. Prosta 20');
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect(within(dialog()).getByRole('combobox', { name: /^Country/ })).toHaveValue('Poland');
  });

  it('should refuse a tax ID that is not a number and a postal code that does not fit the country, then save, toast and focus the new entry', { timeout: 20_000 }, async () => {
    const calls = stubBook([HOME]);
    renderAddresses();
    await screen.findByText('ul. Prosta 20');
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'Billing address' }));
    await userEvent.type(textbox(/^Company/), 'Initech Polska');
    await userEvent.type(textbox(/^Tax ID/), 'abc');
    await userEvent.type(textbox(/^Street and number/), 'ul. Grzybowska 5');
    await userEvent.type(textbox(/^City/), 'Warszawa');
    await userEvent.type(textbox(/^Zip code/), '00132');
    await chooseCountry('Poland');
    await userEvent.click(save());
    expect(textbox(/^Tax ID/)).toHaveFocus();
    expect(textbox(/^Tax ID/)).toHaveAccessibleDescription(/Tax ID must be a number/);
    expect(textbox(/^Zip code/)).toHaveAccessibleDescription(/Invalid postal code format/);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.clear(textbox(/^Tax ID/));
    await userEvent.type(textbox(/^Tax ID/), '526-025-02-74');
    await userEvent.clear(textbox(/^Zip code/));
    await userEvent.type(textbox(/^Zip code/), ' 00-132 ');
    await userEvent.click(save());

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({
      type: 'billing',
      name: '',
      surname: '',
      company: 'Initech Polska',
      nip: '526-025-02-74',
      street: 'ul. Grzybowska 5',
      city: 'Warszawa',
      zip: '00-132',
      country: 'PL',
      phone: '',
    });
    const entry = within(group('Billing address')).getByRole('listitem');
    expect(entry).toHaveTextContent('ul. Grzybowska 5');
    await waitFor(() => expect(entry).toHaveFocus());
    expect(alertTexts()).toEqual(['The address has been added.']);
    expect(screen.queryByText('You have no saved addresses yet.')).toBeNull();
  });

  it('should show the server field errors on their fields and a general failure above the actions', { timeout: 20_000 }, async () => {
    let answer: 'fields' | 'down' = 'fields';
    const calls = stubBook([], {
      create: () =>
        answer === 'fields'
          ? json(
              {
                message: 'The given data was invalid.',
                code: 'validation.invalid',
                errors: { zip: ['Invalid postal code format'] },
                error_keys: { zip: [{ key: 'validation.postal_code', params: {} }] },
              },
              422,
            )
          : json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500),
    });
    renderAddresses();
    await screen.findByText('You have no saved addresses yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await userEvent.type(textbox(/^Recipient's first name/), 'Karl');
    await userEvent.type(textbox(/^Recipient's surname/), 'Weber');
    await userEvent.type(textbox(/^Street and number/), 'Hauptstraße 1');
    await userEvent.type(textbox(/^City/), 'Berlin');
    await userEvent.type(textbox(/^Zip code/), '10115');
    await chooseCountry('Germany');
    await userEvent.click(save());
    await waitFor(() => expect(textbox(/^Zip code/)).toHaveFocus());
    expect(textbox(/^Zip code/)).toHaveAccessibleDescription(/Invalid postal code format/);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Editing the field clears the server's message.
    await userEvent.type(textbox(/^Zip code/), ' ');
    expect(textbox(/^Zip code/)).not.toHaveAccessibleDescription(/Invalid postal code format/);

    answer = 'down';
    await userEvent.click(save());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('The address could not be saved. Something went wrong!');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    expect(alertTexts()).toEqual([]);
  });

  it('should close on Cancel without saving and give focus back to Add address', async () => {
    const calls = stubBook([HOME]);
    renderAddresses();
    await screen.findByText('ul. Prosta 20');
    const add = screen.getByRole('button', { name: 'Add address' });
    await userEvent.click(add);
    await userEvent.type(textbox(/^City/), 'Kraków');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(add).toHaveFocus();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});

describe('Addresses: editing', () => {
  it('should fill the form from the entry, save every field and keep the checkout in step', async () => {
    chooseDeliveryAddress(toCheckoutAddress(HOME));
    const calls = stubBook([HOME, BRANCH]);
    renderAddresses();
    await userEvent.click(await screen.findByRole('button', { name: /^Edit: Anna Nowak/ }));
    expect(dialog()).toHaveAccessibleName('Edit address');
    expect(textbox(/^Recipient's first name/)).toHaveValue('Anna');
    expect(textbox(/^Street and number/)).toHaveValue('ul. Prosta 20');
    expect(within(dialog()).getByRole('combobox', { name: /Country/ })).toHaveValue('Poland');
    await userEvent.clear(textbox(/^Street and number/));
    await userEvent.type(textbox(/^Street and number/), 'ul. Prosta 22');
    await userEvent.click(save());

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/user/addresses/11');
    expect(put?.body).toMatchObject({ type: 'delivery', name: 'Anna', surname: 'Nowak', company: 'Initech', street: 'ul. Prosta 22', zip: '00-850', country: 'PL' });
    const entry = within(group('Delivery address')).getByRole('listitem');
    expect(entry).toHaveTextContent('ul. Prosta 22');
    await waitFor(() => expect(entry).toHaveFocus());
    expect(alertTexts()).toEqual(['The address has been updated.']);
    expect(checkoutState.value.deliveryAddress).toMatchObject({ id: 11, street: 'ul. Prosta 22' });
  });

  it('should move an entry to its new group when its type changes', async () => {
    stubBook([HOME, BRANCH]);
    renderAddresses();
    await userEvent.click(await screen.findByRole('button', { name: /^Edit: Anna Nowak/ }));
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'Specific address' }));
    await userEvent.click(save());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Delivery address' })).toBeNull();
    const items = within(group('Specific address')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    await waitFor(() => expect(items.find((item) => item.textContent?.includes('ul. Prosta 20'))).toHaveFocus());
  });
});

describe('Addresses: deleting', () => {
  it('should ask first; Cancel keeps the entry, Delete removes it, toasts and focuses the heading', async () => {
    chooseDeliveryAddress(toCheckoutAddress(HOME));
    const calls = stubBook([HOME, BILLING]);
    renderAddresses();
    const remove = await screen.findByRole('button', { name: /^Delete: Anna Nowak/ });
    await userEvent.click(remove);
    expect(dialog()).toHaveAccessibleName('Delete address');
    expect(dialog()).toHaveAccessibleDescription('Do you want to delete this address? Orders already placed keep their own copy.');
    expect(within(dialog()).getByText('Anna Nowak, Initech, ul. Prosta 20, 00-850 Warszawa, Poland')).toBeInTheDocument();
    const cancel = within(dialog()).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await userEvent.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).toHaveFocus();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(remove);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Delete address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/user/addresses/11');
    expect(screen.queryByRole('region', { name: 'Delivery address' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Billing address' })).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveFocus());
    expect(alertTexts()).toEqual(['The address has been deleted.']);
    // The checkout no longer delivers to it.
    expect(checkoutState.value.deliveryAddress).toBeNull();
  });

  it('should keep the question open with the failure, and show the empty book after the last one', async () => {
    let fail = true;
    stubBook([HOME], { remove: () => (fail ? json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500) : new Response(null, { status: 204 })) });
    renderAddresses();
    await userEvent.click(await screen.findByRole('button', { name: /^Delete: Anna Nowak/ }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Delete address' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('The address could not be deleted. Something went wrong!');
    fail = false;
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Delete address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('You have no saved addresses yet.')).toBeInTheDocument();
  });
});

describe('Addresses: while the book loads', () => {
  it('should offer Add address at once', () => {
    stubApi(noAnswer);
    renderAddresses();
    expect(screen.getByRole('button', { name: 'Add address' })).toBeInTheDocument();
  });
});
