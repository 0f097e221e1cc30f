import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryMethod, Website } from '../../contract/contract.ts';
import { addToCart } from '../../store/cart.ts';
import { locale } from '../../store/locale.ts';
import { checkoutState, chooseDeliveryAddress, startCheckout } from '../../store/checkout.ts';
import { user } from '../../store/session.ts';
import { GROSS_SHOP, NET_SHOP, POINTS_SHOP, json, logInBuyer, plain, product } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import { Delivery } from './Delivery.tsx';
import { INVOICE_SHOP, blankAddress, renderStep, stubApi, type ApiCall } from './test-helpers.tsx';

// ---------------------------------------------------------------------------------------------------
// Fixtures

const COURIER: DeliveryMethod = { id: 1, type: 'courier', name: 'Courier', price: 19.99, pickup_address: null, budgets: [] };
const PICKUP: DeliveryMethod = {
  id: 2,
  type: 'self_pickup',
  name: 'Self-pickup',
  price: 0,
  pickup_address: { street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
  budgets: [],
};
const SPECIFIC: DeliveryMethod = { id: 3, type: 'specific_address', name: 'Delivery to a specific address', price: 29.99, pickup_address: null, budgets: [] };

const HOME = blankAddress({ id: 11, type: 'delivery', name: 'Anna', surname: 'Nowak', company: 'Globex', street: 'ul. Długa 1', city: 'Warszawa', zip: '00-950', nip: '5260250274' });
const BRANCH = blankAddress({ id: 12, type: 'specific', company: 'Branch office', street: 'ul. Krótka 2', city: 'Gdańsk', zip: '80-001' });
const BILLING = blankAddress({ id: 13, type: 'billing', name: 'Jan', surname: 'Kowalski', company: 'Globex SA', street: 'ul. Prosta 3', city: 'Kraków', zip: '31-000', nip: '1234567890' });

const SPECIFIC_ONLY_SHOP: Website = { ...GROSS_SHOP, id: 4, slug: 'initech', shipping_only_to_specific_address: true };
const MPK_SHOP: Website = { ...GROSS_SHOP, mpk_required: true };

interface Api {
  methods?: () => Response | Promise<Response>;
  addresses?: () => Response | Promise<Response>;
}

/** Stubs `fetch` for the two calls of the step (the shared stub records every call with its JSON body). */
function stubDeliveryApi({ methods = () => json([COURIER, PICKUP, SPECIFIC]), addresses = () => json([HOME, BRANCH, BILLING]) }: Api = {}): ApiCall[] {
  return stubApi(({ path }) => {
    if (path === '/api/delivery-methods') return methods();
    if (path === '/api/user/addresses') return addresses();
    return json({ message: 'Page not found', code: 'errors.not_found' }, 404);
  });
}

/** A fresh page of `website` with the buyer (Anna Nowak) logged in and one product in the cart. */
function openDelivery(website: Website = GROSS_SHOP) {
  resetScreenPage('/checkout/delivery', website);
  logInBuyer();
  startCheckout();
  const mug = product({ id: 1, name: 'Mug' });
  addToCart(mug, mug.variants[0]!, 3);
}

function renderDelivery() {
  return renderStep(<Delivery routeId="checkout-delivery" params={{}} />);
}

const group = (name: string | RegExp) => screen.getByRole('group', { name });
const contact = () => group('Contact information');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
/** The radio of a delivery method, once the methods are loaded. */
const methodRadio = (name: RegExp) => within(group('Delivery method')).findByRole('radio', { name });

/** Chooses a country in an address autocomplete by typing its name and leaving the field. */
async function chooseCountry(scope: HTMLElement, name: string) {
  const input = within(scope).getByRole('combobox', { name: /Country/ });
  await userEvent.clear(input);
  await userEvent.type(input, name);
  await userEvent.tab();
}

beforeEach(() => openDelivery());
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

// ---------------------------------------------------------------------------------------------------

describe('Delivery step: contact information', () => {
  it('should pre-fill the contact from the profile, in a titled group of labelled fields', async () => {
    stubDeliveryApi();
    renderDelivery();
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery details' })).toBeInTheDocument();
    const fields = within(contact());
    expect(fields.getByRole('textbox', { name: /First name/ })).toHaveValue('Anna');
    expect(fields.getByRole('textbox', { name: /Surname/ })).toHaveValue('Nowak');
    expect(fields.getByRole('textbox', { name: /E-mail/ })).toHaveValue('anna@example.com');
    expect(fields.getByRole('textbox', { name: /Phone/ })).toHaveValue('+48600700800');
    expect(fields.getByRole('textbox', { name: /Job title/ })).toHaveValue('Designer');
    expect(fields.getByRole('textbox', { name: /Buyer ID/ })).toHaveValue('B-1');
    // No fax: nobody is asked for one (the contact still carries an empty `fax` for the API).
    expect(fields.queryByRole('textbox', { name: /Fax/ })).toBeNull();
    expect(fields.getByRole('textbox', { name: /First name/ })).toHaveAttribute('aria-required', 'true');
    await methodRadio(/Courier/);
  });

  it('should block Continue with the spec messages for missing and invalid contact fields, focusing the first', async () => {
    stubDeliveryApi();
    const { go } = renderDelivery();
    await userEvent.click(await methodRadio(/Self-pickup/));
    const fields = within(contact());
    const name = fields.getByRole('textbox', { name: /First name/ });
    const email = fields.getByRole('textbox', { name: /E-mail/ });
    const phone = fields.getByRole('textbox', { name: /Phone/ });
    await userEvent.clear(name);
    await userEvent.clear(email);
    await userEvent.type(email, 'anna@example');
    await userEvent.clear(phone);
    await userEvent.type(phone, '12ab');

    await userEvent.click(continueButton());
    expect(go).not.toHaveBeenCalled();
    expect(checkoutState.value.deliveryDone).toBeFalsy();
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('This element is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('E-mail must be valid');
    expect(phone).toHaveAccessibleDescription(/^Enter a valid phone number/);
    // Edits are in the store already (a reload loses nothing).
    expect(checkoutState.value.contactInformation).toMatchObject({ name: '', email: 'anna@example', phone: '12ab' });

    // Each message goes as soon as its field is fixed.
    await userEvent.type(name, 'Anna');
    expect(name).not.toHaveAttribute('aria-invalid');
    await userEvent.type(email, '.com');
    expect(email).toHaveAccessibleDescription('');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+48 600 700 800');
    await userEvent.click(continueButton());
    expect(go).toHaveBeenCalledWith('payment');
    // Continue on a valid step opens the payment step (its guard needs the step done).
    expect(checkoutState.value.deliveryDone).toBe(true);
  });

  it('should show a field message once the field is left, not before', async () => {
    stubDeliveryApi();
    renderDelivery();
    const surname = within(contact()).getByRole('textbox', { name: /Surname/ });
    await userEvent.clear(surname);
    expect(screen.queryByText('This element is required')).toBeNull();
    await userEvent.tab();
    expect(surname).toHaveAccessibleDescription('This element is required');
    await methodRadio(/Courier/);
  });
});

describe('Delivery step: delivery method', () => {
  it('should load the methods for the cart lines, show their prices and keep the chosen one', async () => {
    const calls = stubDeliveryApi();
    renderDelivery();
    const courier = await methodRadio(/Courier/);
    expect(calls.find((call) => call.path === '/api/delivery-methods')).toMatchObject({
      method: 'POST',
      body: { website_id: GROSS_SHOP.id, items: [{ product_id: 1, variant_id: 10, quantity: 3 }] },
    });
    // A gross shop shows (and charges) the method's net 19.99 gross: 19.99 × 1.23 = 24.59.
    expect(plain(courier.closest('label')?.textContent)).toContain('PLN 24.59 gross');
    expect(await methodRadio(/Self-pickup/)).toHaveAccessibleName(/Free/);
    expect(courier).not.toBeChecked();

    await userEvent.click(courier);
    expect(courier).toBeChecked();
    expect(checkoutState.value.deliveryMethod).toMatchObject({ id: 1, type: 'courier', name: 'Courier', price: 19.99 });
    expect(screen.getByRole('group', { name: 'Delivery address' })).toBeInTheDocument();
  });

  it('should show a method at its net price in a net shop', async () => {
    openDelivery(NET_SHOP);
    stubDeliveryApi();
    renderDelivery();
    const courier = await methodRadio(/Courier/);
    expect(plain(courier.closest('label')?.textContent)).toContain('PLN 19.99 net');
    expect(plain(courier.closest('label')?.textContent)).not.toContain('gross');
  });

  it('should say "No delivery methods available" when there are none and not go on', async () => {
    stubDeliveryApi({ methods: () => json([]) });
    const { go } = renderDelivery();
    expect(await screen.findByText('No delivery methods available')).toBeInTheDocument();
    expect(within(group('Delivery method')).queryByRole('radio')).toBeNull();
    await userEvent.click(continueButton());
    expect(go).not.toHaveBeenCalled();
    expect(within(group('Delivery method')).getByText('Choose a delivery method')).toBeInTheDocument();
    expect(group('Delivery method')).toHaveFocus();
  });

  it('should show what a delivery costs from each budget in a points shop, as alternatives rather than a sum', async () => {
    openDelivery(POINTS_SHOP);
    const budgets = [
      { budget_id: 9, name: 'Welcome pack', color: '#2563eb', price: 25 },
      { budget_id: 4, name: 'Team events', color: '#16a34a', price: 30 },
    ];
    stubDeliveryApi({ methods: () => json([{ ...COURIER, price: 0, budgets }, PICKUP]) });
    renderDelivery();
    // One chosen budget pays the whole delivery: "25 or 30", never "25 · 30" that reads like 55.
    expect(await methodRadio(/Courier/)).toHaveAccessibleName(/25\spts from Welcome pack or 30\spts from Team events/);
    expect(await methodRadio(/Self-pickup/)).toHaveAccessibleName(/Free/);
    act(() => {
      locale.value = 'pl';
    });
    expect(screen.getByRole('radio', { name: /Courier/ })).toHaveAccessibleName(/25\spkt z budżetu Welcome pack lub 30\spkt z budżetu Team events/);
  });

  it('should show the loading state, then an error with a retry that loads again', async () => {
    let fail = true;
    let release: (() => void) | undefined;
    stubDeliveryApi({
      methods: () =>
        fail
          ? new Promise<Response>((resolve) => {
              release = () => resolve(json({ message: 'Down', code: 'errors.something_went_wrong' }, 500));
            })
          : json([COURIER]),
    });
    renderDelivery();
    expect(within(group('Delivery method')).getByText('Loading delivery methods…', { selector: 'p' })).toBeInTheDocument();
    await act(async () => release?.());
    const alert = await within(group('Delivery method')).findByRole('alert');
    expect(alert).toHaveTextContent('The delivery methods could not be loaded. Something went wrong!');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    // The only method offered is chosen by itself.
    expect(await methodRadio(/Courier/)).toBeChecked();
    expect(within(group('Delivery method')).queryByRole('alert')).toBeNull();
  });

  it('should show the pickup address for a self-pickup and need no delivery address', async () => {
    stubDeliveryApi();
    const { go } = renderDelivery();
    await userEvent.click(await methodRadio(/Self-pickup/));
    const pickup = screen.getByRole('region', { name: 'Pickup address' });
    expect(within(pickup).getByText('ul. Lubicz 17')).toBeInTheDocument();
    expect(within(pickup).getByText('31-503 Kraków')).toBeInTheDocument();
    expect(within(pickup).getByText('Poland')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Delivery address' })).toBeNull();

    await userEvent.click(continueButton());
    expect(go).toHaveBeenCalledWith('payment');
    expect(checkoutState.value.deliveryMethod?.type).toBe('self_pickup');
    expect(checkoutState.value.deliveryAddress).toBeNull();
  });
});

describe('Delivery step: delivery address', () => {
  it('should take an address from the book by its id', async () => {
    stubDeliveryApi();
    const { go } = renderDelivery();
    await userEvent.click(await methodRadio(/Courier/));
    const addresses = group('Delivery address');
    // Delivery and specific entries are offered, billing ones are not.
    const home = await within(addresses).findByRole('radio', { name: /Anna Nowak.*ul\. Długa 1/ });
    const branch = within(addresses).getByRole('radio', { name: /Branch office/ });
    expect(within(addresses).queryByRole('radio', { name: /Prosta/ })).toBeNull();
    // Nothing chosen yet: the newest saved address is chosen by itself.
    await waitFor(() => expect(branch).toBeChecked());
    expect(checkoutState.value.deliveryAddress).toMatchObject({ id: 12, type: 'specific' });

    await userEvent.click(home);
    expect(checkoutState.value.deliveryAddress).toMatchObject({ id: 11, type: 'delivery', street: 'ul. Długa 1' });
    await userEvent.click(continueButton());
    expect(go).toHaveBeenCalledWith('payment');
  });

  it('should keep a new address as a one-off specific address, remember it and offer it again', async () => {
    stubDeliveryApi();
    const { go } = renderDelivery();
    await userEvent.click(await methodRadio(/Courier/));
    const addresses = group('Delivery address');
    await userEvent.click(await within(addresses).findByRole('radio', { name: 'New address' }));

    // Continue checks the typed address with the contract's rules: first whom it goes to.
    await userEvent.click(continueButton());
    expect(go).not.toHaveBeenCalled();
    const recipient = within(addresses).getByRole('textbox', { name: /Recipient's first name/ });
    expect(recipient).toHaveFocus();
    expect(recipient).toHaveAttribute('aria-required', 'true');
    expect(recipient).toHaveAccessibleDescription('This element is required');
    expect(within(addresses).getByRole('textbox', { name: /Recipient's surname/ })).toHaveAccessibleDescription('This element is required');
    const street = within(addresses).getByRole('textbox', { name: /Street and number/ });
    expect(street).toHaveAccessibleDescription('This element is required');
    expect(within(addresses).getByRole('combobox', { name: /Country/ })).toHaveAccessibleDescription('Choose a country');

    await userEvent.type(recipient, 'Ewa');
    await userEvent.type(within(addresses).getByRole('textbox', { name: /Recipient's surname/ }), 'Lis');
    await userEvent.type(street, 'ul. Nowa 5');
    await userEvent.type(within(addresses).getByRole('textbox', { name: /City/ }), 'Poznań');
    const zip = within(addresses).getByRole('textbox', { name: /Zip code/ });
    await userEvent.type(zip, '61');
    await chooseCountry(addresses, 'Poland');
    await userEvent.click(continueButton());
    expect(zip).toHaveAccessibleDescription('Invalid postal code format');
    await userEvent.type(zip, '-001');

    const typed = { id: null, type: 'specific', name: 'Ewa', surname: 'Lis', street: 'ul. Nowa 5', city: 'Poznań', zip: '61-001', country: 'PL' };
    expect(checkoutState.value.deliveryAddress).toMatchObject(typed);
    expect(checkoutState.value.savedSpecificAddress).toMatchObject(typed);

    // Choosing a book entry keeps the typed address remembered, and "New address" offers it again.
    await userEvent.click(within(addresses).getByRole('radio', { name: /Anna Nowak/ }));
    expect(within(addresses).queryByRole('textbox', { name: /Street and number/ })).toBeNull();
    expect(checkoutState.value.savedSpecificAddress).toMatchObject(typed);
    const again = within(addresses).getByRole('radio', { name: /New address/ });
    expect(again).toHaveAccessibleName(/Entered last time: Ewa Lis, ul\. Nowa 5, 61-001 Poznań, Poland/);
    await userEvent.click(again);
    expect(within(addresses).getByRole('textbox', { name: /Street and number/ })).toHaveValue('ul. Nowa 5');
    expect(checkoutState.value.deliveryAddress).toMatchObject(typed);

    await userEvent.click(continueButton());
    expect(go).toHaveBeenCalledWith('payment');
  });

  it("should start the new address and the billing address in the shop's country", async () => {
    openDelivery({ ...GROSS_SHOP, country: 'PL' });
    stubDeliveryApi({ addresses: () => json([]) });
    renderDelivery();
    await userEvent.click(await methodRadio(/Courier/));
    const addresses = group('Delivery address');
    expect(await within(addresses).findByRole('combobox', { name: /Country/ })).toHaveValue('Poland');
    await userEvent.click(within(group('Billing address')).getByRole('checkbox', { name: 'Same as the delivery address' }));
    expect(within(group('Billing address')).getByRole('combobox', { name: /Country/ })).toHaveValue('Poland');
    expect(checkoutState.value.billingAddress.country).toBe('PL');
  });

  it('should say "No addresses available" with an empty book and show the new-address form at once', async () => {
    stubDeliveryApi({ addresses: () => json([BILLING]) });
    renderDelivery();
    await userEvent.click(await methodRadio(/Courier/));
    const addresses = group('Delivery address');
    expect(await within(addresses).findByText('No addresses available')).toBeInTheDocument();
    expect(within(addresses).queryByRole('radio')).toBeNull();
    await userEvent.type(within(addresses).getByRole('textbox', { name: /Street and number/ }), 'ul. Nowa 5');
    expect(checkoutState.value.deliveryAddress).toMatchObject({ id: null, type: 'specific', street: 'ul. Nowa 5' });
  });

  it('should offer only specific addresses and methods in a shop that delivers only to a specific address', async () => {
    openDelivery(SPECIFIC_ONLY_SHOP);
    stubDeliveryApi({ methods: () => json([SPECIFIC]) });
    const { go } = renderDelivery();
    // The one method the server offers there is chosen by itself.
    expect(await methodRadio(/Delivery to a specific address/)).toBeChecked();
    const addresses = group('Delivery address');
    expect(within(addresses).getByText(/delivers only to a specific address/)).toBeInTheDocument();
    const branch = await within(addresses).findByRole('radio', { name: /Branch office/ });
    expect(within(addresses).queryByRole('radio', { name: /Anna Nowak/ })).toBeNull();
    await userEvent.click(branch);
    expect(checkoutState.value.deliveryAddress).toMatchObject({ id: 12, type: 'specific' });
    expect(checkoutState.value.savedSpecificAddress).toMatchObject({ id: 12 });

    // Billing is not "same as delivery" by default there: its fields show and are required.
    expect(screen.getByRole('checkbox', { name: 'Same as the delivery address' })).not.toBeChecked();
    await userEvent.click(continueButton());
    expect(go).not.toHaveBeenCalled();
    expect(within(group('Billing address')).getByRole('textbox', { name: /First name/ })).toHaveFocus();
  });

  it('should not count a stored delivery address of another type in a specific-only shop', async () => {
    openDelivery(SPECIFIC_ONLY_SHOP);
    chooseDeliveryAddress({ ...HOME });
    stubDeliveryApi({ methods: () => json([SPECIFIC]) });
    renderDelivery();
    const addresses = await waitFor(() => group('Delivery address'));
    await within(addresses).findByRole('radio', { name: /Branch office/ });
    expect(within(addresses).getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
  });
});

describe('Delivery step: billing address', () => {
  it('should follow the delivery address by default and show the billing fields when unticked', async () => {
    stubDeliveryApi();
    const { go } = renderDelivery();
    await userEvent.click(await methodRadio(/Courier/));
    await userEvent.click(await within(group('Delivery address')).findByRole('radio', { name: /Anna Nowak/ }));
    const billing = group('Billing address');
    const same = within(billing).getByRole('checkbox', { name: 'Same as the delivery address' });
    expect(same).toBeChecked();
    expect(within(billing).queryByRole('textbox')).toBeNull();

    await userEvent.click(same);
    expect(checkoutState.value.billingAddressSameAsDelivery).toBe(false);
    const name = within(billing).getByRole('textbox', { name: /First name/ });
    await userEvent.click(continueButton());
    expect(go).not.toHaveBeenCalled();
    expect(checkoutState.value.deliveryDone).toBeFalsy();
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('This element is required');
    expect(within(billing).getByRole('textbox', { name: /Tax ID/ })).not.toHaveAttribute('aria-invalid');

    // The book's billing addresses fill the fields.
    await userEvent.click(within(billing).getByRole('combobox', { name: 'Fill in from your address book' }));
    await userEvent.click(await screen.findByRole('option', { name: /ul\. Prosta 3/ }));
    expect(name).toHaveValue('Jan');
    expect(checkoutState.value.billingAddress).toEqual({ name: 'Jan', surname: 'Kowalski', company: 'Globex SA', nip: '1234567890', street: 'ul. Prosta 3', city: 'Kraków', zip: '31-000', country: 'PL' });

    await userEvent.click(same);
    expect(within(billing).queryByRole('textbox')).toBeNull();
    expect(checkoutState.value.billingAddressSameAsDelivery).toBe(true);
    await userEvent.click(continueButton());
    expect(go).toHaveBeenCalledWith('payment');
  });

  it('should say "Nip missing from address" in a shop that invoices, without blocking Continue', async () => {
    openDelivery(INVOICE_SHOP);
    stubDeliveryApi();
    const { go } = renderDelivery();
    await userEvent.click(await methodRadio(/Courier/));
    const addresses = group('Delivery address');
    await userEvent.click(await within(addresses).findByRole('radio', { name: /Branch office/ }));
    const billing = group('Billing address');
    expect(within(billing).getByText('Nip missing from address')).toBeInTheDocument();
    await userEvent.click(within(addresses).getByRole('radio', { name: /Anna Nowak/ }));
    expect(within(billing).queryByText('Nip missing from address')).toBeNull();

    await userEvent.click(within(addresses).getByRole('radio', { name: /Branch office/ }));
    await userEvent.click(continueButton());
    expect(go).toHaveBeenCalledWith('payment');
  });

  it('should ask for the billing fields for a self-pickup in a shop that invoices', async () => {
    openDelivery(INVOICE_SHOP);
    stubDeliveryApi();
    const { go } = renderDelivery();
    await userEvent.click(await methodRadio(/Self-pickup/));
    const billing = group('Billing address');
    expect(within(billing).queryByRole('checkbox')).toBeNull();
    expect(within(billing).getByText(/Self-pickup has no delivery address/)).toBeInTheDocument();

    const fill = async (label: RegExp, value: string) => userEvent.type(within(billing).getByRole('textbox', { name: label }), value);
    await fill(/First name/, 'Anna');
    await fill(/Surname/, 'Nowak');
    await fill(/Street and number/, 'ul. Długa 1');
    await fill(/City/, 'Warszawa');
    await fill(/Zip code/, '00-950');
    await chooseCountry(billing, 'Poland');
    expect(within(billing).getByText('Nip missing from address')).toBeInTheDocument();
    await fill(/Tax ID/, '526-025-02-74');
    expect(within(billing).queryByText('Nip missing from address')).toBeNull();

    await userEvent.click(continueButton());
    expect(go).toHaveBeenCalledWith('payment');
    expect(checkoutState.value.billingAddressSameAsDelivery).toBe(false);
    expect(checkoutState.value.billingAddress).toMatchObject({ name: 'Anna', nip: '526-025-02-74', zip: '00-950', country: 'PL' });
  });

  it('should offer "No billing address needed" for a self-pickup in a shop that does not invoice', async () => {
    stubDeliveryApi();
    renderDelivery();
    await userEvent.click(await methodRadio(/Self-pickup/));
    expect(within(group('Billing address')).getByRole('checkbox', { name: 'No billing address needed' })).toBeChecked();
  });
});

describe('Delivery step: cost centre and Continue', () => {
  it('should fill the MPK code from the profile in a shop that requires it, and keep a code typed over it', async () => {
    openDelivery(MPK_SHOP);
    stubDeliveryApi();
    const { go } = renderDelivery();
    await userEvent.click(await methodRadio(/Self-pickup/));
    const mpk = screen.getByRole('textbox', { name: /Cost centre code \(MPK\)/ });
    // The buyer's profile says CC-1 (given at registration).
    expect(mpk).toHaveValue('CC-1');
    await userEvent.clear(mpk);
    await userEvent.type(mpk, 'MPK-7');
    await userEvent.click(continueButton());
    expect(go).toHaveBeenCalledWith('payment');
    expect(checkoutState.value.mpkCode).toBe('MPK-7');
  });

  it('should require the MPK code in a shop that requires it', async () => {
    openDelivery(MPK_SHOP);
    // A profile without a cost centre: nothing to fill in.
    user.value = { ...user.value!, cost_center: '' };
    stubDeliveryApi();
    const { go } = renderDelivery();
    await userEvent.click(await methodRadio(/Self-pickup/));
    const mpk = screen.getByRole('textbox', { name: /Cost centre code \(MPK\)/ });
    expect(mpk).toHaveAttribute('aria-required', 'true');
    await userEvent.click(continueButton());
    expect(go).not.toHaveBeenCalled();
    expect(mpk).toHaveFocus();
    expect(mpk).toHaveAccessibleDescription('Enter the cost centre (MPK) code');
    await userEvent.type(mpk, 'MPK-100');
    await userEvent.click(continueButton());
    expect(go).toHaveBeenCalledWith('payment');
    expect(checkoutState.value.mpkCode).toBe('MPK-100');
  });

  it('should not ask for an MPK code elsewhere', async () => {
    stubDeliveryApi();
    renderDelivery();
    await methodRadio(/Courier/);
    expect(screen.queryByRole('textbox', { name: /MPK/ })).toBeNull();
    // Nor carry the profile's code into an order of a shop that asks for none.
    expect(checkoutState.value.mpkCode).toBe('');
  });

  it('should save the whole step in the store and in browser storage, then go to the payment step', async () => {
    stubDeliveryApi();
    const { go } = renderDelivery();
    const fields = within(contact());
    await userEvent.clear(fields.getByRole('textbox', { name: /Job title/ }));
    await userEvent.type(fields.getByRole('textbox', { name: /Job title/ }), ' Office manager ');
    await userEvent.click(await methodRadio(/Courier/));
    await userEvent.click(await within(group('Delivery address')).findByRole('radio', { name: /Anna Nowak/ }));
    await userEvent.click(continueButton());

    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith('payment');
    const state = checkoutState.value;
    expect(state.contactInformation).toEqual({ name: 'Anna', surname: 'Nowak', email: 'anna@example.com', phone: '+48600700800', fax: '', job_title: 'Office manager', buyer_id: 'B-1' });
    expect(state.deliveryMethod).toMatchObject({ id: 1, type: 'courier' });
    expect(state.deliveryAddress).toMatchObject({ id: 11 });
    expect(state.billingAddressSameAsDelivery).toBe(true);
    const stored = Object.entries(localStorage).find(([key]) => key.includes('checkout'));
    expect(stored?.[1]).toContain('"id":11');
  });

  it('should go back to the cart', async () => {
    stubDeliveryApi();
    const { go } = renderDelivery();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the cart' }));
    expect(go).toHaveBeenCalledWith('cart');
    await methodRadio(/Courier/);
  });
});
