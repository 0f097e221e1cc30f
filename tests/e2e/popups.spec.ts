import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { shopUrl } from './support/shop.ts';
import { holdScript } from './support/hold.ts';
import { BudgetsPage, LoginPage, Storefront, signInAs } from './support/pages.ts';

/**
 * Shop popups (spec §2 "Other UI"; docs/demo-data.md "Popups"): acme (login required) has one on the
 * homepage and one on the cart pseudo-page, globex (open shop) one on its homepage, initech has popups
 * switched off. A closed popup stays closed for the session (the tab), across navigation and reloads.
 */

const ACME_WELCOME = 'Welcome to the ACME store';
const ACME_CART = 'Have your cost centre ready';
const GLOBEX_WELCOME = 'Free pickup in Kraków';

const popup = (page: Page, name?: string) => new Storefront(page).popup(name);

/**
 * Expects no popup once the screen has settled: the dialog's code loads with the first popup, so a
 * popup that was due would be on screen once the network is idle.
 */
async function expectNoPopup(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(popup(page)).toHaveCount(0);
}

test.describe('popups', () => {
  test('acme: someone who acts while the homepage loads after login keeps focus; the popup waits until they leave the search and close the menu, and gives focus back', async ({ page }) => {
    // The page's timers run on a clock the test moves: the heading's wait and the popup's quiet time.
    await page.clock.install();
    const shell = new Storefront(page);
    const login = new LoginPage(page);
    await login.open('acme');
    const homepage = await holdScript(page, '**/dist/chunks/Homepage-*.js');
    await login.logIn('buyer@acme.test');
    await expect(page).toHaveURL(shopUrl('acme', '/'));
    const search = shell.header.getByRole('searchbox');
    await search.click();
    await page.keyboard.type('mu');
    // The homepage arrives while they type: its heading shows but does not take the field's focus.
    await homepage.release();
    await page.clock.runFor(500);
    await expect(shell.heading()).toBeVisible();
    await page.keyboard.type('g');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('mug');
    // Nor does the popup, however long they stay in the field.
    await page.clock.runFor(5_000);
    await expect(popup(page)).toHaveCount(0);
    // The account menu open: still none. Closed, with focus back on its button, the popup opens a
    // quiet second later, over nothing the buyer opened, and gives focus back to that button.
    const account = shell.accountButton(/Anna/);
    await account.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.clock.runFor(5_000);
    await expect(popup(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(account).toBeFocused();
    await page.clock.runFor(1_000);
    await expect(popup(page, ACME_WELCOME)).toBeVisible();
    await expect(page.getByRole('menu')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(popup(page)).toHaveCount(0);
    await expect(account).toBeFocused();
  });

  test('acme: a guest is sent to Login and sees no popup', async ({ page }) => {
    const shell = new Storefront(page);
    await shell.open('acme');
    await expect(page).toHaveURL(shopUrl('acme', '/login?redirect=%2F'));
    await expect(new LoginPage(page).heading).toBeVisible();
    await expectNoPopup(page);
    // Pages a guest may read in a login-required shop show none either.
    await shell.open('acme', '/privacy-policy');
    await expect(shell.heading(/privacy/i)).toBeVisible();
    await expectNoPopup(page);
  });

  test('acme: the homepage popup shows after login, and once closed stays closed through navigation and reload', async ({ page }) => {
    const shell = new Storefront(page);
    await signInAs(page, 'acme', 'buyer@acme.test');
    await expect(page).toHaveURL(shopUrl('acme', '/'));
    await expect(popup(page, ACME_WELCOME)).toBeVisible();
    await expect(popup(page, ACME_WELCOME)).toContainText('Your points are waiting!');
    await expect(popup(page)).toHaveCount(1);
    await shell.closePopup(ACME_WELCOME);
    // Away to the catalogue (no popup targets it) and back to the homepage, without a page load.
    await shell.nav.getByRole('link', { name: 'Products' }).click();
    await expect(shell.heading('Products')).toBeVisible();
    await expectNoPopup(page);
    await shell.header.getByRole('link', { name: 'ACME Corporation' }).click();
    await expect(page).toHaveURL(shopUrl('acme', '/'));
    await expect(shell.heading()).toBeVisible();
    await expectNoPopup(page);
    await page.reload();
    await expect(shell.heading()).toBeVisible();
    await expectNoPopup(page);
  });

  test('acme: the cart pseudo-page shows its own popup; Escape closes it for the session', async ({ page }) => {
    const shell = new Storefront(page);
    await signInAs(page, 'acme', 'buyer@acme.test');
    await shell.open('acme', '/cart');
    await expect(popup(page, ACME_CART)).toBeVisible();
    await expect(popup(page)).toHaveCount(1);
    await expect(shell.popupClose(ACME_CART)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup(page)).toHaveCount(0);
    await page.reload();
    await expect(shell.heading()).toBeVisible();
    await expectNoPopup(page);
  });

  test('acme: a storefront link in the popup opens its screen and closes the popup; axe finds nothing with a popup open', async ({ page }) => {
    test.slow();
    const shell = new Storefront(page);
    await signInAs(page, 'acme', 'buyer@acme.test');
    await expect(popup(page, ACME_WELCOME)).toBeVisible();
    // Focus is in the modal dialog, not on the page beneath.
    await expect(popup(page, ACME_WELCOME).locator(':focus')).toHaveCount(1);
    await axe(page);
    await popup(page, ACME_WELCOME).getByRole('link', { name: 'Budgets' }).click();
    await expect(page).toHaveURL(shopUrl('acme', '/user/budgets'));
    await expect(popup(page)).toHaveCount(0);
    await expect(new BudgetsPage(page).heading).toBeVisible();
    await shell.open('acme', '/');
    await expect(shell.heading()).toBeVisible();
    await expectNoPopup(page);
  });

  test('globex: a guest of the open shop sees the homepage popup; initech, with popups off, shows none', async ({ page }) => {
    const shell = new Storefront(page);
    await shell.open('globex');
    await expect(popup(page, GLOBEX_WELCOME)).toBeVisible();
    await shell.closePopup(GLOBEX_WELCOME);
    await signInAs(page, 'initech', 'buyer@initech.test');
    await shell.open('initech');
    await expect(shell.heading('Sklep firmowy Initech')).toBeVisible();
    await expectNoPopup(page);
  });
});
