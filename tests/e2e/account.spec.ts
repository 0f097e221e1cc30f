import { expect, test } from './openapi/test.ts';
import { E2E_ORIGIN } from './playwright.config.ts';
import { confirmRegistration, postJson, shopId } from './support/api.ts';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { bearer, shopUrl } from './support/shop.ts';
import { AccountPage, BudgetsPage, ContactPage, CoordinatorPage, LoginPage, Storefront, signInAs } from './support/pages.ts';

/**
 * The account area against the real server and the demo data: budgets (acme) and their redirect
 * (globex), the contact form with its file rules, and the coordinator area: a registration approved in
 * the screen, the new buyer logging in, a budget assigned and seen by that buyer; a buyer refused by the
 * coordinator endpoints. Every new account is unique to its run.
 */

test.describe('account area', () => {
  test('acme: budgets show points left, dates and state; globex has no budgets page', async ({ page }) => {
    const budgets = new BudgetsPage(page);
    await signInAs(page, 'acme', 'buyer@acme.test');
    await budgets.open('acme', '/budgets');
    await expect(budgets.heading).toBeVisible();
    await expect(budgets.menuLink('Budgets')).toHaveAttribute('aria-current', 'page');
    const welcome = budgets.budget(/Welcome pack/);
    await expect(welcome.getByText('Active')).toBeVisible();
    await expect(welcome.getByText(/of 1,000\s*pts left$/)).toBeVisible();
    const winter = budgets.budget(/Winter 2025/);
    await expect(winter.getByText('Expired', { exact: true })).toBeVisible();
    // Expired reads as expired: no "500 of 500 left", no full bar; listed after the spendable ones.
    await expect(winter.getByText(/^Expired on .+: no points to spend$/)).toBeVisible();
    await expect(winter.getByRole('meter')).toHaveCount(0);
    await expect(winter.getByText(/ left$/)).toHaveCount(0);
    await expect(budgets.main.locator('.shop-account-budget').last()).toHaveAttribute('data-status', 'expired');
    // The header's account button tells the points to spend now: all the active budgets together.
    const lefts = await budgets.main.locator('.shop-account-budget[data-status="active"] .shop-account-budget__points').allInnerTexts();
    expect(lefts.length).toBeGreaterThan(1);
    const spendable = lefts.map((text) => Number((text.split(' of ')[0] ?? '').replace(/\D/g, ''))).reduce((sum, points) => sum + points, 0);
    const account = new Storefront(page).accountButton(/Points to spend:/);
    await expect(account).toHaveAccessibleName(new RegExp(`, Points to spend: ${spendable.toLocaleString('en-GB')}\\s*pts$`));
    await expect(account.locator('.shop-account-menu__points')).toBeVisible();
    await axe(page);

    await signInAs(page, 'globex', 'buyer@globex.test');
    await budgets.open('globex', '/budgets');
    await expect(page).toHaveURL(shopUrl('globex', '/user/orders'));
    await expect(budgets.menuLink('Budgets')).toHaveCount(0);
  });

  test('contact us: a valid file is sent, a wrong extension and a too-large file are refused', async ({ page }) => {
    const shell = new Storefront(page);
    const contact = new ContactPage(page);
    await shell.open('globex', '/');
    await shell.closePopup('Free pickup in Kraków');
    await shell.footer.getByRole('link', { name: 'Contact us' }).click();
    await expect(contact.heading).toBeVisible();
    const input = contact.file;

    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(contact.alert('Unauthorized file extension')).toBeVisible();
    await input.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10_485_761, 32) });
    await expect(contact.alert('File size too large')).toBeVisible();

    await contact.name.fill('Ola Nowak');
    await contact.email.fill('ola@example.com');
    await contact.message.fill('e2e: do you print on umbrellas?');
    await input.setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e\n') });
    await expect(contact.main.getByText('brief.pdf')).toBeVisible();
    await axe(page);
    await contact.send.click();
    await expect(page.getByText('Thank you, your message has been sent.')).toBeVisible();
    await expect(contact.message).toHaveValue('');
  });

  test('coordinator: approves a registration, the new buyer logs in, gets a budget and sees it', async ({ page, browser }) => {
    // Two people in two browsers with an axe run between them: near 30 s on two cores.
    test.slow();
    const stamp = `${Date.now()}${test.info().workerIndex}`;
    const email = `e2e-${stamp}@acme.test`;
    const password = 'Newbuyer1';
    const websiteId = await shopId(page.request, 'acme');
    await new LoginPage(page).open('acme');
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

    const coordinator = new CoordinatorPage(page);
    await signInAs(page, 'acme', 'coordinator@acme.test');
    await coordinator.open('acme', '/coordinator');
    await expect(coordinator.heading).toBeVisible();
    await coordinator.approve(fullName);
    await expect(page.getByText(`The request of ${fullName} was approved`)).toBeVisible();
    await axe(page);

    await coordinator.tab('Buyers');
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    await coordinator.assignBudget(fullName, 'Team events', 150, nextYear);
    await expect(page.getByText(`The Team events budget was assigned to ${fullName}.`)).toBeVisible();

    // The new buyer, in a browser of their own.
    const context = await browser.newContext();
    const buyer = await context.newPage();
    await new LoginPage(buyer).logInTo('acme', email, password);
    const buyerBudgets = new BudgetsPage(buyer);
    await buyerBudgets.open('acme', '/budgets');
    const card = buyerBudgets.budget(/Team events/);
    await expect(card.getByText(/^150\s*pts of 150\s*pts left$/)).toBeVisible();
    await expect(card.getByText('Active')).toBeVisible();
    await context.close();
  });

  test('a buyer is refused by every coordinator endpoint', async ({ page }) => {
    await signInAs(page, 'acme', 'buyer@acme.test');
    const headers = await bearer(page, 'acme');
    for (const path of ['/api/coordinator/registrations', '/api/coordinator/buyers', '/api/coordinator/budgets']) {
      const answer = await page.request.get(`${E2E_ORIGIN}${path}`, { headers });
      expect(answer.status(), path).toBe(403);
    }
    const assign = await postJson(page.request, `${E2E_ORIGIN}/api/coordinator/buyers/1/budgets`, { budget_id: 1, points: 10, start_date: new Date().toISOString(), expiry_date: new Date(Date.now() + 86_400_000).toISOString() }, headers);
    expect(assign.status()).toBe(403);
    // And the screen is not offered to a buyer: the guard sends them to their account.
    const account = new AccountPage(page);
    await account.open('acme', '/coordinator');
    await expect(page).toHaveURL(shopUrl('acme', '/user'));
    await expect(new Storefront(page).heading('Your account')).toBeVisible();
    await expect(account.menuLink('Coordinator area')).toHaveCount(0);
    await axe(page);
  });
});
