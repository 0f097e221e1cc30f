import type { Locator, Page } from '@playwright/test';
import { shopUrl } from '../urls.ts';

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

