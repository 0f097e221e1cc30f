import { expect, type Locator, type Page } from '@playwright/test';
import { headerCartLink } from './shell.ts';

/** The cart (`/cart`). */
export class CartPage {
  readonly main: Locator;
  readonly heading: Locator;
  /** The cart's lines (the items of the "Cart" list with a quantity counter). */
  readonly lines: Locator;
  /** "Go to checkout" while the cart may go on: a link. */
  readonly checkoutLink: Locator;
  /** "Go to checkout" while something blocks it: a disabled button. */
  readonly checkoutButton: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: /^(Cart|Koszyk)$/ });
    this.lines = this.main.getByRole('list', { name: /^(Cart|Koszyk)$/ }).getByRole('listitem').filter({ has: page.getByRole('spinbutton') });
    this.checkoutLink = this.main.getByRole('link', { name: /^(Go to checkout|Przejdź do kasy)$/ });
    this.checkoutButton = this.main.getByRole('button', { name: /^(Go to checkout|Przejdź do kasy)$/ });
  }

  /** Opens the cart from the header's cart link and waits for its heading. */
  async openFromHeader(): Promise<void> {
    await headerCartLink(this.page).click();
    await expect(this.heading).toBeVisible();
  }

  /** The line whose text matches `text`. */
  line(text: string | RegExp): Locator {
    return this.lines.filter({ hasText: text });
  }

  /** The quantity counter of `line`. */
  counter(line: Locator): Locator {
    return line.getByRole('spinbutton');
  }

  /** Follows "Go to checkout". */
  async goToCheckout(): Promise<void> {
    await this.checkoutLink.click();
  }
}

