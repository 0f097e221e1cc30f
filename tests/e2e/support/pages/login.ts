import { expect, type Locator, type Page } from '@playwright/test';
import { shopUrl } from '../urls.ts';

/** The password of every demo account (docs/demo-data.md). */
export const DEMO_PASSWORD = 'Passw0rd!';

/** The login screen (`/login`). */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly heading: Locator;
  /** "Forgot password?" / "Nie pamiętasz hasła?". */
  readonly forgotLink: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByRole('textbox', { name: /e-mail/i });
    this.password = page.getByRole('textbox', { name: /^(password|hasło)$/i });
    this.submit = page.getByRole('button', { name: /^(log in|zaloguj się)$/i });
    this.heading = page.getByRole('heading', { level: 1, name: /^(Log in|Logowanie)$/ });
    this.forgotLink = page.getByRole('link', { name: /^(Forgot password\?|Nie pamiętasz hasła\?)$/ });
  }

  /** Opens the shop's login screen, with `redirect` (a path) to go to after logging in. */
  async open(slug: string, redirect?: string): Promise<void> {
    await this.page.goto(shopUrl(slug, redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'));
  }

  /** Fills the open login screen and submits it. */
  async logIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Opens the login screen, logs in and waits until the storefront leaves it. */
  async logInTo(slug: string, email: string, password?: string): Promise<void> {
    await this.open(slug);
    await this.logIn(email, password);
    await expect(this.page).not.toHaveURL(/\/login/);
  }

  /** The alert the login screen shows, matching `text`. */
  alert(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}

/** Signs in to shop `slug` as the demo account `email` (or any account with its `password`) through the login screen. */
export const signInAs = (page: Page, slug: string, email: string, password?: string): Promise<void> => new LoginPage(page).logInTo(slug, email, password);
