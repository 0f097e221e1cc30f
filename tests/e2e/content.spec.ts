import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { LoginPage } from './support/pages.ts';
import { logInTo, shopUrl } from './support/shop.ts';

/**
 * Content pages of the demo shops (docs/demo-data.md "Pages"): the privacy policy and terms of use for
 * everyone (also a guest of a login-required shop), the deletable "about us" page as `/{slug}`, and a
 * pseudo page (cart) never as a content page.
 */

const main = (page: Page) => page.getByRole('main');

test.describe('content pages', () => {
  test('should show the privacy policy and terms to a guest, in English and Polish', async ({ page }) => {
    for (const [slug, path, heading] of [
      ['acme', '/privacy-policy', /privacy/i],
      ['globex', '/terms-of-use', /terms/i],
      ['initech', '/privacy-policy', /prywatno/i],
    ] as const) {
      await page.goto(shopUrl(slug, path));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(main(page).locator('.shop-content p').first()).toBeVisible();
    }
    await axe(page);
  });

  test('should show the deletable page by its slug, logged in where the shop requires it; unknown slugs are not found', async ({ page }) => {
    await page.goto(shopUrl('globex', '/about-us'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/about/i);
    await axe(page);
    // acme requires login for its other pages.
    await page.goto(shopUrl('acme', '/about-us'));
    await expect(page).toHaveURL(/\/login\?redirect=%2Fabout-us$/);
    await logInTo(page, 'acme', 'buyer@acme.test');
    await page.goto(shopUrl('acme', '/about-us'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/about/i);
    // A pseudo page is a popup target, not a page of its own.
    await page.goto(shopUrl('globex', '/summary'));
    await expect(page).toHaveURL(shopUrl('globex', '/404'));
  });

  test("acme: a guest's page holds none of the members' content; after login from a deep link the page shows at once (issue 26)", async ({ page }) => {
    await page.goto(shopUrl('acme', '/about-us'));
    await expect(page).toHaveURL(/\/login\?redirect=%2Fabout-us$/);
    const config = await page.locator('script#shop-config').textContent();
    expect(config).toContain('"guest_view":true');
    expect(config).not.toMatch(/about-us|Welcome to the ACME|"type":"homepage"/);
    // Signing in on this very page loads the whole config before the page is shown: no 404, no reload.
    await new LoginPage(page).logIn('buyer@acme.test');
    await expect(page).toHaveURL(shopUrl('acme', '/about-us'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/about/i);
  });

  test("should build each shop's homepage from its blocks: hero, text, two carousels, grid and call to action", async ({ page }) => {
    for (const [slug, hero, featured, search, grid] of [
      ['globex', 'Welcome to the Globex merchandise store', 'Bestsellers', 'Drinkware', 'Shop by category'],
      ['initech', 'Sklep firmowy Initech', 'Polecane', 'Kubki i butelki', 'Kategorie'],
    ] as const) {
      if (slug === 'initech') await logInTo(page, slug, 'buyer@initech.test');
      await page.goto(shopUrl(slug, '/'));
      await expect(page.getByRole('heading', { level: 1, name: hero })).toBeVisible();
      // The featured carousel: the four chosen products, in the block's order.
      const chosen = main(page).getByRole('region', { name: featured });
      await expect(chosen.getByRole('article')).toHaveCount(4);
      await expect(main(page).getByRole('region', { name: search }).getByRole('article').first()).toBeVisible();
      await expect(main(page).getByRole('region', { name: grid }).getByRole('link')).toHaveCount(4);
      await axe(page);
    }
    // A grid link is a storefront path: the catalogue opens with its search.
    await main(page).getByRole('region', { name: 'Kategorie' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/products\?search=/);
  });
});
