import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ORIGIN } from './playwright.config.ts';
import { motionIn, motionOnClose } from './support/motion.ts';
import { CartButtonElement, Storefront, WidgetGallery } from './support/pages.ts';

/**
 * Reduced motion (`prefers-reduced-motion: reduce`): nothing turns by itself and every layer appears
 * and goes as an instant change. Time is Playwright's clock, run forward, never waited for: a carousel
 * that rotated would turn within it. A layer is measured as it opens (no animation running, no
 * computed animation or transition that takes time, on it or anything inside) and as it closes (no
 * animation or transition starting on the way out).
 */

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** Expects the layer `layer` to be shown without motion and to go without motion when `close` runs. */
async function expectInstant(layer: Locator, close: () => Promise<void>): Promise<void> {
  await expect(layer).toBeVisible();
  expect(await motionIn(layer), 'while open').toEqual([]);
  expect(await motionOnClose(layer, close), 'while closing').toEqual([]);
}

const pressEscape = (page: Page, layer: Locator) => async () => {
  await page.keyboard.press('Escape');
  await expect(layer).toBeHidden();
};

test.describe('reduced motion', () => {
  test('the widget kit: the carousel stays on its slide, spinners stand still, the drawer, dialog and toasts change at once', async ({ page }) => {
    const gallery = new WidgetGallery(page);
    await gallery.open();
    const carousel = page.getByRole('region', { name: 'Featured products' });
    const slide = (n: number) => carousel.getByRole('button', { name: `Go to slide ${n}` });
    await expect(slide(1)).toHaveAttribute('aria-current', 'true');
    await expect(carousel.getByRole('button', { name: 'Play' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(slide(1)).toHaveAttribute('aria-current', 'true');
    // The same carousel turns by itself once the preference is gone: the clock does drive it.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(carousel.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.clock.runFor(3_500);
    await expect(slide(2)).toHaveAttribute('aria-current', 'true');
    await page.emulateMedia({ reducedMotion: 'reduce' });

    expect(await motionIn(page.locator('shop-widget-gallery .shop-button__spinner')), 'the loading button').toEqual([]);
    await page.getByRole('checkbox', { name: 'Show the loading state' }).check();
    expect(await motionIn(page.locator('shop-widget-gallery .shop-loading')), 'the loading state').toEqual([]);

    await gallery.button('Open drawer').click();
    await expectInstant(page.getByRole('dialog'), pressEscape(page, page.getByRole('dialog')));
    await gallery.button('Open dialog').click();
    await expectInstant(page.getByRole('dialog'), pressEscape(page, page.getByRole('dialog')));
    await gallery.button('Success').click();
    expect(await motionIn(page.getByRole('status', { name: 'Notifications (F8)' })), 'a toast').toEqual([]);
  });

  test('the storefront: the homepage rows stay put, the popup, the menu drawer and the cart drawer change at once', async ({ page }) => {
    const shop = new Storefront(page);
    await shop.open('globex');
    const popup = shop.popup('Free pickup in Kraków');
    await expectInstant(popup, () => shop.closePopup('Free pickup in Kraków'));

    const rows = page.locator('shop-storefront .shop-home-products__list');
    await expect(rows.first().getByRole('article').first()).toBeVisible();
    const positions = () => rows.evaluateAll((lists) => lists.map((list) => [list.scrollLeft, Math.round(list.querySelector('li')!.getBoundingClientRect().left)]));
    const before = await positions();
    expect(before.length).toBeGreaterThan(1);
    await page.clock.runFor(10_000);
    expect(await positions()).toEqual(before);

    await shop.resize(390, 844);
    await shop.menuButton().click();
    const menu = shop.dialog('Shop menu');
    await expectInstant(menu, pressEscape(page, menu));

    const cart = new CartButtonElement(page);
    await page.goto(`${E2E_ORIGIN}/demo/intranet.html`);
    await cart.open();
    await expectInstant(cart.drawer, pressEscape(page, cart.drawer));
  });
});
