import { expect, type Locator, type Page } from '@playwright/test';
import { shopUrl } from './urls.ts';

/**
 * Page objects for the storefront screens the specs walk most: login, catalogue, product, cart and
 * the checkout steps. Locators go by role and accessible name, in en or pl, as a buyer finds them;
 * methods say what the buyer does. Assertions about the outcome stay in the specs.
 */

/** Intl puts no-break spaces between amount and unit: compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();

/** "PLN 1,234.56" / "1 234,56 zł" / "125 pts" → 1234.56 */
export function amountOf(text: string): number {
  const digits = plain(text).replace(/[^\d,.]/g, '');
  const normal = /,\d{2}$/.test(digits) ? digits.replaceAll('.', '').replaceAll(' ', '').replace(',', '.') : digits.replaceAll(',', '');
  return Number(normal);
}

/** The storefront's header: its cart link, named "Cart (n)" / "Koszyk (n)". */
export const headerCartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(Cart|Koszyk) \(\d+\)$/ });

/** The login screen (`/login`). */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByRole('textbox', { name: /e-mail/i });
    this.password = page.getByRole('textbox', { name: /^(password|hasło)$/i });
    this.submit = page.getByRole('button', { name: /^(log in|zaloguj się)$/i });
  }

  /** Opens the shop's login screen, with `redirect` (a path) to go to after logging in. */
  async open(slug: string, redirect?: string): Promise<void> {
    await this.page.goto(shopUrl(slug, redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'));
  }

  /** Fills the open login screen and submits it. */
  async logIn(email: string, password = 'Passw0rd!'): Promise<void> {
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
}

/** The catalogue (`/products`). */
export class CataloguePage {
  readonly cards: Locator;
  readonly search: Locator;
  readonly sort: Locator;

  constructor(readonly page: Page) {
    this.cards = page.getByRole('main').getByRole('article');
    this.search = page.getByRole('main').getByRole('searchbox');
    this.sort = page.getByRole('combobox', { name: /^(Sort by|Sortuj)/ });
  }

  /** Opens the shop's catalogue, searching for `search` when given (through the URL). */
  async open(slug: string, search?: string): Promise<void> {
    await this.page.goto(shopUrl(slug, search === undefined ? '/products' : `/products?search=${encodeURIComponent(search)}`));
  }

  /** Types `text` into the catalogue's search box. */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }

  /** The product cards whose text matches `text`. */
  cardsWith(text: string | RegExp): Locator {
    return this.cards.filter({ hasText: text });
  }

  /** Follows the link of the card named exactly `name`. */
  async openCard(name: string): Promise<void> {
    await this.cards.getByRole('link', { name, exact: true }).click();
  }
}

/** A product page (`/products/:slug/:id`). */
export class ProductPage {
  readonly main: Locator;
  readonly quantity: Locator;
  readonly addButton: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.quantity = this.main.getByRole('spinbutton', { name: /^(Quantity|Ilość)$/ });
    this.addButton = this.main.getByRole('button', { name: /^(Add to cart|Dodaj do koszyka)$/ });
  }

  /** Opens a product by searching the catalogue for its code and following its card named `name`. */
  async open(slug: string, code: string, name: string): Promise<void> {
    const catalogue = new CataloguePage(this.page);
    await catalogue.open(slug, code);
    await catalogue.openCard(name);
    await expect(this.page).toHaveURL(/\/products\/[a-z0-9-]+\/\d+$/);
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  /** Picks the colour named `colour`. */
  async chooseColour(colour: string): Promise<void> {
    await this.main.getByRole('radiogroup', { name: /^(Colour|Kolor)$/ }).getByRole('radio', { name: colour }).click();
  }

  /** Picks the size named exactly `size`. */
  async chooseSize(size: string): Promise<void> {
    await this.main.getByRole('radiogroup', { name: /^(Size|Rozmiar)$/ }).getByRole('radio', { name: size, exact: true }).click();
  }

  /**
   * Picks `colour` and `size` when given, sets the quantity and adds to the cart, then waits until
   * the header counts `expectedCount` pieces.
   */
  async addToCart(options: { quantity: number; colour?: string; size?: string; expectedCount: number }): Promise<void> {
    if (options.colour) await this.chooseColour(options.colour);
    if (options.size) await this.chooseSize(options.size);
    await this.quantity.fill(String(options.quantity));
    await expect(this.quantity).toHaveAttribute('aria-valuenow', String(options.quantity));
    await this.addButton.click();
    await expect(headerCartLink(this.page)).toHaveAccessibleName(new RegExp(`\\(${options.expectedCount}\\)$`));
  }
}

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

/** The checkout steps: delivery (`/checkout/delivery`), payment and summary. */
export class CheckoutPage {
  readonly main: Locator;
  /** "Continue" / "Dalej" at the foot of the delivery and payment steps. */
  readonly next: Locator;

  /** `root`: where the checkout is, the storefront's main landmark unless given (a `<shop-checkout>`). */
  constructor(readonly page: Page, root?: Locator) {
    this.main = root ?? page.getByRole('main');
    this.next = this.main.getByRole('button', { name: /^(Continue|Dalej)$/ });
  }

  /** A fieldset of the step, by its legend ("Delivery method", "Adres rozliczeniowy", …). */
  group(name: string | RegExp): Locator {
    return this.main.getByRole('group', { name });
  }

  /** Goes on to the next step (or shows why it cannot). */
  async continue(): Promise<void> {
    await this.next.click();
  }

  /** Checks the radio matching `option` in the fieldset `group`. */
  async choose(group: string | RegExp, option: string | RegExp): Promise<void> {
    await this.group(group).getByRole('radio', { name: option }).check();
  }

  /** On the payment step: picks the payment method named `name`. */
  async choosePayment(name: string): Promise<void> {
    await this.main.getByRole('radio', { name }).click();
  }

  /** On the summary: the order total, the definition of the "Total" term in its totals. */
  async total(): Promise<number> {
    const total = this.main.locator('dl.shop-order-totals').locator('div.shop-order-totals__total').getByRole('definition');
    await expect(total).toBeVisible();
    return amountOf(await total.innerText());
  }

  /** The summary's "Place order" button. */
  placeButton(name: RegExp = /^(Place order|Złóż zamówienie)$/): Locator {
    return this.main.getByRole('button', { name });
  }

  /** Places the order on the summary and answers the order name the confirmation shows. */
  async placeOrder(button?: RegExp): Promise<string> {
    const place = this.placeButton(button);
    await expect(place).toBeEnabled();
    await place.click();
    await expect(this.page).toHaveURL(/\/order-confirmation$/);
    await expect(this.page.getByRole('heading', { level: 1, name: /^(Thank you for your order!|Dziękujemy za zamówienie!)$/ })).toBeVisible();
    const text = await this.main.getByText(/^(Your order number|Numer Twojego zamówienia): /).innerText();
    const name = text.split(': ')[1]?.trim() ?? '';
    expect(name).toMatch(/^[A-Z]+-\d{6,}$/);
    return name;
  }
}
