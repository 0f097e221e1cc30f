import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ORIGIN } from './playwright.config.ts';
import { createBuyer } from './support/api.ts';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { bearer, logIn, shopUrl } from './support/shop.ts';

/**
 * Account details (`/user/account-details`, issue 7) against the real server, in the Polish initech
 * shop (names match English and Polish): the profile is edited and still shows after a reload; the
 * password is changed and the next login needs the new one; the e-mail address changes only with the
 * password and through the link mailed to the new address (issue 22). Each test registers an account of its
 * own through the API (approved by the shop's coordinator), so no demo account another spec logs in
 * with ever changes.
 */

const SHOP = 'initech';
const NEW_PASSWORD = 'Zmiana-Hasla-7';

const main = (page: Page) => page.getByRole('main');
const profile = (page: Page) => main(page).getByRole('region', { name: /^(Personal details|Dane osobowe)$/ });
const passwordSection = (page: Page) => main(page).getByRole('region', { name: /^(Change password|Zmień hasło)$/ });
const phone = (page: Page) => profile(page).getByRole('textbox', { name: /^(Phone|Telefon)/ });
const jobTitle = (page: Page) => profile(page).getByRole('textbox', { name: /^(Job title|Stanowisko)/ });
// Password inputs have no textbox role: found by label.
const currentPassword = (page: Page) => passwordSection(page).getByLabel(/^(Current password|Obecne hasło)/);
const newPassword = (page: Page) => passwordSection(page).getByLabel(/^(New password|Nowe hasło)/);
const confirmPassword = (page: Page) => passwordSection(page).getByLabel(/^(Confirm new password|Potwierdź nowe hasło)/);
const profilePassword = (page: Page) => profile(page).getByLabel(/^(Current password|Obecne hasło)/);
const emailField = (page: Page) => profile(page).getByRole('textbox', { name: /^(E-mail)/ });
const toasts = (page: Page) => page.getByRole('status', { name: /^(Notifications|Powiadomienia)$/ });

async function openAccountDetails(page: Page): Promise<void> {
  await page.goto(shopUrl(SHOP, '/user/account-details'));
  await expect(page.getByRole('heading', { level: 1, name: /^(Account details|Dane konta)$/ })).toBeVisible();
}


interface Profile {
  name: string;
  surname: string;
  email: string;
  phone: string;
  job_title: string;
}

async function profileOf(request: APIRequestContext, headers: Record<string, string>): Promise<Profile> {
  const answer = await request.get('/api/user', { headers });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as Profile;
  return { name: body.name, surname: body.surname, email: body.email, phone: body.phone, job_title: body.job_title };
}

test.describe('account details', () => {
  test('should save the edited profile, show it after a reload, and keep the spec rules', async ({ page }) => {
    // An account of this test's own in initech (Polish): no demo account changes.
    const { email, password } = await createBuyer(page.request, SHOP, 'coordinator@initech.test', 'profile');
    await page.goto(shopUrl(SHOP, '/login'));
    await logIn(page, email, password);
    await expect(page).not.toHaveURL(/\/login/);
    const headers = await bearer(page, SHOP);
    const original = await profileOf(page.request, headers);
    await openAccountDetails(page);
    await expect(profile(page).getByRole('textbox', { name: /^(E-mail)/ })).toHaveValue(email);
    await expect(jobTitle(page)).toHaveValue(original.job_title);
    await axe(page);

    // A wrong phone number is refused before anything is sent, with the message on the field.
    await phone(page).fill('12ab');
    await profile(page).getByRole('button', { name: /^(Save changes|Zapisz zmiany)$/ }).click();
    await expect(phone(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(phone(page)).toHaveAccessibleDescription(/^(Enter a valid phone number|Podaj prawidłowy numer telefonu)/);
    await expect(phone(page)).toBeFocused();

    await phone(page).fill('+48 611 222 333');
    await jobTitle(page).fill('Kierownik zakupów (e2e)');
    await profile(page).getByRole('button', { name: /^(Save changes|Zapisz zmiany)$/ }).click();
    await expect(toasts(page).getByText(/^(Your details have been saved\.|Twoje dane zostały zapisane\.)$/).last()).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^(Account details|Dane konta)$/ })).toBeVisible();
    await expect(phone(page)).toHaveValue('+48 611 222 333');
    await expect(jobTitle(page)).toHaveValue('Kierownik zakupów (e2e)');
    expect(await profileOf(page.request, headers)).toEqual({ ...original, phone: '+48 611 222 333', job_title: 'Kierownik zakupów (e2e)' });
  });

  test('should change the password after checking the current one, then log in only with the new one', async ({ page }) => {
    // An account of this test's own (registered and approved through the API): no demo account changes.
    const { email, password } = await createBuyer(page.request, 'acme', 'coordinator@acme.test', 'password');
    await page.goto(shopUrl('acme', '/login'));
    await logIn(page, email, password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(shopUrl('acme', '/user/account-details'));
    await expect(page.getByRole('heading', { level: 1, name: 'Account details' })).toBeVisible();

    // The server checks the current password and says so on that field.
    await currentPassword(page).fill('Not-the-password-1');
    await newPassword(page).fill(NEW_PASSWORD);
    await confirmPassword(page).fill(NEW_PASSWORD);
    await passwordSection(page).getByRole('button', { name: 'Change password' }).click();
    await expect(currentPassword(page)).toHaveAccessibleDescription(/^Invalid login details/);
    await expect(currentPassword(page)).toBeFocused();

    await currentPassword(page).fill(password);
    await passwordSection(page).getByRole('button', { name: 'Change password' }).click();
    await expect(passwordSection(page).getByRole('status')).toHaveText('Your password has been changed.');
    await expect(currentPassword(page)).toHaveValue('');
    await expect(newPassword(page)).toHaveValue('');
    await expect(confirmPassword(page)).toHaveValue('');
    await axe(page);

    // A new browser session: the old password is refused, the new one logs in.
    await page.context().clearCookies();
    await page.goto(shopUrl('acme', '/login'));
    await logIn(page, email, password);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login details' })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await logIn(page, email, NEW_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('should change the e-mail only with the password and the link mailed to the new address, opened in another browser', async ({ page, browser }) => {
    // Two browsers, a registration and two axe runs: a long journey on two cores.
    test.slow();
    const { email, password } = await createBuyer(page.request, 'acme', 'coordinator@acme.test', 'email');
    const newEmail = email.replace(/^e2e-/, 'e2e-new-');
    await page.goto(shopUrl('acme', '/login'));
    await logIn(page, email, password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(shopUrl('acme', '/user/account-details'));
    await expect(page.getByRole('heading', { level: 1, name: 'Account details' })).toBeVisible();

    // Another address asks for the password; the same one in other letters does not.
    await expect(profilePassword(page)).toHaveCount(0);
    await emailField(page).fill(email.toUpperCase());
    await expect(profilePassword(page)).toHaveCount(0);
    await emailField(page).fill(newEmail);
    await expect(profilePassword(page)).toBeVisible();
    await expect(profilePassword(page)).toHaveAccessibleDescription(/needs your password/);
    await profile(page).getByRole('button', { name: 'Save changes' }).click();
    await expect(profilePassword(page)).toHaveAccessibleDescription(/^This element is required/);
    await expect(profilePassword(page)).toBeFocused();

    await profilePassword(page).fill(password);
    await profile(page).getByRole('button', { name: 'Save changes' }).click();
    await expect(profile(page).getByRole('status')).toContainText(`We sent a confirmation link to ${newEmail}; your account keeps ${email}`);
    await expect(profile(page).getByText(`Waiting for confirmation: ${newEmail}.`)).toBeVisible();
    await expect(emailField(page)).toHaveValue(email);
    await expect(profilePassword(page)).toHaveCount(0);
    await axe(page);

    // The link, as the new mailbox receives it, opened in a browser without the session.
    const outbox = (await (await page.request.get(`${E2E_ORIGIN}/demo/outbox.json`)).json()) as { to: string; subject: string; body: string }[];
    const link = /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(outbox.find((mail) => mail.to === newEmail && /confirm your new e-mail/.test(mail.subject))?.body ?? '')?.[0];
    expect(link, 'confirmation link mailed to the new address').toBeTruthy();
    const other = await browser.newContext();
    try {
      const guest = await other.newPage();
      await guest.goto(link!);
      await expect(guest.getByRole('heading', { level: 1, name: 'Confirm e-mail address' })).toBeVisible();
      await expect(guest.getByRole('status').filter({ hasText: 'Your e-mail address is now' })).toHaveText(`Your e-mail address is now ${newEmail}. Other devices were signed out.`);
      await expect(guest).not.toHaveURL(/token=/);
      await axe(guest);
      await expect(guest.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
    } finally {
      await other.close();
    }

    // The session that asked stays signed in and sees the new address.
    await page.reload();
    await expect(emailField(page)).toHaveValue(newEmail);
    await expect(profile(page).getByText(/Waiting for confirmation/)).toHaveCount(0);
  });
});
