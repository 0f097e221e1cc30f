import { expect, test, type Locator, type Page } from '@playwright/test';
import { settle } from './support/animations.ts';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { CartPage, LoginPage, ProductPage, Storefront } from './support/pages.ts';

/**
 * What a screen-reader user hears, and where focus goes, when the storefront changes under them:
 * a failed submit's error summary, the "Added to cart" toast (reached with F8, held while focused),
 * and the cart's quantity changes and removals in its polite live region, each said once. Globex's
 * demo data (docs/demo-data.md); nothing is ordered.
 */

/** The text of the deepest focused element's accessible name, through shadow roots. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active ? (active.getAttribute('aria-label') ?? (active as HTMLElement).innerText ?? '').trim() : '';
  });

const counterValue = (line: Locator) => line.getByRole('spinbutton');

test.describe('announcements', () => {
  test('sign-in: a failed submit shows one error summary alert naming each field, focus on the first field, and each item takes focus to its field; axe', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open('globex');
    await login.submit.click();
    const summary = page.getByRole('alert', { name: 'There is a problem: correct these fields' });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('button')).toHaveText(['E-mail: This element is required', 'Password: This element is required']);
    await expect(login.email).toBeFocused();
    await summary.getByRole('button', { name: /^Password:/ }).click();
    await expect(login.password).toBeFocused();
    await axe(page, 'sign-in with its error summary');
    // Corrected fields leave the summary; once none is wrong it goes.
    await login.email.fill('someone@globex.test');
    await expect(summary.getByRole('button')).toHaveText(['Password: This element is required']);
    await login.password.fill('x');
    await expect(summary).toHaveCount(0);
  });

  test('sign-in: a search from Login of a login-required shop comes back to Login with focus still in the search and the typed e-mail kept', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open('acme');
    await expect(login.heading).toBeVisible();
    await settle(page);
    await login.email.fill('kim@acme.test');
    const search = page.getByRole('search').getByRole('searchbox');
    await search.fill('mug');
    await search.press('Enter');
    // The guard sends the guest back to Login, remembering the search for after the sign-in.
    await expect(page).toHaveURL(/\/login\?redirect=%2Fproducts%3Fsearch%3Dmug$/);
    // The same Login stays on screen meanwhile: nothing in it or in the header is built afresh.
    await expect(search).toBeFocused();
    await expect(login.email).toHaveValue('kim@acme.test');
    await expect(login.heading).toBeVisible();
    // Focus is not moved to the heading afterwards either, as it is after a change of screen: the
    // storefront looks for the new heading for up to 2 s (app/heading-focus.ts), so this looks after that.
    await page.waitForTimeout(2500);
    await expect(search).toBeFocused();
  });

  test('product: "Added to cart" is said in the polite region; F8 reaches the toast, which stays while focused, and Escape gives focus back', async ({ page }) => {
    // Playwright's clock: time runs as usual until the test moves it on by a set amount.
    await page.clock.install();
    const product = new ProductPage(page);
    await product.open('globex', 'GLX-TEE', 'Classic T-shirt');
    await product.chooseColour('Black');
    await product.chooseSize('S');
    await product.addButton.focus();
    await page.keyboard.press('Enter');
    const region = new Storefront(page).toasts;
    await expect(region).toHaveAccessibleName('Notifications (F8)');
    const toast = region.getByText('Added to cart', { exact: true });
    await expect(toast).toBeVisible();
    await page.keyboard.press('F8');
    expect(await focusedName(page)).toBe('Dismiss');
    // Far past the 3 s it would show: focus in it holds it.
    await page.clock.runFor(10_000);
    await expect(toast).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toast).toHaveCount(0);
    await expect(product.addButton).toBeFocused();
  });

  test('cart: three quick presses of + are said once, after them, with the line and cart totals; a removal is said and focus goes to the heading', async ({ page }) => {
    await page.clock.install();
    const product = new ProductPage(page);
    await product.open('globex', 'GLX-TEE', 'Classic T-shirt');
    await product.addToCart({ colour: 'Black', size: 'S', quantity: 2, expectedCount: 2 });
    const cart = new CartPage(page);
    await cart.openFromHeader();
    const status = page.getByRole('main').getByRole('status').filter({ hasText: /quantity|removed/ });
    const line = cart.line('Colour: Black · Size: S');
    // Every status message the page's live regions hold, recorded as it changes.
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      const regions: Element[] = [];
      const walk = (root: Document | ShadowRoot) => {
        regions.push(...root.querySelectorAll('main [role="status"]'));
        for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
      };
      walk(document);
      for (const region of regions) new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, { childList: true, characterData: true, subtree: true });
    });
    // Time stands still while "+" is pressed three times (a loaded machine cannot space the presses out);
    // then it runs past the quiet time.
    const increase = line.getByRole('button', { name: 'Increase' });
    await increase.focus();
    // A point well ahead of the page's clock (which runs on while this is sent): the jump runs nothing the test needs.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('Enter');
    await expect(counterValue(line)).toHaveValue('5');
    expect(await page.evaluate(() => (window as unknown as { said: string[] }).said.filter((text) => text !== ''))).toEqual([]);
    await page.clock.runFor(1000);
    await page.clock.resume();
    await expect(status).toHaveText(/^Classic T-shirt \(Colour: Black · Size: S\): quantity 5, line total PLN\s[\d,.]+\. Cart total PLN\s[\d,.]+\.$/);
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said.filter((text) => text !== ''));
    expect(said, 'three presses, one announcement').toHaveLength(1);
    await line.getByRole('button', { name: /^Remove Classic T-shirt/ }).click();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Classic T-shirt was removed from the cart' })).toBeAttached();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeFocused();
  });
});
