import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin, postJson, shopId } from './support/api.ts';
import { shopUrl } from './support/shop.ts';
import { Storefront, signInAs } from './support/pages.ts';

/**
 * Sign-in handoff links opened by another person (issue 26, login CSRF): a member of the shop asks
 * `POST /api/session/handoff` for a code for their own account and sends someone the storefront link
 * `#signin=<code>`. The storefront must not sign that person's browser in as the link's account, nor
 * switch the account they are signed in with, unless they see which account it is and continue.
 */

const ATTACKER = 'buyer@globex.test';
const ATTACKER_NAME = 'John Smith (buyer@globex.test)';
const VICTIM = 'coordinator@globex.test';

/** The attacker's side, no browser: a one-time code for their own globex account. */
async function attackersCode(request: APIRequestContext): Promise<string> {
  const token = await apiLogin(request, 'globex', ATTACKER);
  expect(token, 'the attacker logs in').toBeTruthy();
  const answer = await postJson(request, '/api/session/handoff', { website_id: await shopId(request, 'globex') }, { authorization: `Bearer ${token}` });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { code: string }).code;
}

/** Whom the browser's storefront session belongs to, asked of the API with its own token: null for a guest. */
async function sessionOf(context: BrowserContext, request: APIRequestContext): Promise<string | null> {
  const token = (await context.cookies(shopUrl('globex'))).find((cookie) => cookie.name === 'Admin-Token')?.value;
  if (!token) return null;
  const answer = await request.get('/api/user', { headers: { authorization: `Bearer ${decodeURIComponent(token)}` } });
  return answer.ok() ? ((await answer.json()) as { email: string }).email : null;
}

/** Whether `code` still works, asked without using it up: a code declined was dropped, never exchanged. */
async function stillUnused(request: APIRequestContext, code: string): Promise<boolean> {
  const answer = await postJson(request, '/api/session/handoff/preview', { code, website_id: await shopId(request, 'globex') });
  return answer.status() === 200;
}

const accountButton = (page: Page, name: RegExp) => new Storefront(page).accountButton(name);

test.describe('sign-in handoff links opened by another person', () => {
  test("should not sign a guest's browser in as the link's account without Continue", async ({ browser, request }) => {
    const code = await attackersCode(request);
    const victim = await browser.newContext();
    try {
      const page = await victim.newPage();
      const shell = new Storefront(page);
      await shell.open('globex', `/cart#signin=${code}`);
      const dialog = shell.dialog('Sign in to Globex?');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`This link signs you in as ${ATTACKER_NAME}.`);
      // The code left the address bar at once; the choice that changes nothing has the focus.
      await expect(page).toHaveURL(shopUrl('globex', '/cart'));
      await expect(dialog.getByRole('button', { name: 'Not me' })).toBeFocused();
      // Without a click, nobody is signed in: no session in the browser, no account menu.
      expect(await sessionOf(victim, request)).toBeNull();
      await dialog.getByRole('button', { name: 'Not me' }).click();
      await expect(dialog).toBeHidden();
      await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(accountButton(page, /John/)).toHaveCount(0);
      await expect(shell.cartLink).toBeVisible();
      expect(await sessionOf(victim, request)).toBeNull();
      // The code was dropped, not used: Not me exchanged nothing.
      expect(await stillUnused(request, code)).toBe(true);
    } finally {
      await victim.close();
    }
  });

  test('should keep someone signed in as themselves until they choose to switch, even mid-session', async ({ browser, request }) => {
    const victim = await browser.newContext();
    try {
      const page = await victim.newPage();
      const shell = new Storefront(page);
      await signInAs(page, 'globex', VICTIM);
      await expect(accountButton(page, /Emma/)).toBeVisible();
      await shell.open('globex', '/cart');
      await expect(accountButton(page, /Emma/)).toBeVisible();

      // The link opened in the same tab changes only the fragment: the page's hashchange takes it in.
      const declined = await attackersCode(request);
      await shell.open('globex', `/cart#signin=${declined}`);
      const dialog = shell.dialog('Switch account?');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`You are signed in as Emma`);
      await expect(dialog).toContainText(ATTACKER_NAME);
      expect(await sessionOf(victim, request)).toBe(VICTIM);
      // The cart they were on stays under the question (with whatever they had typed), not a loading screen.
      await expect(page.locator('[data-screen-heading]')).toHaveText('Cart');
      await dialog.getByRole('button', { name: /^Stay signed in as Emma/ }).click();
      await expect(dialog).toBeHidden();
      await expect(accountButton(page, /Emma/)).toBeVisible();
      expect(await sessionOf(victim, request)).toBe(VICTIM);
      expect(await stillUnused(request, declined)).toBe(true);

      // A fresh load with a link, accepted this time: the person chose the switch.
      const accepted = await attackersCode(request);
      await shell.open('globex', `/user/orders#signin=${accepted}`);
      await expect(dialog).toBeVisible();
      expect(await sessionOf(victim, request)).toBe(VICTIM);
      await dialog.getByRole('button', { name: `Continue as ${ATTACKER_NAME}` }).click();
      await expect(accountButton(page, /John/)).toBeVisible();
      expect(await sessionOf(victim, request)).toBe(ATTACKER);
      expect(await stillUnused(request, accepted)).toBe(false);
    } finally {
      await victim.close();
    }
  });
});
