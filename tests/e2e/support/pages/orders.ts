import { expect, type Locator, type Page } from '@playwright/test';
import { AccountPage } from './account.ts';

/** Order history (`/user/orders`): one table per page, named by its caption, and "Next page". */
export class OrderHistoryPage extends AccountPage {
  readonly heading: Locator;
  readonly next: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 1, name: /^(Order history|Historia zamówień)$/ });
    this.next = this.main.getByRole('link', { name: /^(Next page|Następna strona)$/ });
  }

  /** The history's table on page `n`, named by its caption in either language. */
  table(n: number): Locator {
    return this.main.getByRole('table', { name: new RegExp(`^(Your orders, page|Twoje zamówienia, strona) ${n} (of|z) \\d+$`) });
  }

  /** Opens the history of shop `slug` (a full page load: the shop's own language again) and waits for its first page. */
  async openIn(slug: string): Promise<void> {
    await this.open(slug, '/orders');
    await expect(this.table(1)).toBeVisible();
  }

  /**
   * From any account screen: goes to the history's first page with the account menu, then page by
   * page with "Next page" until the row of order `name` shows, and answers it. Inside the storefront,
   * so a language picked with the switch stays. Newer orders placed by other specs push the seeded
   * ones onto later pages.
   */
  async row(name: string): Promise<Locator> {
    await this.menuLink(/^(Order history|Historia zamówień)$/).click();
    for (let n = 1; n <= 30; n += 1) {
      const table = this.table(n);
      await expect(table).toBeVisible();
      const link = table.getByRole('link', { name, exact: true });
      // `has` is matched inside each row: a locator of the link alone, not one rooted at the page.
      if ((await link.count()) > 0) return table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
      if ((await this.next.count()) === 0 || (await this.next.getAttribute('aria-disabled')) === 'true') break;
      await this.next.click();
    }
    throw new Error(`order ${name} is not in the history`);
  }
}

/** One order (`/user/orders/:name`): its sections are regions named by their headings. */
export class OrderPage extends AccountPage {
  /** The order's status badge for status `value` ("complete"): it reads "Status: Complete", its prefix for screen readers only. */
  status(value: string): Locator {
    return this.main.locator(`[data-status="${value}"]`);
  }

  /** Opens order `name` of shop `slug` straight by its address. */
  async openIn(slug: string, name: string): Promise<void> {
    await this.open(slug, `/orders/${name}`);
  }

  /** The section named `name` ("Products", "Delivery", "Uwagi", …). */
  section(name: string): Locator {
    return this.main.getByRole('region', { name });
  }

  /** The rows of the products section (named `products`, "Products" unless given) holding `text`. */
  productRows(text: string | RegExp, products = 'Products'): Locator {
    return this.section(products).getByRole('row').filter({ hasText: text });
  }

  /** The value of the totals term matching `term` (e.g. /^Total/) in the totals list labelled `label`. */
  total(term: RegExp, label = 'Order totals', products = 'Products'): Locator {
    return this.section(products).getByLabel(label).locator('div').filter({ hasText: term }).getByRole('definition');
  }
}
