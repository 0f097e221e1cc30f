import { expect, type Locator, type Page } from '@playwright/test';
import { shopUrl } from '../urls.ts';
import { languageName } from './language-name.ts';

/** Intl puts no-break spaces between amount and unit: compare with plain spaces. */
export const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();

/** "PLN 1,234.56" / "1 234,56 zł" / "125 pts" → 1234.56 */
export function amountOf(text: string): number {
  const digits = plain(text).replace(/[^\d,.]/g, '');
  const normal = /,\d{2}$/.test(digits) ? digits.replaceAll('.', '').replaceAll(' ', '').replace(',', '.') : digits.replaceAll(',', '');
  return Number(normal);
}

/** The storefront's header: its cart link, named "Cart (n)" / "Koszyk (n)". */
export const headerCartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(Cart|Koszyk) \(\d+\)$/ });

/**
 * What every storefront screen has around its content: the header (shop name link, main navigation,
 * language switch, cart link, account button), the main landmark with its level-1 heading, the
 * footer, the notifications and the shop's popups.
 */
export class Storefront {
  readonly header: Locator;
  readonly main: Locator;
  readonly footer: Locator;
  readonly nav: Locator;
  readonly cartLink: Locator;
  /** The toasts' live region, "Notifications (F8)" / "Powiadomienia (F8)". */
  readonly toasts: Locator;
  /** The `<shop-storefront>` element itself. */
  readonly element: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.main = page.getByRole('main');
    this.footer = page.getByRole('contentinfo');
    this.nav = page.getByRole('navigation', { name: /^(Main navigation|Nawigacja główna)$/ });
    this.cartLink = headerCartLink(page);
    this.toasts = page.getByRole('status', { name: /^(Notifications|Powiadomienia) \(F8\)$/ });
    this.element = page.locator('shop-storefront');
  }

  /** Opens `path` of shop `slug` on its own host; answers the document's response. */
  open(slug: string, path = '/') {
    return this.page.goto(shopUrl(slug, path));
  }

  /** The screen's level-1 heading, named `name` when given. */
  heading(name?: string | RegExp): Locator {
    return this.page.getByRole('heading', name === undefined ? { level: 1 } : { level: 1, name });
  }

  /** The header's link named `name` ("Products", the shop's name, …). */
  headerLink(name: string | RegExp): Locator {
    return this.header.getByRole('link', { name });
  }

  /** The narrow header's button that opens its menu drawer. */
  menuButton(): Locator {
    return this.header.getByRole('button', { name: /^(Open menu|Otwórz menu)$/ });
  }

  /**
   * Resizes the window of an open storefront and waits until its header has taken the layout of the
   * new width: the header follows the viewport through a media query's change event, which the
   * browser fires at its next rendering step, not when the resize call returns.
   */
  async resize(width: number, height: number): Promise<void> {
    await this.page.setViewportSize({ width, height });
    // Below 48rem (768 px) the navigation moves into the menu drawer.
    if (width < 768) await expect(this.menuButton()).toBeVisible();
    else await expect(this.nav).toBeVisible();
  }

  /** The header's account button, whose name matches `name` (the buyer's name, points to spend). */
  accountButton(name: string | RegExp): Locator {
    return this.header.getByRole('button', { name });
  }

  /** Opens the account menu of the header's account button named `name` and logs out. */
  async logOut(name: string | RegExp): Promise<void> {
    await this.accountButton(name).click();
    await this.page.getByRole('menuitem', { name: /^(Log out|Wyloguj się)$/ }).click();
  }

  /** The language switch's toggle button named `language` ("English", "Polski"). */
  language(language: string): Locator {
    return this.header.getByRole('button', { name: languageName(language) });
  }

  /** Switches the storefront to `language` and waits until the switch says so. */
  async switchLanguage(language: string): Promise<void> {
    await this.language(language).click();
    await expect(this.language(language)).toHaveAttribute('aria-pressed', 'true');
  }

  /** The dialog named `name` (a popup, a question the storefront asks), or any dialog when no name is given. */
  dialog(name?: string): Locator {
    return this.page.getByRole('dialog', name === undefined ? {} : { name });
  }

  /** The shop popup named `name`, or any popup when no name is given: popups are dialogs. */
  popup(name?: string): Locator {
    return this.dialog(name);
  }

  /**
   * Closes the shop popup named `title` with the Close button in its footer and waits until it is
   * gone: an open popup is modal, so the screen beneath takes no clicks until it is closed.
   */
  async closePopup(title: string): Promise<void> {
    const popup = this.popup(title);
    await this.popupClose(title).click();
    await expect(popup).toBeHidden();
  }

  /** The Close button in the footer of the popup named `title`. */
  popupClose(title: string): Locator {
    return this.popup(title).locator('[part="footer"]').getByRole('button', { name: /^(Close|Zamknij)$/ });
  }
}

/**
 * What a screen or element shows in its place when its code fails to load: "Something went wrong!"
 * with "Try again", inside `scope` (the storefront's main landmark, an element on a host page).
 */
export class FailedScreen {
  /** The message's heading, at any level. */
  readonly heading: Locator;
  /** The message's heading as the screen's level-1 heading (it stands in for the screen). */
  readonly title: Locator;
  readonly tryAgain: Locator;

  constructor(readonly scope: Locator) {
    const name = /^(Something went wrong!|Coś poszło nie tak!)$/;
    this.heading = scope.getByRole('heading', { name });
    this.title = scope.getByRole('heading', { level: 1, name });
    this.tryAgain = scope.getByRole('button', { name: /^(Try again|Spróbuj ponownie)$/ });
  }
}
