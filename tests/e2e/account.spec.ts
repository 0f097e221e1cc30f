import { expect, test, type Page } from '@playwright/test';
import { E2E_ORIGIN } from './playwright.config.ts';
import { confirmRegistration, postJson, shopId } from './support/api.ts';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { bearer, closePopup, logIn, logInTo, shopUrl } from './support/shop.ts';

/**
 * The account area against the real server and the demo data: budgets (acme) and their redirect
 * (globex), the contact form with its file rules, and the coordinator area: a registration approved in
 * the screen, the new buyer logging in, a budget assigned and seen by that buyer; a buyer refused by the
 * coordinator endpoints. Every new account is unique to its run.
 */

const main = (page: Page) => page.getByRole('main');


test.describe('account area', () => {
  test('acme: budgets show points left, dates and state; globex has no budgets page', async ({ page }) => {
    await logInTo(page, 'acme', 'buyer@acme.test');
    await page.goto(shopUrl('acme', '/user/budgets'));
    await expect(page.getByRole('heading', { level: 1, name: 'Budgets' })).toBeVisible();
    const menu = main(page).getByRole('navigation', { name: 'Account menu' });
    await expect(menu.getByRole('link', { name: 'Budgets' })).toHaveAttribute('aria-current', 'page');
    const welcome = main(page).getByRole('listitem', { name: /Welcome pack/ });
    await expect(welcome.getByText('Active')).toBeVisible();
    await expect(welcome.getByText(/of 1,000\s*pts left$/)).toBeVisible();
    const winter = main(page).getByRole('listitem', { name: /Winter 2025/ });
    await expect(winter.getByText('Expired', { exact: true })).toBeVisible();
    // Expired reads as expired: no "500 of 500 left", no full bar; listed after the spendable ones.
    await expect(winter.getByText(/^Expired on .+: no points to spend$/)).toBeVisible();
    await expect(winter.getByRole('meter')).toHaveCount(0);
    await expect(winter.getByText(/ left$/)).toHaveCount(0);
    await expect(main(page).locator('.shop-account-budget').last()).toHaveAttribute('data-status', 'expired');
    // The header's account button tells the points to spend now: all the active budgets together.
    const lefts = await main(page).locator('.shop-account-budget[data-status="active"] .shop-account-budget__points').allInnerTexts();
    expect(lefts.length).toBeGreaterThan(1);
    const spendable = lefts.map((text) => Number((text.split(' of ')[0] ?? '').replace(/\D/g, ''))).reduce((sum, points) => sum + points, 0);
    const account = page.getByRole('banner').getByRole('button', { name: /Points to spend:/ });
    await expect(account).toHaveAccessibleName(new RegExp(`, Points to spend: ${spendable.toLocaleString('en-GB')}\\s*pts$`));
    await expect(account.locator('.shop-account-menu__points')).toBeVisible();
    await axe(page);

    await logInTo(page, 'globex', 'buyer@globex.test');
    await page.goto(shopUrl('globex', '/user/budgets'));
    await expect(page).toHaveURL(shopUrl('globex', '/user/orders'));
    await expect(main(page).getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Budgets' })).toHaveCount(0);
  });

  test('contact us: a valid file is sent, a wrong extension and a too-large file are refused', async ({ page }) => {
    await page.goto(shopUrl('globex', '/'));
    await closePopup(page, 'Free pickup in Kraków');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    const input = main(page).locator('input[type="file"]');

    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(main(page).getByRole('alert').filter({ hasText: 'Unauthorized file extension' })).toBeVisible();
    await input.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10_485_761, 32) });
    await expect(main(page).getByRole('alert').filter({ hasText: 'File size too large' })).toBeVisible();

    await main(page).getByRole('textbox', { name: /^Name/ }).fill('Ola Nowak');
    await main(page).getByRole('textbox', { name: /^E-mail/ }).fill('ola@example.com');
    await main(page).getByRole('textbox', { name: /^Message/ }).fill('e2e: do you print on umbrellas?');
    await input.setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e\n') });
    await expect(main(page).getByText('brief.pdf')).toBeVisible();
    await axe(page);
    await main(page).getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Thank you, your message has been sent.')).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: /^Message/ })).toHaveValue('');
  });

  test('coordinator: approves a registration, the new buyer logs in, gets a budget and sees it', async ({ page, browser }) => {
    // Two people in two browsers with an axe run between them: near 30 s on two cores.
    test.slow();
    const stamp = `${Date.now()}${test.info().workerIndex}`;
    const email = `e2e-${stamp}@acme.test`;
    const password = 'Newbuyer1';
    const websiteId = await shopId(page.request, 'acme');
    await page.goto(shopUrl('acme', '/login'));
    const registered = await postJson(page.request, `${E2E_ORIGIN}/api/register`, {
      website_id: websiteId,
      name: 'Ewa',
      surname: `Test${stamp}`,
      email,
      password,
      password_confirmation: password,
      coordinator_email: 'coordinator@acme.test',
      cost_center: 'MPK-900',
      job_title: 'Tester',
      buyer_id: `ACME-E2E-${stamp}`,
    });
    expect(registered.status(), await registered.text()).toBe(201);
    // Issue 26: the coordinator sees the request once its address is confirmed from the mailbox.
    await confirmRegistration(page.request, 'acme', email);
    const fullName = `Ewa Test${stamp}`;

    await logInTo(page, 'acme', 'coordinator@acme.test');
    await page.goto(shopUrl('acme', '/user/coordinator'));
    await expect(page.getByRole('heading', { level: 1, name: 'Coordinator area' })).toBeVisible();
    await main(page).getByRole('button', { name: `Approve the request of ${fullName}` }).click();
    await expect(page.getByText(`The request of ${fullName} was approved`)).toBeVisible();
    await axe(page);

    await main(page).getByRole('tab', { name: 'Buyers' }).click();
    await main(page).getByRole('button', { name: `Assign budget to ${fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Assign a budget to ${fullName}` });
    await dialog.getByRole('combobox', { name: /^Budget/ }).click();
    await page.getByRole('option', { name: 'Team events' }).click();
    await dialog.getByRole('spinbutton', { name: /^Points/ }).fill('150');
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel(/^Expiry date/).fill(nextYear);
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByText(`The Team events budget was assigned to ${fullName}.`)).toBeVisible();

    // The new buyer, in a browser of their own.
    const context = await browser.newContext();
    const buyer = await context.newPage();
    await buyer.goto(shopUrl('acme', '/login'));
    await logIn(buyer, email, password);
    await expect(buyer).not.toHaveURL(/\/login/);
    await buyer.goto(shopUrl('acme', '/user/budgets'));
    const card = buyer.getByRole('main').getByRole('listitem', { name: /Team events/ });
    await expect(card.getByText(/^150\s*pts of 150\s*pts left$/)).toBeVisible();
    await expect(card.getByText('Active')).toBeVisible();
    await context.close();
  });

  test('a buyer is refused by every coordinator endpoint', async ({ page }) => {
    await logInTo(page, 'acme', 'buyer@acme.test');
    const headers = await bearer(page, 'acme');
    for (const path of ['/api/coordinator/registrations', '/api/coordinator/buyers', '/api/coordinator/budgets']) {
      const answer = await page.request.get(`${E2E_ORIGIN}${path}`, { headers });
      expect(answer.status(), path).toBe(403);
    }
    const assign = await postJson(page.request, `${E2E_ORIGIN}/api/coordinator/buyers/1/budgets`, { budget_id: 1, points: 10, start_date: new Date().toISOString(), expiry_date: new Date(Date.now() + 86_400_000).toISOString() }, headers);
    expect(assign.status()).toBe(403);
    // And the screen is not offered to a buyer: the guard sends them to their account.
    await page.goto(shopUrl('acme', '/user/coordinator'));
    await expect(page).toHaveURL(shopUrl('acme', '/user'));
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(main(page).getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Coordinator area' })).toHaveCount(0);
    await axe(page);
  });
});
