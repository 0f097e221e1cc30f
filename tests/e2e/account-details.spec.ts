import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ORIGIN } from './playwright.config.ts';
import { createBuyer } from './support/api.ts';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { bearer } from './support/shop.ts';
import { AccountDetailsPage, LoginPage, Storefront } from './support/pages.ts';

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
    const details = new AccountDetailsPage(page);
    // An account of this test's own in initech (Polish): no demo account changes.
    const { email, password } = await createBuyer(page.request, SHOP, 'coordinator@initech.test', 'profile');
    await new LoginPage(page).logInTo(SHOP, email, password);
    const headers = await bearer(page, SHOP);
    const original = await profileOf(page.request, headers);
    await details.openIn(SHOP);
    await expect(details.email).toHaveValue(email);
    await expect(details.jobTitle).toHaveValue(original.job_title);
    await axe(page);

    // A wrong phone number is refused before anything is sent, with the message on the field.
    await details.phone.fill('12ab');
    await details.saveProfile.click();
    await expect(details.phone).toHaveAttribute('aria-invalid', 'true');
    await expect(details.phone).toHaveAccessibleDescription(/^(Enter a valid phone number|Podaj prawidłowy numer telefonu)/);
    await expect(details.phone).toBeFocused();

    await details.phone.fill('+48 611 222 333');
    await details.jobTitle.fill('Kierownik zakupów (e2e)');
    await details.saveProfile.click();
    await expect(new Storefront(page).toasts.getByText(/^(Your details have been saved\.|Twoje dane zostały zapisane\.)$/).last()).toBeVisible();

    await page.reload();
    await expect(details.heading).toBeVisible();
    await expect(details.phone).toHaveValue('+48 611 222 333');
    await expect(details.jobTitle).toHaveValue('Kierownik zakupów (e2e)');
    expect(await profileOf(page.request, headers)).toEqual({ ...original, phone: '+48 611 222 333', job_title: 'Kierownik zakupów (e2e)' });
  });

  test('should change the password after checking the current one, then log in only with the new one', async ({ page }) => {
    const details = new AccountDetailsPage(page);
    // An account of this test's own (registered and approved through the API): no demo account changes.
    const { email, password } = await createBuyer(page.request, 'acme', 'coordinator@acme.test', 'password');
    await new LoginPage(page).logInTo('acme', email, password);
    await details.openIn('acme');

    // The server checks the current password and says so on that field.
    await details.currentPassword.fill('Not-the-password-1');
    await details.newPassword.fill(NEW_PASSWORD);
    await details.confirmPassword.fill(NEW_PASSWORD);
    await details.changePassword.click();
    await expect(details.currentPassword).toHaveAccessibleDescription(/^Invalid login details/);
    await expect(details.currentPassword).toBeFocused();

    await details.currentPassword.fill(password);
    await details.changePassword.click();
    await expect(details.passwordSection.getByRole('status')).toHaveText('Your password has been changed.');
    await expect(details.currentPassword).toHaveValue('');
    await expect(details.newPassword).toHaveValue('');
    await expect(details.confirmPassword).toHaveValue('');
    await axe(page);

    // A new browser session: the old password is refused, the new one logs in.
    await page.context().clearCookies();
    const login = new LoginPage(page);
    await login.open('acme');
    await login.logIn(email, password);
    await expect(login.alert('Invalid login details')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await login.logIn(email, NEW_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('should change the e-mail only with the password and the link mailed to the new address, opened in another browser', async ({ page, browser }) => {
    const details = new AccountDetailsPage(page);
    // Two browsers, a registration and two axe runs: a long journey on two cores.
    test.slow();
    const { email, password } = await createBuyer(page.request, 'acme', 'coordinator@acme.test', 'email');
    const newEmail = email.replace(/^e2e-/, 'e2e-new-');
    await new LoginPage(page).logInTo('acme', email, password);
    await details.openIn('acme');

    // Another address asks for the password; the same one in other letters does not.
    await expect(details.profilePassword).toHaveCount(0);
    await details.email.fill(email.toUpperCase());
    await expect(details.profilePassword).toHaveCount(0);
    await details.email.fill(newEmail);
    await expect(details.profilePassword).toBeVisible();
    await expect(details.profilePassword).toHaveAccessibleDescription(/needs your password/);
    await details.saveProfile.click();
    await expect(details.profilePassword).toHaveAccessibleDescription(/^This element is required/);
    await expect(details.profilePassword).toBeFocused();

    await details.profilePassword.fill(password);
    await details.saveProfile.click();
    await expect(details.profile.getByRole('status')).toContainText(`We sent a confirmation link to ${newEmail}; your account keeps ${email}`);
    await expect(details.profile.getByText(`Waiting for confirmation: ${newEmail}.`)).toBeVisible();
    await expect(details.email).toHaveValue(email);
    await expect(details.profilePassword).toHaveCount(0);
    await axe(page);

    // The link, as the new mailbox receives it, opened in a browser without the session.
    const outbox = (await (await page.request.get(`${E2E_ORIGIN}/demo/outbox.json`)).json()) as { to: string; subject: string; body: string }[];
    const link = /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(outbox.find((mail) => mail.to === newEmail && /confirm your new e-mail/.test(mail.subject))?.body ?? '')?.[0];
    expect(link, 'confirmation link mailed to the new address').toBeTruthy();
    const other = await browser.newContext();
    try {
      const guest = await other.newPage();
      await guest.goto(link!);
      const shell = new Storefront(guest);
      await expect(shell.heading('Confirm e-mail address')).toBeVisible();
      await expect(guest.getByRole('status').filter({ hasText: 'Your e-mail address is now' })).toHaveText(`Your e-mail address is now ${newEmail}. Other devices were signed out.`);
      await expect(guest).not.toHaveURL(/token=/);
      await axe(guest);
      await expect(shell.main.getByRole('link', { name: 'Log in' })).toBeVisible();
    } finally {
      await other.close();
    }

    // The session that asked stays signed in and sees the new address.
    await page.reload();
    await expect(details.email).toHaveValue(newEmail);
    await expect(details.profile.getByText(/Waiting for confirmation/)).toHaveCount(0);
  });
});
