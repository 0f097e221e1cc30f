import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './openapi/test.ts';
import { E2E_ORIGIN } from './playwright.config.ts';
import { shopId } from './support/api.ts';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { CartPage, CheckoutPage, LoginPage, ProductPage } from './support/pages.ts';
import { bearer, chooseCountry, closePopup, headerCart, shopUrl } from './support/shop.ts';

/**
 * One full order per demo shop through the checkout screens, against the real server and the demo data
 * (docs/demo-data.md), then the provider's own records: the order is in the buyer's history with the
 * total the summary showed, and in the points shop the budget dropped by exactly that total.
 * - acme: points budgets, the delivery paid from a budget, MPK and the cost-centre statement;
 * - globex: a guest fills the cart, is asked to log in at checkout, types a new address, pays by invoice
 *   in a gross-price shop; a second order pays online through the demo provider's payment page;
 * - initech: Polish, delivery only to a specific address from the book, billing filled from the book.
 */

const main = (page: Page) => page.getByRole('main');

interface UserBudget {
  id: number;
  name: string;
  points_left: number;
}

async function budgetsOf(request: APIRequestContext, headers: Record<string, string>): Promise<UserBudget[]> {
  const answer = await request.get(`${E2E_ORIGIN}/api/user`, { headers });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { budgets: UserBudget[] }).budgets;
}

async function latestOrder(request: APIRequestContext, slug: string, headers: Record<string, string>) {
  const id = await shopId(request, slug);
  const answer = await request.get(`${E2E_ORIGIN}/api/user/orders?website_id=${id}&per_page=5`, { headers });
  expect(answer.status()).toBe(200);
  const page = (await answer.json()) as { data: { name: string; total: number; currency: string }[] };
  return page.data[0];
}

/** Opens the cart from the header and goes to checkout, closing the shop's cart popup `cartPopup` first (acme has one). */
async function openCartAndCheckout(page: Page, cartPopup?: string): Promise<CheckoutPage> {
  const cart = new CartPage(page);
  await cart.openFromHeader();
  if (cartPopup) await closePopup(page, cartPopup);
  await cart.goToCheckout();
  return new CheckoutPage(page);
}

test.describe('checkout', () => {
  test('acme: points budgets pay the lines and the delivery; the MPK and the statement are required', async ({ page }) => {
    await new LoginPage(page).logInTo('acme', 'buyer@acme.test');
    const headers = await bearer(page, 'acme');
    const before = await budgetsOf(page.request, headers);
    const welcomeBefore = before.find((budget) => budget.name === 'Welcome pack')!;

    const product = new ProductPage(page);
    await product.open('acme', 'ACME-MUG', 'Ceramic mug');
    await product.addToCart({ colour: 'White', quantity: 10, expectedCount: 10 });
    const checkout = await openCartAndCheckout(page, 'Have your cost centre ready');

    await expect(page).toHaveURL(/\/checkout\/delivery$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Delivery details' })).toBeVisible();
    const contact = checkout.group('Contact information');
    await expect(contact.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('buyer@acme.test');
    await expect(contact.getByRole('textbox', { name: /^First name/ })).toHaveValue('Anna');
    await checkout.choose('Delivery method', /^Courier/);
    await checkout.choose('Delivery address', /Marszałkowska/);
    // The cost centre is required in acme; it comes from the buyer's profile (MPK-100).
    const mpk = main(page).getByRole('textbox', { name: /^Cost centre code \(MPK\)/ });
    await expect(mpk).toHaveValue('MPK-100');
    await mpk.fill('');
    await checkout.continue();
    await expect(mpk).toHaveAccessibleDescription('Enter the cost centre (MPK) code');
    await expect(page).toHaveURL(/\/checkout\/delivery$/);
    await mpk.fill('MPK-100');
    await axe(page);
    await checkout.continue();

    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(main(page).getByRole('radio', { name: 'Points budget' })).toBeChecked();
    await main(page).getByRole('radio', { name: /Welcome pack/ }).check();
    await axe(page);
    await checkout.continue();

    await expect(page).toHaveURL(/\/checkout\/summary$/);
    // 10 mugs at 10 points and the courier at 25 points from the Welcome pack.
    const shown = await checkout.total();
    expect(shown).toBe(125);
    await checkout.placeButton().click();
    await expect(main(page).getByRole('checkbox', { name: /^I confirm that this order/ })).toBeFocused();
    await main(page).getByRole('checkbox', { name: /^I confirm that this order/ }).check();
    await main(page).getByRole('textbox', { name: /^Order comment/ }).fill('e2e: acme checkout');
    await axe(page);
    const name = await checkout.placeOrder();
    await axe(page);
    await expect(headerCart(page)).toHaveAccessibleName('Cart (0)');

    const order = await latestOrder(page.request, 'acme', headers);
    expect(order).toMatchObject({ name, currency: 'pkt', total: shown });
    const welcomeAfter = (await budgetsOf(page.request, headers)).find((budget) => budget.id === welcomeBefore.id)!;
    expect(welcomeBefore.points_left - welcomeAfter.points_left).toBe(shown);

    // Checkout was cleared: a reload of the confirmation goes back through the guards to the cart.
    await page.reload();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('globex: a guest logs in at checkout, types a new address and pays by invoice (gross prices)', async ({ page }) => {
    const product = new ProductPage(page);
    await product.open('globex', 'GLX-MUG', 'Ceramic mug');
    await product.addToCart({ colour: 'White', quantity: 5, expectedCount: 5 });
    const checkout = await openCartAndCheckout(page);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout%2Fdelivery$/);
    // Not a bare login form: why an account is needed, and how to get one in a shop without sign-ups.
    const why = main(page).getByRole('region', { name: 'Log in to place your order' });
    await expect(why).toContainText('Orders in Globex are placed from a buyer account');
    await expect(why).toContainText('Ask your company’s shop administrator for one');
    await expect(why.getByRole('link', { name: 'Contact the shop' })).toHaveAttribute('href', /\/contact$/);
    await axe(page);
    await new LoginPage(page).logIn('buyer@globex.test');
    await expect(page).toHaveURL(/\/checkout\/delivery$/);
    // The guest's cart came along.
    await expect(headerCart(page)).toHaveAccessibleName('Cart (5)');

    // A gross shop shows the courier's 19.99 net as it charges it: 24.59 gross.
    await expect(checkout.group('Delivery method').getByRole('radio', { name: /^Courier/ })).toHaveAccessibleName(/PLN\s24\.59 gross/);
    await checkout.choose('Delivery method', /^Courier/);
    const address = checkout.group('Delivery address');
    // An empty book: the new-address form shows at once.
    await expect(address.getByText('No addresses available')).toBeVisible();
    // The form starts in the shop's country, and asks whom the parcel goes to.
    await expect(address.getByRole('combobox', { name: /^Country/ })).toHaveValue('Poland');
    await address.getByRole('textbox', { name: /^Recipient's first name/ }).fill('John');
    await address.getByRole('textbox', { name: /^Recipient's surname/ }).fill('Smith');
    await address.getByRole('textbox', { name: /^Company/ }).fill('Globex Sp. z o.o.');
    await address.getByRole('textbox', { name: /^Tax ID/ }).fill('6772480003');
    await address.getByRole('textbox', { name: /^Street and number/ }).fill('ul. Lubicz 17');
    await address.getByRole('textbox', { name: /^City/ }).fill('Kraków');
    await address.getByRole('textbox', { name: /^Zip code/ }).fill('31503');
    await chooseCountry(address, 'Poland');
    await checkout.continue();
    // The postal code must fit the country.
    await expect(address.getByText('Invalid postal code format', { exact: true })).toBeVisible();
    await address.getByRole('textbox', { name: /^Zip code/ }).fill('31-503');
    await checkout.continue();

    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await checkout.choosePayment('Invoice');
    await checkout.continue();
    await expect(page).toHaveURL(/\/checkout\/summary$/);
    await expect(main(page).getByText('Globex Sp. z o.o.').first()).toBeVisible();
    // The shown gross unit is multiplied (docs/api.md "Prices and rounding"): 24.99 net is 30.74 gross,
    // × 5 = 153.70 (the earlier rule gave 153.69); courier 19.99 net = 24.59 gross.
    const mugRow = main(page).getByRole('row', { name: /Ceramic mug/ });
    await expect(mugRow.getByRole('cell')).toHaveText(['5', /^PLN\s30\.74$/, /^PLN\s153\.70$/]);
    const shown = await checkout.total();
    expect(shown).toBe(178.29);
    const name = await checkout.placeOrder();

    // The confirmation says what was ordered, as the server recorded it.
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeFocused();
    const next = main(page).getByRole('region', { name: 'What happens next' });
    await expect(next).toContainText('We have sent the order details to buyer@globex.test.');
    await expect(next).toContainText('You pay for this order by invoice');
    const line = main(page).getByRole('row', { name: /Ceramic mug/ });
    await expect(line).toContainText('Colour: White');
    await expect(line.getByRole('cell').first()).toHaveText('5');
    await expect(line.locator('img')).toHaveAttribute('src', /\/storage\//);
    await expect(main(page).getByText('Total (gross)', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Delivery', exact: true })).toContainText('ul. Lubicz 17');
    await expect(main(page).getByRole('link', { name: 'View order' })).toHaveAttribute('href', new RegExp(`/user/orders/${name}$`));
    await axe(page);

    const headers = await bearer(page, 'globex');
    const order = await latestOrder(page.request, 'globex', headers);
    expect(order).toMatchObject({ name, currency: 'PLN', total: shown });
    // The order page shows what was charged: the same unit, line, delivery and total.
    await page.goto(shopUrl('globex', `/user/orders/${name}`));
    const products = main(page).getByRole('region', { name: 'Products' });
    await expect(products.getByRole('row', { name: /Ceramic mug/ }).getByRole('cell')).toHaveText(['5', /^PLN\s30\.74$/, /^PLN\s153\.70$/]);
    await expect(main(page).getByRole('region', { name: 'Delivery' })).toContainText(/Delivery cost \(gross\)\s*PLN\s24\.59/);
    await expect(products.getByLabel('Order totals')).toContainText(/Total \(gross\)\s*PLN\s178\.29/);
    // The typed address is in the book now, as a specific address.
    const book = (await (await page.request.get(`${E2E_ORIGIN}/api/user/addresses?type=specific`, { headers })).json()) as { street: string }[];
    expect(book.map((entry) => entry.street)).toContain('ul. Lubicz 17');
  });

  test('globex: an online payment leaves for the payment page and returns to payment processing', async ({ page }) => {
    await new LoginPage(page).logInTo('globex', 'coordinator@globex.test');
    const product = new ProductPage(page);
    await product.open('globex', 'GLX-MUG', 'Ceramic mug');
    await product.addToCart({ colour: 'Black', quantity: 2, expectedCount: 2 });
    const checkout = await openCartAndCheckout(page);
    await checkout.choose('Delivery method', /^Self-pickup/);
    await expect(checkout.group('Delivery method').getByText('ul. Lubicz 17')).toBeVisible();
    const billing = checkout.group('Billing address');
    await billing.getByRole('textbox', { name: /^First name/ }).fill('Emma');
    await billing.getByRole('textbox', { name: /^Surname/ }).fill('Brown');
    await billing.getByRole('textbox', { name: /^Street and number/ }).fill('ul. Lubicz 17');
    await billing.getByRole('textbox', { name: /^City/ }).fill('Kraków');
    await billing.getByRole('textbox', { name: /^Zip code/ }).fill('31-503');
    await chooseCountry(billing, 'Poland');
    await checkout.continue();
    await checkout.choosePayment('Online payment');
    await checkout.continue();
    await checkout.placeButton().click();

    // The demo provider's payment page, then back to the storefront.
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/payment-processing\?order=GLOBEX-\d+&status=success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(main(page).getByText('Your payment has been received.')).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName('Cart (0)');
    await axe(page);
  });

  test('initech (pl): delivery only to a specific address, billing from the address book', async ({ page }) => {
    await new LoginPage(page).logInTo('initech', 'buyer@initech.test');
    const product = new ProductPage(page);
    await product.open('initech', 'INI-MUG', 'Kubek ceramiczny');
    await product.addToCart({ colour: 'Biały', quantity: 4, expectedCount: 4 });
    const checkout = await openCartAndCheckout(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Dane dostawy' })).toBeVisible();
    const methods = checkout.group('Metoda dostawy');
    await expect(methods.getByRole('radio')).toHaveCount(1);
    await expect(methods.getByRole('radio', { name: /^Dostawa pod wskazany adres/ })).toBeChecked();
    await checkout.choose('Adres dostawy', /Piotrkowska/);
    const billing = checkout.group('Adres rozliczeniowy');
    await expect(billing.getByRole('checkbox', { name: 'Taki sam jak adres dostawy' })).not.toBeChecked();
    await billing.getByRole('combobox', { name: 'Uzupełnij z książki adresowej' }).click();
    await page.getByRole('option', { name: /Grzybowska/ }).click();
    await expect(billing.getByRole('textbox', { name: /^NIP/ })).toHaveValue('5260250274');
    await axe(page);
    await checkout.continue();

    await expect(page.getByRole('heading', { level: 1, name: 'Dane płatności' })).toBeVisible();
    await checkout.choosePayment('Faktura');
    await checkout.continue();
    await expect(page.getByRole('heading', { level: 1, name: 'Podsumowanie' })).toBeVisible();
    const shown = await checkout.total();
    const name = await checkout.placeOrder();

    const headers = await bearer(page, 'initech');
    const order = await latestOrder(page.request, 'initech', headers);
    expect(order).toMatchObject({ name, currency: 'EUR', total: shown });
  });
});
