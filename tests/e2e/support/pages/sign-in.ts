import type { Locator, Page } from '@playwright/test';
import { shopUrl } from '../urls.ts';

/** The registration request form (`/register`). */
export class RegisterPage {
  readonly firstName: Locator;
  readonly surname: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly coordinator: Locator;
  readonly costCenter: Locator;
  readonly jobTitle: Locator;
  readonly buyerId: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.firstName = page.getByRole('textbox', { name: /^first name|^name/i }).first();
    this.surname = page.getByRole('textbox', { name: /surname/i });
    this.email = page.getByRole('textbox', { name: /^e-mail/i }).first();
    this.password = page.getByRole('textbox', { name: /^password$/i });
    this.confirmPassword = page.getByRole('textbox', { name: /confirm/i });
    this.coordinator = page.getByRole('textbox', { name: /coordinator/i });
    this.costCenter = page.getByRole('textbox', { name: /cost cent/i });
    this.jobTitle = page.getByRole('textbox', { name: /job title/i });
    this.buyerId = page.getByRole('textbox', { name: /buyer id/i });
    this.submit = page.getByRole('button', { name: /^(register|send request)/i });
  }

  /** Opens the form of shop `slug`. */
  async open(slug: string): Promise<void> {
    await this.page.goto(shopUrl(slug, '/register'));
  }

  /** Fills every field from `fields` and sends the request. */
  async register(fields: { name: string; surname: string; email: string; password: string; coordinator: string; costCenter: string; jobTitle: string; buyerId: string }): Promise<void> {
    await this.firstName.fill(fields.name);
    await this.surname.fill(fields.surname);
    await this.email.fill(fields.email);
    await this.password.fill(fields.password);
    await this.confirmPassword.fill(fields.password);
    await this.coordinator.fill(fields.coordinator);
    await this.costCenter.fill(fields.costCenter);
    await this.jobTitle.fill(fields.jobTitle);
    await this.buyerId.fill(fields.buyerId);
    await this.submit.click();
  }
}

/** The screen a confirmation link opens (`/confirm-registration`, `/confirm-email`): a button confirms, never the link alone. */
export class ConfirmLinkPage {
  readonly confirm: Locator;
  readonly status: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.confirm = page.getByRole('button', { name: 'Confirm' });
    this.status = main.getByRole('status');
    this.alert = main.getByRole('alert');
  }
}

/** "Forgot password?" (`/forget`): asks for a reset link. */
export class ForgotPasswordPage {
  readonly email: Locator;
  readonly send: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByRole('textbox', { name: /e-mail/i });
    this.send = page.getByRole('button', { name: /send|reset/i });
  }

  /** Opens the screen of shop `slug`. */
  async open(slug: string): Promise<void> {
    await this.page.goto(shopUrl(slug, '/forget'));
  }

  /** Asks for a reset link for `email`. */
  async requestLink(email: string): Promise<void> {
    await this.email.fill(email);
    await this.send.click();
  }
}

/** The new-password screen the reset link opens (`/new-password?token=…`). */
export class NewPasswordPage {
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.password = page.getByRole('textbox', { name: /^new password$/i });
    this.confirmPassword = page.getByRole('textbox', { name: /confirm/i });
    this.submit = page.getByRole('button', { name: /set|save|change/i });
  }

  /** Sets `password` (typed twice). */
  async setPassword(password: string): Promise<void> {
    await this.password.fill(password);
    await this.confirmPassword.fill(password);
    await this.submit.click();
  }
}
