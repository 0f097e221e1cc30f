import { expect, type Locator, type Page } from '@playwright/test';

import { languageName } from './language-name.ts';
/**
 * The elements as a host page embeds them (an intranet, a consumer app): each object is rooted at its
 * element, so two elements on one page never answer for each other.
 */

/** `<shop-product>`: one product with its quantity counter and "Add to cart". */
export class ProductElement {
  readonly root: Locator;
  readonly quantity: Locator;
  readonly addButton: Locator;

  constructor(readonly page: Page, root: Locator = page.locator('shop-product')) {
    this.root = root;
    this.quantity = root.getByRole('spinbutton', { name: /^(Quantity|Ilość)$/ });
    this.addButton = root.getByRole('button', { name: /^(Add to cart|Dodaj do koszyka)$/ });
  }

  /** The product's name, its level-1 heading, named `name` when given. */
  heading(name?: string | RegExp): Locator {
    return this.root.getByRole('heading', name === undefined ? { level: 1 } : { level: 1, name });
  }

  /** Sets the quantity to `count` and adds to the cart. */
  async add(count: number): Promise<void> {
    await this.quantity.fill(String(count));
    await expect(this.quantity).toHaveAttribute('aria-valuenow', String(count));
    await this.addButton.click();
  }
}

/** `<shop-catalogue>`: product cards and the search box. */
export class CatalogueElement {
  readonly root: Locator;
  readonly cards: Locator;
  readonly search: Locator;

  constructor(readonly page: Page, root: Locator = page.locator('shop-catalogue')) {
    this.root = root;
    this.cards = root.getByRole('article');
    this.search = root.getByRole('searchbox');
  }

  /** The catalogue's level-1 heading, named `name` when given. */
  heading(name?: string | RegExp): Locator {
    return this.root.getByRole('heading', name === undefined ? { level: 1 } : { level: 1, name });
  }

  /** Follows the link of the card named exactly `name`. */
  async openCard(name: string): Promise<void> {
    await this.cards.getByRole('link', { name, exact: true }).click();
  }
}

/** `<shop-cart-button>`: the button counting the cart, and the drawer it opens. */
export class CartButtonElement {
  readonly root: Locator;
  /** "Cart (n)" / "Koszyk (n)". */
  readonly button: Locator;
  readonly drawer: Locator;
  /** The lines listed in the drawer. */
  readonly drawerLines: Locator;
  /** The drawer's "View cart" link. */
  readonly viewCart: Locator;

  constructor(readonly page: Page, root: Locator = page.locator('shop-cart-button')) {
    this.root = root;
    this.button = root.getByRole('button', { name: /^(Cart|Koszyk) \(\d+\)$/ });
    this.drawer = page.getByRole('dialog', { name: /^(Cart|Koszyk)$/ });
    this.drawerLines = this.drawer.getByRole('list', { name: /^(Cart|Koszyk)$/ }).getByRole('listitem');
    this.viewCart = this.drawer.getByRole('link', { name: /^(View cart|Zobacz koszyk)$/ });
  }

  /** The button while it counts `count` pieces. */
  counting(count: number): Locator {
    return this.root.getByRole('button', { name: new RegExp(`^(Cart|Koszyk) \\(${count}\\)$`) });
  }

  /** Opens the drawer. */
  async open(): Promise<void> {
    await this.button.click();
    await expect(this.drawer).toBeVisible();
  }
}

/** `<shop-language-switch>`: one toggle button per language, and its label when `show-label` is set. */
export class LanguageSwitchElement {
  constructor(readonly page: Page, readonly root: Locator = page.locator('shop-language-switch')) {}

  /** The toggle button of `language` ("English", "Polski"). */
  language(language: string): Locator {
    return this.root.getByRole('button', { name: languageName(language) });
  }
}
