import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { CheckoutPage } from './support/pages.ts';
import { fillGlobexInvoiceAddress, shopUrl } from './support/shop.ts';
import { E2E_ORIGIN } from './playwright.config.ts';

/**
 * The intranet's orders page (demo/pages/intranet-orders.html) on an origin of its own
 * (`http://localhost:PORT`), with globex's `<shop-login>`, `<shop-cart>`, `<shop-checkout>` and
 * `<shop-account>` on the page itself, calling the shop's API on `http://globex.localhost:PORT` across
 * origins (issue 19): the buyer signs in, edits the cart, checks out and finds the order without ever
 * visiting the storefront.
 */
const INTRANET = `${E2E_ORIGIN}/demo/intranet.html`;
const ORDERS = `${E2E_ORIGIN}/demo/intranet-orders/`;

const login = (page: Page) => page.locator('shop-login');
const cart = (page: Page) => page.locator('shop-cart');
const checkoutElement = (page: Page) => page.locator('shop-checkout');
const account = (page: Page) => page.locator('shop-account');
const cartButton = (page: Page) => page.locator('shop-cart-button').getByRole('button', { name: /^Cart \(\d+\)$/ });

/** Adds `quantity` mugs on the intranet's merchandise page (the same origin, so the same cart). */
async function addMugs(page: Page, quantity: number) {
  await page.goto(INTRANET);
  const product = page.locator('shop-product');
  await expect(product.getByRole('heading', { level: 1, name: 'Ceramic mug' })).toBeVisible();
  const counter = product.getByRole('spinbutton', { name: 'Quantity' });
  await counter.fill(String(quantity));
  await expect(counter).toHaveAttribute('aria-valuenow', String(quantity));
  await product.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName(`Cart (${quantity})`);
}

async function signIn(page: Page) {
  await login(page).getByRole('textbox', { name: /e-mail/i }).fill('buyer@globex.test');
  await login(page).getByRole('textbox', { name: /^password$/i }).fill('Passw0rd!');
  await login(page).getByRole('button', { name: /^log in$/i }).click();
}

test.describe('intranet orders page: cart, checkout and account on another origin', () => {
  test("should be served for every account section under its base path, naming the shop's API", async ({ request }) => {
    const shop = shopUrl('globex', '').replace(/\/$/, '');
    for (const path of ['', 'user', 'user/orders']) {
      const answer = await request.get(`${ORDERS}${path}`, { maxRedirects: 0 });
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toContain(`<shop-cart-button shop="globex" storefront-url="${shop}" api-base="${shop}" base-path="/demo/intranet-orders">`);
    }
    // On the shop's own host the page needs no API of another origin.
    const own = await request.get(`${ORDERS}user`, { maxRedirects: 0, headers: { host: new URL(shop).host } });
    expect(await own.text()).toContain('<shop-cart-button shop="globex" storefront-url="/" base-path="/demo/intranet-orders">');
  });

  test('should sign in, edit the cart, check out and find the order, all on the intranet page', async ({ page }) => {
    await addMugs(page, 2);
    await page.goto(ORDERS);
    // The account keeps its sections in the address bar under the page's base path.
    await expect(page).toHaveURL(`${ORDERS}user`);
    const line = cart(page).getByRole('listitem').filter({ hasText: 'Ceramic mug' }).filter({ has: page.getByRole('spinbutton') });
    await expect(line.getByRole('spinbutton')).toHaveValue('2');
    // A guest is asked to log in by the checkout and the account; their link leads to the page's own form.
    await expect(account(page).getByText('Please log in to continue.')).toBeVisible();
    await checkoutElement(page).getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeFocused();
    await expect(page).toHaveURL(`${ORDERS}user`);

    await signIn(page);
    // The login stays on the page: it now says who is signed in, and the other elements follow.
    await expect(login(page).getByRole('heading', { level: 1, name: 'You are logged in' })).toBeVisible();
    await expect(login(page).getByText('Logged in as John Smith (buyer@globex.test).')).toBeVisible();
    await expect(page.locator('#orders-status')).toHaveText('Signed in: your cart, checkout and orders are below.');
    await expect(account(page).getByText('Hello, John!')).toBeVisible();
    await expect(page).toHaveURL(`${ORDERS}user`);
    await expectNoAxeViolations(page);

    // The cart, priced by the shop's API across origins: a quantity change reaches every element.
    await line.getByRole('spinbutton').fill('3');
    await line.getByRole('spinbutton').blur();
    await expect(cartButton(page)).toHaveAccessibleName('Cart (3)');

    // The checkout on the page: delivery, payment, summary, order.
    const checkout = new CheckoutPage(page, checkoutElement(page));
    await checkout.choose('Delivery method', /^Self-pickup/);
    await fillGlobexInvoiceAddress(checkout.group('Billing address'));
    await checkout.continue();
    await checkout.choosePayment('Invoice');
    await checkout.continue();
    await checkout.placeButton().click();
    await expect(checkoutElement(page).getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    const text = await checkoutElement(page).getByText(/^Your order number: /).innerText();
    const orderName = text.split(': ')[1]?.trim() ?? '';
    expect(orderName).toMatch(/^GLOBEX-\d{6,}$/);
    await expect(page.locator('#orders-status')).toHaveText(`Order ${orderName} placed: it is listed under your orders.`);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (0)');
    // Never left the intranet's origin.
    expect(new URL(page.url()).origin).toBe(E2E_ORIGIN);

    // The account lists it, and keeps the section in the address bar through a reload.
    await account(page).getByRole('link', { name: 'Order history' }).first().click();
    await expect(page).toHaveURL(`${ORDERS}user/orders`);
    await expect(account(page).getByText(orderName)).toBeVisible();
    await page.reload();
    await expect(login(page).getByRole('heading', { level: 1, name: 'You are logged in' })).toBeVisible();
    await expect(account(page).getByText(orderName)).toBeVisible();

    // Log out from the page's login: the account asks to log in again.
    await login(page).getByRole('button', { name: 'Log out' }).click();
    await expect(login(page).getByRole('button', { name: /^log in$/i })).toBeVisible();
    await expect(account(page).getByText('Please log in to continue.')).toBeVisible();
  });

  test('should have no accessibility violations and fit a narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(ORDERS);
    await expect(login(page).getByRole('button', { name: /^log in$/i })).toBeVisible();
    await expect(cart(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
