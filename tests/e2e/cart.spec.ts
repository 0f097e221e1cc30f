import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { CartPage } from './support/pages.ts';
import { addToCart, closePopup, headerCart, logInTo, openProduct, shopUrl } from './support/shop.ts';

/**
 * The cart screen in the routed storefront against the real server and the demo data
 * (docs/demo-data.md): merging, tier prices by the product's total, quantity changes within bounds,
 * removal, order rules checked against the shop, budgets of the points shop, another tab, and axe.
 * Every test has its own browser context (its own cart); none places an order.
 */

const main = (page: Page) => page.getByRole('main');
const lines = (page: Page) => new CartPage(page).lines;
const lineOf = (page: Page, text: string | RegExp) => new CartPage(page).line(text);
const counterOf = (line: Locator) => line.getByRole('spinbutton');
/** The value (`<dd>`) of the term `term` (`<dt>`) in a definition list inside `scope`. */
const figure = (scope: Locator, term: string | RegExp) => scope.locator('dl > div').filter({ has: scope.page().getByRole('term').filter({ hasText: term }) }).getByRole('definition');
const checkoutLink = (page: Page) => new CartPage(page).checkoutLink;
const checkoutButton = (page: Page) => new CartPage(page).checkoutButton;
/** Intl puts no-break spaces between amount and unit: compare with plain spaces. */
const plain = async (locator: Locator) => (await locator.innerText()).replace(/[\u00a0\u202f]/g, ' ').trim();

const openCart = (page: Page) => new CartPage(page).openFromHeader();

test.describe('cart', () => {
  test('should merge lines, price every line by the tier of the product total, change quantities and remove a line', async ({ page }) => {
    await openProduct(page, 'globex', 'GLX-TEE', 'Classic T-shirt');
    await addToCart(page, { colour: 'Black', size: 'S', quantity: 60, expectedCount: 60 });
    await addToCart(page, { colour: 'Navy', size: 'M', quantity: 30, expectedCount: 90 });
    // Same colour and size again: merged into the first line.
    await addToCart(page, { colour: 'Black', size: 'S', quantity: 10, expectedCount: 100 });
    await openCart(page);

    await expect(lines(page)).toHaveCount(2);
    const black = lineOf(page, 'Colour: Black · Size: S');
    const navy = lineOf(page, 'Colour: Navy · Size: M');
    await expect(counterOf(black)).toHaveValue('70');
    await expect(counterOf(navy)).toHaveValue('30');
    // 100 pieces in all: both lines at the 100–499 tier, 34.99 net = 43.04 gross.
    for (const line of [black, navy]) await expect(line.getByText(/\/ pc$/)).toHaveText(/PLN\s43\.04 \/ pc/);

    // Down to 90 pieces: back to the first tier (39.99 net = 49.19 gross) on both lines.
    await counterOf(navy).fill('20');
    await expect(navy.getByText(/\/ pc$/)).toHaveText(/PLN\s49\.19 \/ pc/);
    await expect(black.getByText(/\/ pc$/)).toHaveText(/PLN\s49\.19 \/ pc/);
    await expect(headerCart(page)).toHaveAccessibleName('Cart (90)');

    await navy.getByRole('button', { name: /^Remove Classic T-shirt \(Colour: Navy/ }).click();
    await expect(lines(page)).toHaveCount(1);
    await expect(main(page).getByRole('status').filter({ hasText: 'Classic T-shirt was removed from the cart' })).toBeAttached();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeFocused();
    await expect(headerCart(page)).toHaveAccessibleName('Cart (70)');
    const summary = main(page).getByRole('complementary', { name: 'Order summary' });
    // The only line's total (its text after the visually hidden "Line total:") is the cart's total.
    const lineTotal = (await plain(black.locator('.shop-cart-line__total'))).match(/PLN\s[\d,.]+/)?.[0];
    expect(lineTotal).toBeTruthy();
    expect(await plain(figure(summary, /^Total/))).toBe(lineTotal);

    // The cart survives a reload.
    await page.reload();
    await expect(counterOf(lineOf(page, 'Colour: Black · Size: S'))).toHaveValue('70');
  });

  test('should keep quantities within the order rules and block checkout with the reason', async ({ page }) => {
    await openProduct(page, 'globex', 'GLX-PEN', 'Ballpoint pen');
    await addToCart(page, { quantity: 50, expectedCount: 50 });
    await openProduct(page, 'globex', 'GLX-NOTE', 'Notebook A5');
    await addToCart(page, { colour: 'Red', quantity: 20, expectedCount: 70 });
    await openProduct(page, 'globex', 'GLX-BOTTLE', 'Steel water bottle');
    await addToCart(page, { colour: 'Grey', quantity: 15, expectedCount: 85 });
    await openCart(page);
    await expect(checkoutLink(page)).toBeVisible();

    // Minimum 50 per line: the counter's floor.
    const pen = lineOf(page, 'Ballpoint pen');
    await expect(counterOf(pen)).toHaveAttribute('aria-valuemin', '50');
    await expect(pen.getByRole('button', { name: 'Decrease' })).toBeDisabled();
    // Stock 15: the counter's ceiling.
    const bottle = lineOf(page, 'Steel water bottle');
    await expect(counterOf(bottle)).toHaveAttribute('aria-valuemax', '15');
    await expect(bottle.getByRole('button', { name: 'Increase' })).toBeDisabled();

    // Minimum 20 across colours: 10 notebooks break it; checkout is blocked and says why.
    const notebook = lineOf(page, 'Notebook A5');
    await counterOf(notebook).fill('10');
    await expect(notebook.getByText('Minimum product order quantity: 20')).toBeVisible();
    await expect(checkoutButton(page)).toBeDisabled();
    await expect(checkoutButton(page)).toHaveAccessibleDescription(/break an order rule/);
    // A decimal is refused with the rule, kept as typed, and not read as 25.
    await counterOf(notebook).fill('2.5');
    await expect(counterOf(notebook)).toHaveValue('2.5');
    await expect(counterOf(notebook)).toHaveAttribute('aria-invalid', 'true');
    await expect(notebook.getByText('Quantities are whole numbers.')).toBeVisible();
    await expect(checkoutButton(page)).toBeDisabled();
    await counterOf(notebook).fill('20');
    await expect(checkoutLink(page)).toBeVisible();
    await checkoutLink(page).click();
    // A guest of the open shop is asked to log in before checkout.
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('should show each budget of the points shop against the points left and stop an overspend', async ({ page }) => {
    await logInTo(page, 'acme', 'buyer@acme.test');
    await openProduct(page, 'acme', 'ACME-TEE', 'Classic T-shirt');
    await addToCart(page, { quantity: 1, expectedCount: 1 });
    await openCart(page);
    await closePopup(page, 'Have your cost centre ready');

    const budgets = main(page).getByRole('region', { name: 'Budgets' });
    const welcome = budgets.getByRole('listitem').filter({ hasText: 'Welcome pack' });
    await expect(figure(welcome, 'Used by the cart')).toHaveText(/^40\spts$/);
    const left = Number((await plain(figure(welcome, 'Points available now'))).replace(/\D/g, ''));
    expect(left).toBeGreaterThan(40);
    // The points left are said to be those after this order: the 40 the cart takes are already off.
    expect(Number((await plain(figure(welcome, 'Points left after this order'))).replace(/\D/g, ''))).toBe(left - 40);

    // Exactly the points left (40 pts a piece below 100 pieces) is fine; one more piece is not.
    const affordable = Math.min(99, Math.floor(left / 40));
    const tee = lineOf(page, 'Classic T-shirt');
    await counterOf(tee).fill(String(affordable));
    await expect(figure(welcome, 'Used by the cart')).toHaveText(new RegExp(`^${affordable * 40}\\spts$`));
    await expect(checkoutLink(page)).toBeVisible();
    await counterOf(tee).fill(String(affordable + 1));
    await expect(welcome.getByText("You don't have enough points in this budget")).toBeVisible();
    await expect(figure(welcome, 'Points left after this order')).toHaveText(/^\d[\d,]*\spts short$/);
    await expect(checkoutButton(page)).toBeDisabled();
  });

  test('should flag a line of an inactive budget and tell a buyer without budgets whom to contact', async ({ page }) => {
    await logInTo(page, 'acme', 'nobudget@acme.test');
    // The product page will not add (no active budget), so the cart of an earlier visit is stored directly.
    await page.evaluate(async () => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|;\s*)Admin-Token=([^;]+)/)?.[1] ?? '');
      const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
      const { id: shopId } = await (await fetch('/api/slug/website?slug=acme')).json();
      const { data } = await (await fetch(`/api/products?website_id=${shopId}&search=ACME-MUG&per_page=1`, { headers })).json();
      const product = data[0];
      const variant = product.variants[0];
      const userId = JSON.parse(localStorage.getItem('shop-elements:acme:user-id') ?? 'null');
      const line = {
        product_id: product.id,
        variant_id: variant.id,
        name: product.name,
        slug: product.slug,
        code: variant.code,
        image: product.images[0] ?? null,
        color_code: variant.color_code,
        size_code: variant.size_code,
        quantity: 2,
        groupbuy: false,
        quantity_in_box: 30,
        budget: product.budget,
        pricing: { calculated_price: product.calculated_price, vat: product.vat, vat_included: product.vat_included, thresholds: product.thresholds, groupbuy: product.groupbuy },
        card_info: null,
      };
      localStorage.setItem(`shop-elements:acme:u${userId}:cart`, JSON.stringify({ version: 1, lines: [line] }));
    });
    await page.goto(shopUrl('acme', '/cart'));
    await expect(lines(page)).toHaveCount(1);
    await expect(lines(page).getByText('Its budget is not active: it cannot be ordered now.')).toBeVisible();
    await expect(checkoutButton(page)).toBeDisabled();
    await expect(checkoutButton(page)).toHaveAccessibleDescription(/A cart product has an inactive budget; with no active budgets the order cannot be finalized/);
    await expect(checkoutButton(page)).toHaveAccessibleDescription(/Contact your coordinator: coordinator@acme\.test/);
  });

  test('should show a change made in another tab without a reload', async ({ page, context }) => {
    await page.goto(shopUrl('globex', '/cart'));
    await expect(main(page).getByText('Your cart is empty')).toBeVisible();

    const other = await context.newPage();
    await openProduct(other, 'globex', 'GLX-MUG', 'Ceramic mug');
    await addToCart(other, { quantity: 3, expectedCount: 3 });

    await expect(lines(page)).toHaveCount(1);
    await expect(counterOf(lineOf(page, 'Ceramic mug'))).toHaveValue('3');
    await lineOf(page, 'Ceramic mug').getByRole('button', { name: 'Increase' }).click();
    await expect(headerCart(other)).toHaveAccessibleName('Cart (4)');
  });
});

test.describe('cart accessibility', () => {
  test('should have no axe violations with lines and with an empty cart (globex, en)', async ({ page }) => {
    await page.goto(shopUrl('globex', '/cart'));
    await expect(main(page).getByText('Your cart is empty')).toBeVisible();
    await axe(page);
    await openProduct(page, 'globex', 'GLX-NOTE', 'Notebook A5');
    await addToCart(page, { colour: 'Red', quantity: 20, expectedCount: 20 });
    await openCart(page);
    // A broken rule and a blocked checkout are on screen while axe looks.
    await counterOf(lineOf(page, 'Notebook A5')).fill('5');
    await expect(checkoutButton(page)).toBeDisabled();
    await axe(page);
  });

  test('should have no axe violations in Polish (initech) and at 360 px with budgets (acme)', async ({ page }) => {
    await logInTo(page, 'initech', 'buyer@initech.test');
    await openProduct(page, 'initech', 'INI-MUG', 'Kubek ceramiczny');
    await addToCart(page, { quantity: 2, expectedCount: 2 });
    await openCart(page);
    await expect(main(page).getByRole('complementary', { name: 'Podsumowanie zamówienia' })).toBeVisible();
    await axe(page);

    await page.setViewportSize({ width: 360, height: 780 });
    await logInTo(page, 'acme', 'buyer@acme.test');
    await openProduct(page, 'acme', 'ACME-CAP', 'Baseball cap');
    await addToCart(page, { quantity: 1, expectedCount: 1 });
    await page.goto(shopUrl('acme', '/cart'));
    await expect(main(page).getByRole('region', { name: 'Budgets' })).toBeVisible();
    await axe(page);
  });
});
