import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { closePopup, logInTo, shopUrl } from './support/shop.ts';

/**
 * Shop popups (spec §2 "Other UI"; docs/demo-data.md "Popups"): acme (login required) has one on the
 * homepage and one on the cart pseudo-page, globex (open shop) one on its homepage, initech has popups
 * switched off. A closed popup stays closed for the session (the tab), across navigation and reloads.
 */

const ACME_WELCOME = 'Welcome to the ACME store';
const ACME_CART = 'Have your cost centre ready';
const GLOBEX_WELCOME = 'Free pickup in Kraków';

const popup = (page: Page, name?: string) => page.getByRole('dialog', name === undefined ? {} : { name });

/**
 * Expects no popup once the screen has settled: the dialog's code loads with the first popup, so a
 * popup that was due would be on screen once the network is idle.
 */
async function expectNoPopup(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(popup(page)).toHaveCount(0);
}

test.describe('popups', () => {
  test('acme: a guest is sent to Login and sees no popup', async ({ page }) => {
    await page.goto(shopUrl('acme'));
    await expect(page).toHaveURL(shopUrl('acme', '/login?redirect=%2F'));
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expectNoPopup(page);
    // Pages a guest may read in a login-required shop show none either.
    await page.goto(shopUrl('acme', '/privacy-policy'));
    await expect(page.getByRole('heading', { level: 1, name: /privacy/i })).toBeVisible();
    await expectNoPopup(page);
  });

  test('acme: the homepage popup shows after login, and once closed stays closed through navigation and reload', async ({ page }) => {
    await logInTo(page, 'acme', 'buyer@acme.test');
    await expect(page).toHaveURL(shopUrl('acme', '/'));
    await expect(popup(page, ACME_WELCOME)).toBeVisible();
    await expect(popup(page, ACME_WELCOME)).toContainText('Your points are waiting!');
    await expect(popup(page)).toHaveCount(1);
    await closePopup(page, ACME_WELCOME);
    // Away to the catalogue (no popup targets it) and back to the homepage, without a page load.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expectNoPopup(page);
    await page.getByRole('banner').getByRole('link', { name: 'ACME Corporation' }).click();
    await expect(page).toHaveURL(shopUrl('acme', '/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoPopup(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoPopup(page);
  });

  test('acme: the cart pseudo-page shows its own popup; Escape closes it for the session', async ({ page }) => {
    await logInTo(page, 'acme', 'buyer@acme.test');
    await page.goto(shopUrl('acme', '/cart'));
    await expect(popup(page, ACME_CART)).toBeVisible();
    await expect(popup(page)).toHaveCount(1);
    await expect(popup(page, ACME_CART).locator('[part="footer"]').getByRole('button', { name: 'Close' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoPopup(page);
  });

  test('acme: a storefront link in the popup opens its screen and closes the popup; axe finds nothing with a popup open', async ({ page }) => {
    test.slow();
    await logInTo(page, 'acme', 'buyer@acme.test');
    await expect(popup(page, ACME_WELCOME)).toBeVisible();
    // Focus is in the modal dialog, not on the page beneath.
    await expect(popup(page, ACME_WELCOME).locator(':focus')).toHaveCount(1);
    await axe(page);
    await popup(page, ACME_WELCOME).getByRole('link', { name: 'Budgets' }).click();
    await expect(page).toHaveURL(shopUrl('acme', '/user/budgets'));
    await expect(popup(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Budgets' })).toBeVisible();
    await page.goto(shopUrl('acme', '/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoPopup(page);
  });

  test('globex: a guest of the open shop sees the homepage popup; initech, with popups off, shows none', async ({ page }) => {
    await page.goto(shopUrl('globex'));
    await expect(popup(page, GLOBEX_WELCOME)).toBeVisible();
    await closePopup(page, GLOBEX_WELCOME);
    await logInTo(page, 'initech', 'buyer@initech.test');
    await page.goto(shopUrl('initech'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sklep firmowy Initech' })).toBeVisible();
    await expectNoPopup(page);
  });
});
