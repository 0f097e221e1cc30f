import { expect, test, type Page } from '@playwright/test';
import { E2E_ORIGIN } from './playwright.config.ts';
import { shopUrl } from './support/shop.ts';
import { CartButtonElement, CatalogueElement, Storefront } from './support/pages.ts';

/**
 * Live chat (spec §2; initech has it on, docs/demo-data.md): the shop's script is added once per page
 * however many elements are on it, with the nonce of the host page's Content Security Policy, and
 * never for a shop that has it off.
 */
const port = new URL(E2E_ORIGIN).port;
const NONCE = 'e2e-n0nce-4711';

/**
 * An intranet page on initech's host with two elements from two entry files, under a CSP that lets
 * scripts run only from the bundle's folder or with the page's nonce: the live-chat script (served
 * from /storage/) runs only if the elements pass the nonce on.
 */
function hostPage(shop: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Intranet with live chat</title>
<script type="module" nonce="${NONCE}" src="/dist/cart-button.js"></script>
<script type="module" nonce="${NONCE}" src="/dist/catalogue.js"></script>
</head>
<body>
<header><h1>Intranet</h1><shop-cart-button shop="${shop}"></shop-cart-button></header>
<main><shop-catalogue shop="${shop}" per-page="4"></shop-catalogue></main>
</body>
</html>`;
}

async function openHostPage(page: Page, shop: string): Promise<void> {
  const origin = shopUrl(shop, '');
  await page.route(`${origin}/livechat-test.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': `script-src 'nonce-${NONCE}' ${origin}/dist/` },
      body: hostPage(shop),
    }),
  );
  await page.goto(`${origin}/livechat-test.html`);
  // Both elements are up (initech asks guests to log in before it lists products).
  await expect(new CatalogueElement(page).heading()).toBeVisible();
  await expect(new CartButtonElement(page).counting(0)).toBeVisible();
}

test.describe('live chat', () => {
  test('should add the shop script once with two elements on the page, carrying the CSP nonce', async ({ page }) => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await openHostPage(page, 'initech');
    // The chat's own button shows only if its script ran under the page's CSP.
    await expect(page.locator('#initech-livechat').getByRole('button', { name: 'Chat' })).toBeVisible();
    await expect(page.locator('script[data-shop-livechat]')).toHaveCount(1);
    await expect(page.locator('#initech-livechat')).toHaveCount(1);
    expect(await page.locator('script[data-shop-livechat]').evaluate((script: HTMLScriptElement) => script.nonce)).toBe(NONCE);
    expect(await page.locator('script[data-shop-livechat]').getAttribute('src')).toBe(`http://initech.localhost:${port}/storage/livechat/initech-chat.js`);
    expect(blocked).toEqual([]);
  });

  test('should add the script on the storefront once, and none for a shop that has live chat off', async ({ page }) => {
    const shell = new Storefront(page);
    await shell.open('initech', '/privacy-policy');
    // The chat speaks the page's language (initech is a Polish shop) and follows the language switch.
    const chat = page.locator('#initech-livechat');
    await expect(chat.getByRole('button', { name: 'Czat' })).toBeVisible();
    await shell.language('English').click();
    await expect(chat.getByRole('button', { name: 'Chat' })).toBeVisible();
    await shell.language('Polski').click();
    await expect(chat.getByRole('button', { name: 'Czat' })).toBeVisible();
    // Moving around the storefront does not add it again.
    await shell.element.getByRole('link', { name: 'Regulamin' }).first().click();
    await expect(page).toHaveURL(shopUrl('initech', '/terms-of-use'));
    await expect(page.locator('script[data-shop-livechat]')).toHaveCount(1);

    await shell.open('globex', '/privacy-policy');
    await expect(shell.heading(/privacy/i)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('script[data-shop-livechat]')).toHaveCount(0);
  });
});
