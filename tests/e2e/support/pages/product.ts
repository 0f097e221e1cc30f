import { expect, type Locator, type Page } from '@playwright/test';
import { settle } from '../animations.ts';
import { CataloguePage } from './catalogue.ts';
import { headerCartLink } from './shell.ts';

/** A product page (`/products/:slug/:id`). */
export class ProductPage {
  readonly main: Locator;
  readonly quantity: Locator;
  readonly addButton: Locator;
  readonly colours: Locator;
  readonly sizes: Locator;
  /** The quantity rule's message under the counter. */
  readonly error: Locator;
  /** The business card's fields (`Business card details` / `Dane na wizytówkę`). */
  readonly businessCard: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.quantity = this.main.getByRole('spinbutton', { name: /^(Quantity|Ilość)$/ });
    this.addButton = this.main.getByRole('button', { name: /^(Add to cart|Dodaj do koszyka)$/ });
    this.colours = this.main.getByRole('radiogroup', { name: /^(Colour|Kolor)$/ });
    this.sizes = this.main.getByRole('radiogroup', { name: /^(Size|Rozmiar)$/ });
    this.error = this.main.locator('[part="error"]');
    this.businessCard = this.main.getByRole('group', { name: /^(Business card details|Dane na wizytówkę)$/ });
  }

  /** A section of the product named `name` ("Price tiers", "Group Buy"). */
  region(name: string): Locator {
    return this.main.getByRole('region', { name });
  }

  /** The business card field labelled exactly `name` ("Name", "E-mail", …). */
  cardField(name: string): Locator {
    return this.businessCard.getByRole('textbox', { name, exact: true });
  }

  /**
   * Opens a product by searching the catalogue for its code and following its card named `name`, once
   * the catalogue's scripts run: the storefront's own navigation, which asks the API for the product
   * (the OpenAPI proxy run counts on that call). A click before them loads the product page the server
   * renders, with the product's answer in it (server-render.spec tries that way).
   */
  async open(slug: string, code: string, name: string): Promise<void> {
    const catalogue = new CataloguePage(this.page);
    await catalogue.open(slug, code);
    await settle(this.page);
    await catalogue.openCard(name);
    await expect(this.page).toHaveURL(/\/products\/[a-z0-9-]+\/\d+$/);
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  /** The product's name, its level-1 heading, named `name` when given. */
  heading(name?: string | RegExp): Locator {
    return this.page.getByRole('heading', name === undefined ? { level: 1 } : { level: 1, name });
  }

  /** The value (`<dd>`) of the product fact named exactly `term` (`<dt>`: "Quantity in box", "Product code", …). */
  fact(term: string): Locator {
    return this.main.locator('dl > div').filter({ has: this.page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
  }

  /** Picks the colour named `colour`. */
  async chooseColour(colour: string): Promise<void> {
    await this.colours.getByRole('radio', { name: colour }).click();
  }

  /** Picks the size named exactly `size`. */
  async chooseSize(size: string): Promise<void> {
    await this.sizes.getByRole('radio', { name: size, exact: true }).click();
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

