import { expect, test, type Page } from '@playwright/test';
import { ProductPage } from './support/pages.ts';
import { shopUrl } from './support/shop.ts';

/**
 * What the eye catches first (issue 27 §6), measured as boxes: the storefront fills the page edge to
 * edge; prices line up across the cards of one row; toasts and the live chat's button leave the
 * buttons and prices under them reachable; the cart's counters form one column; the widget kit's three
 * button styles look different. Each assertion failed on the CSS before the fix.
 */

/** The cards of the list on screen, as rows: the price's top of every card, grouped by the card's top. */
async function priceTopsByRow(page: Page): Promise<number[][]> {
  await expect(page.getByRole('article').first()).toBeVisible();
  return page.evaluate(() => {
    const root = document.querySelector('shop-storefront')?.shadowRoot;
    const rows = new Map<number, number[]>();
    for (const card of root?.querySelectorAll('.shop-product-card') ?? []) {
      const top = Math.round(card.getBoundingClientRect().top);
      const price = card.querySelector('.shop-product-card__price')?.getBoundingClientRect().top ?? Number.NaN;
      rows.set(top, [...(rows.get(top) ?? []), Math.round(price)]);
    }
    return [...rows.values()];
  });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('layout', () => {
  test('should fill the page edge to edge, with no white frame around the storefront', async ({ page }) => {
    await page.goto(shopUrl('globex', '/products'));
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    const box = await page.locator('shop-storefront').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1280 });
  });

  for (const width of [1280, 390]) {
    test(`should line up the prices of the cards in each row at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(shopUrl('globex', '/products'));
      const rows = await priceTopsByRow(page);
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) expect(Math.max(...row) - Math.min(...row), `price tops ${row.join(', ')}`).toBeLessThanOrEqual(1);
    });
  }

  for (const width of [1280, 390]) {
    test(`should not cover Add to cart with the "Added to cart" toast at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await new ProductPage(page).open('globex', 'GLX-TEE', 'Classic T-shirt');
      const add = page.getByRole('main').getByRole('button', { name: 'Add to cart' });
      // Where a buyer meets it: at the bottom of the view as well as in its middle.
      for (const block of ['end', 'center'] as const) {
        await add.evaluate((node, where) => node.scrollIntoView({ block: where }), block);
        await add.click();
        const toast = page.getByRole('status', { name: 'Notifications (F8)' }).getByText('Added to cart', { exact: true }).last();
        await expect(toast).toBeVisible();
        const toastBox = await page.locator('shop-storefront .shop-toast').last().boundingBox();
        const buttonBox = await add.boundingBox();
        expect(toastBox && buttonBox && overlaps(toastBox, buttonBox), `toast ${JSON.stringify(toastBox)} over button ${JSON.stringify(buttonBox)}`).toBe(false);
      }
    });
  }

  test("should let the last prices scroll out from under the live chat's button", async ({ page }) => {
    await page.goto(shopUrl('initech', '/'));
    const chat = page.locator('#initech-livechat').getByRole('button', { name: /^(Chat|Czat)$/ });
    await expect(chat).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const chatBox = await chat.boundingBox();
    // Everything the storefront shows at the end of the page: the footer's links and texts.
    const covered = await page.evaluate((box) => {
      if (!box) return ['no chat'];
      const root = document.querySelector('shop-storefront')?.shadowRoot;
      return [...(root?.querySelectorAll('a, button, p, li, .shop-product-card__price') ?? [])]
        .filter((node) => {
          const r = node.getBoundingClientRect();
          return r.width > 0 && r.x < box.x + box.width && box.x < r.x + r.width && r.y < box.y + box.height && box.y < r.y + r.height;
        })
        .map((node) => node.textContent?.trim() ?? '');
    }, chatBox);
    expect(covered).toEqual([]);
  });

  test('should line up the quantity counters of the cart lines', async ({ page }) => {
    // A long total (PLN 5,…) above a short one (PLN 257.40): the counters must not follow the totals' widths.
    const product = new ProductPage(page);
    await product.open('globex', 'GLX-TEE', 'Classic T-shirt');
    await product.addToCart({ quantity: 120, expectedCount: 120 });
    await product.open('globex', 'GLX-PEN', 'Ballpoint pen');
    await product.addToCart({ quantity: 60, expectedCount: 180 });
    await page.goto(shopUrl('globex', '/cart'));
    const counters = page.getByRole('main').getByRole('list', { name: 'Cart' }).getByRole('spinbutton');
    await expect(counters).toHaveCount(2);
    const lefts = await counters.evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().left)));
    expect(new Set(lefts).size, `counter x ${lefts.join(', ')}`).toBe(1);
  });

  test("should draw the widget kit's three button styles differently", async ({ page }) => {
    await page.goto('/demo/widgets.html');
    const styles = page.locator('shop-widget-gallery .gallery__style button');
    await expect(styles).toHaveCount(3);
    const radii = await styles.evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).borderTopLeftRadius));
    expect(new Set(radii).size, radii.join(', ')).toBe(3);
  });
});
