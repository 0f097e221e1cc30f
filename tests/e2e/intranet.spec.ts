import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { headerCart, shopUrl } from './support/shop.ts';

/**
 * The intranet demo page (demo/pages/intranet.html) as `npm start` serves it: a host page with its
 * own CSS and script, hosting globex's cart button, catalogue and a product on globex's own host, so
 * its cart is the storefront's cart too.
 */
const INTRANET = shopUrl('globex', '/demo/intranet.html');

const product = (page: Page) => page.locator('shop-product');
const catalogue = (page: Page) => page.locator('shop-catalogue');
const cartButton = (page: Page) => page.locator('shop-cart-button').getByRole('button', { name: /^Cart \(\d+\)$/ });
const cartStatus = (page: Page) => page.locator('#cart-status');

async function openIntranet(page: Page) {
  await page.goto('/demo/intranet.html');
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
  test('should be served on the host of its shop, so the storefront shares its cart', async ({ request }) => {
    const answer = await request.get('/demo/intranet.html', { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe(INTRANET);
  });

  test('the intranet page shares the cart between its elements', async ({ page }) => {
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
    await drawer.getByRole('link', { name: 'View cart' }).click();
    await expect(page).toHaveURL(shopUrl('globex', '/cart'));
    await expect(headerCart(page)).toHaveAccessibleName('Cart (3)');
    const lines = page.getByRole('main').getByRole('list', { name: 'Cart' }).getByRole('listitem').filter({ has: page.getByRole('spinbutton') });
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: 'Ceramic mug' }).getByRole('spinbutton')).toHaveValue('2');
    await expect(lines.filter({ hasText: 'Baseball cap' }).getByRole('spinbutton')).toHaveValue('1');
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
