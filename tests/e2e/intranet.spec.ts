import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { CheckoutPage } from './support/pages.ts';
import { fillGlobexInvoiceAddress, headerCart, shopUrl } from './support/shop.ts';
import { E2E_ORIGIN } from './playwright.config.ts';

/**
 * The intranet demo page (demo/pages/intranet.html) as `npm start` serves it: a host page with its
 * own CSS and script on an origin of its own (`http://localhost:PORT`), hosting globex's cart button,
 * catalogue, a product and the login, which call globex's API across origins. Its links into the
 * storefront on `http://globex.localhost:PORT` carry its cart and the sign-in (issue 19).
 */
const INTRANET = `${E2E_ORIGIN}/demo/intranet.html`;
const loginForm = (page: Page) => page.locator('shop-login');

const product = (page: Page) => page.locator('shop-product');
const catalogue = (page: Page) => page.locator('shop-catalogue');
const cartButton = (page: Page) => page.locator('shop-cart-button').getByRole('button', { name: /^Cart \(\d+\)$/ });
const cartStatus = (page: Page) => page.locator('#cart-status');

async function openIntranet(page: Page) {
  await page.goto(INTRANET);
  await expect(page).toHaveURL(INTRANET);
  await expect(product(page).getByRole('heading', { level: 1, name: 'Ceramic mug' })).toBeVisible();
  await expect(catalogue(page).getByRole('article').first()).toBeVisible();
}

async function addFromProduct(page: Page, quantity: number) {
  const counter = product(page).getByRole('spinbutton', { name: 'Quantity' });
  await counter.fill(String(quantity));
  await expect(counter).toHaveAttribute('aria-valuenow', String(quantity));
  await product(page).getByRole('button', { name: 'Add to cart' }).click();
}

test.describe('intranet demo page', () => {
  test("should be served on an origin of its own, naming the shop's API and storefront", async ({ request }) => {
    const answer = await request.get(INTRANET, { maxRedirects: 0 });
    expect(answer.status()).toBe(200);
    const shop = shopUrl('globex', '').replace(/\/$/, '');
    expect(await answer.text()).toContain(`<shop-cart-button shop="globex" storefront-url="${shop}" api-base="${shop}">`);
  });

  test('the intranet page shares the cart between its elements and hands it to the storefront once', async ({ page }) => {
    await openIntranet(page);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (0)');
    await expect(cartStatus(page)).toHaveText('No cart changes on this page yet.');

    // From the featured product element.
    await addFromProduct(page, 2);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (2)');
    await expect(cartStatus(page)).toContainText('2 pieces in the cart');

    // From the catalogue: its product link shows the product in the page's product element.
    await catalogue(page).getByRole('searchbox').fill('GLX-CAP');
    await catalogue(page).getByRole('article').getByRole('link', { name: 'Baseball cap', exact: true }).click();
    await expect(product(page).getByRole('heading', { level: 1, name: 'Baseball cap' })).toBeVisible();
    await expect(page).toHaveURL(INTRANET);
    await expect(page.getByRole('heading', { level: 2, name: 'Featured product' })).toBeFocused();
    await addFromProduct(page, 1);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (3)');
    await expect(cartStatus(page)).toContainText('3 pieces in the cart');

    // The drawer lists both; its cart link leads to the storefront's cart with the same lines.
    await cartButton(page).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer.getByRole('list', { name: 'Cart' }).getByRole('listitem')).toHaveCount(2);
    const link = drawer.getByRole('link', { name: 'View cart' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^http:\/\/globex\.localhost:\d+\/cart#cart=1\.[\w-]+$/);
    await link.click();
    // The storefront took the handoff out of the address bar and says what it added.
    await expect(page).toHaveURL(shopUrl('globex', '/cart'));
    await expect(page.getByRole('status').filter({ hasText: 'Added from your intranet cart' })).toContainText('2 products added');
    await expect(headerCart(page)).toHaveAccessibleName('Cart (3)');
    const lines = page.getByRole('main').getByRole('list', { name: 'Cart' }).getByRole('listitem').filter({ has: page.getByRole('spinbutton') });
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: 'Ceramic mug' }).getByRole('spinbutton')).toHaveValue('2');
    await expect(lines.filter({ hasText: 'Baseball cap' }).getByRole('spinbutton')).toHaveValue('1');

    // The same link again (Back, a bookmark) adds nothing; the intranet's cart was handed over.
    await page.goto(href ?? '');
    await expect(page).toHaveURL(shopUrl('globex', '/cart'));
    await expect(lines).toHaveCount(2);
    await expect(headerCart(page)).toHaveAccessibleName('Cart (3)');
    await page.goto(INTRANET);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (0)');
  });

  test('should sign in on the intranet, arrive signed in at the storefront and check out there', async ({ page }) => {
    await openIntranet(page);
    await loginForm(page).getByRole('textbox', { name: /e-mail/i }).fill('buyer@globex.test');
    await loginForm(page).getByRole('textbox', { name: /^password$/i }).fill('Passw0rd!');
    await loginForm(page).getByRole('button', { name: /^log in$/i }).click();
    // The login leads to the storefront's homepage, which names the link's account and signs in
    // through the one-time code once the buyer continues as that account (issue 26).
    await expect(page).toHaveURL(shopUrl('globex', '/'));
    const offer = page.getByRole('dialog', { name: 'Sign in to Globex?' });
    await offer.getByRole('button', { name: 'Continue as John Smith (buyer@globex.test)' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: /John/ })).toBeVisible();

    await openIntranet(page);
    await addFromProduct(page, 4);
    await expect(cartButton(page)).toHaveAccessibleName('Cart (4)');
    await cartButton(page).click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Go to checkout' }).click();
    // Signed in there as the same account already: nothing to ask, the code is not used.
    await expect(page).toHaveURL(shopUrl('globex', '/checkout/delivery'));
    await expect(headerCart(page)).toHaveAccessibleName('Cart (4)');
    const checkout = new CheckoutPage(page);
    await checkout.choose('Delivery method', /^Self-pickup/);
    await fillGlobexInvoiceAddress(checkout.group('Billing address'));
    await checkout.continue();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await checkout.choosePayment('Invoice');
    await checkout.continue();
    await expect(page).toHaveURL(/\/checkout\/summary$/);
    await checkout.placeOrder();
  });

  test('should have no accessibility violations, with the cart drawer open too', async ({ page }) => {
    await openIntranet(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Team merchandise' })).toBeVisible();
    await expectNoAxeViolations(page);
    await cartButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('should fit a narrow screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openIntranet(page);
    await expect(cartButton(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
