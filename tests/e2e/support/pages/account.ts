import { expect, type Locator, type Page } from '@playwright/test';
import { shopUrl } from '../urls.ts';

/** The account area (`/user/…`): its menu beside every account screen. */
export class AccountPage {
  readonly main: Locator;
  /** "Account menu" / "Menu konta". */
  readonly menu: Locator;

  /** `root`: where the account area is, the storefront's main landmark unless given (a `<shop-account>`). */
  constructor(readonly page: Page, root?: Locator) {
    this.main = root ?? page.getByRole('main');
    this.menu = this.main.getByRole('navigation', { name: /^(Account menu|Menu konta)$/ });
  }

  /** Opens `/user` + `section` (`''`, `/budgets`, `/orders`, `/coordinator`, …) of shop `slug`. */
  async open(slug: string, section = ''): Promise<void> {
    await this.page.goto(shopUrl(slug, `/user${section}`));
  }

  /** The account menu's link named `name`. */
  menuLink(name: string | RegExp): Locator {
    return this.menu.getByRole('link', { name });
  }
}

/** Account details (`/user/account-details`): the profile and the password sections. */
export class AccountDetailsPage extends AccountPage {
  readonly heading: Locator;
  readonly profile: Locator;
  readonly passwordSection: Locator;
  readonly phone: Locator;
  readonly jobTitle: Locator;
  readonly email: Locator;
  /** The profile's own password field, asked for only when the e-mail address changes. */
  readonly profilePassword: Locator;
  readonly saveProfile: Locator;
  // Password inputs have no textbox role: found by label.
  readonly currentPassword: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly changePassword: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: /^(Account details|Dane konta)$/ });
    this.profile = this.main.getByRole('region', { name: /^(Personal details|Dane osobowe)$/ });
    this.passwordSection = this.main.getByRole('region', { name: /^(Change password|Zmień hasło)$/ });
    this.phone = this.profile.getByRole('textbox', { name: /^(Phone|Telefon)/ });
    this.jobTitle = this.profile.getByRole('textbox', { name: /^(Job title|Stanowisko)/ });
    this.email = this.profile.getByRole('textbox', { name: /^(E-mail)/ });
    this.profilePassword = this.profile.getByLabel(/^(Current password|Obecne hasło)/);
    this.saveProfile = this.profile.getByRole('button', { name: /^(Save changes|Zapisz zmiany)$/ });
    this.currentPassword = this.passwordSection.getByLabel(/^(Current password|Obecne hasło)/);
    this.newPassword = this.passwordSection.getByLabel(/^(New password|Nowe hasło)/);
    this.confirmPassword = this.passwordSection.getByLabel(/^(Confirm new password|Potwierdź nowe hasło)/);
    this.changePassword = this.passwordSection.getByRole('button', { name: /^(Change password|Zmień hasło)$/ });
  }

  /** Opens account details of shop `slug` and waits for its heading. */
  async openIn(slug: string): Promise<void> {
    await this.open(slug, '/account-details');
    await expect(this.heading).toBeVisible();
  }
}

/** Budgets (`/user/budgets`): one list item per budget, named by it. */
export class BudgetsPage extends AccountPage {
  readonly heading: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: /^(Budgets|Budżety)$/ });
  }

  /** The budget card whose name matches `name`. */
  budget(name: string | RegExp): Locator {
    return this.main.getByRole('listitem', { name });
  }
}

/** The coordinator area (`/user/coordinator`): registration requests, buyers and their budgets. */
export class CoordinatorPage extends AccountPage {
  readonly heading: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: /^(Coordinator area|Strefa koordynatora)$/ });
  }

  /** Approves the registration request of `fullName`. */
  async approve(fullName: string): Promise<void> {
    await this.main.getByRole('button', { name: `Approve the request of ${fullName}` }).click();
  }

  /** Opens the tab named `name` ("Buyers", …). */
  async tab(name: string): Promise<void> {
    await this.main.getByRole('tab', { name }).click();
  }

  /** Assigns `points` of the budget `budget`, expiring on `expiry` (yyyy-mm-dd), to `fullName` through the dialog. */
  async assignBudget(fullName: string, budget: string, points: number, expiry: string): Promise<void> {
    await this.main.getByRole('button', { name: `Assign budget to ${fullName}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Assign a budget to ${fullName}` });
    await dialog.getByRole('combobox', { name: /^Budget/ }).click();
    await this.page.getByRole('option', { name: budget }).click();
    await dialog.getByRole('spinbutton', { name: /^Points/ }).fill(String(points));
    await dialog.getByLabel(/^Expiry date/).fill(expiry);
    await dialog.getByRole('button', { name: 'Assign' }).click();
  }
}

/** The contact form (`/contact-us`). */
export class ContactPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly message: Locator;
  /** The attachment input (a file input has no role). */
  readonly file: Locator;
  readonly send: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: /^(Contact us|Kontakt)$/ });
    this.name = this.main.getByRole('textbox', { name: /^(Name|Imię)/ });
    this.email = this.main.getByRole('textbox', { name: /^E-mail/ });
    this.message = this.main.getByRole('textbox', { name: /^(Message|Wiadomość)/ });
    this.file = this.main.locator('input[type="file"]');
    this.send = this.main.getByRole('button', { name: /^(Send|Wyślij)$/ });
  }

  /** The form's alert matching `text`. */
  alert(text: string | RegExp): Locator {
    return this.main.getByRole('alert').filter({ hasText: text });
  }
}
