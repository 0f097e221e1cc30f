import { expect, test, type Page } from '@playwright/test';
import { tally } from '../../reliability/report.ts';
import { E2E_ORIGIN } from '../playwright.config.ts';
import { shopId } from '../support/api.ts';
import { CataloguePage, LoginPage, ProductPage, Storefront, signInAs } from '../support/pages.ts';

/**
 * Client storage suite, browser part (docs/reliability.md "Client storage"): what needs a real
 * browser: two tabs sharing localStorage through real `storage` events, a storage that is really full,
 * corrupt and hostile values read by the real bundle, and two people taking turns on one browser.
 * Each check records what it tried and what crashed (a `pageerror`) or leaked (a line shown to the
 * wrong person, or lost). The jsdom part (tests/reliability/client/storage.test.ts) covers the rest.
 */

interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  minimum_quantity: number | null;
  is_business_card: boolean;
  groupbuy: unknown;
}

/** Three plain globex products (no minimum, no group buy, no business card). */
async function plainProducts(page: Page): Promise<ApiProduct[]> {
  const answer = await page.request.get(`${E2E_ORIGIN}/api/products?website_id=${await shopId(page.request, 'globex')}&per_page=50`);
  const products = ((await answer.json()) as { data: ApiProduct[] }).data.filter((product) => !product.is_business_card && product.minimum_quantity === null && product.groupbuy === null);
  if (products.length < 3) throw new Error('globex needs three plain products');
  return products.slice(0, 3);
}

const productPath = (product: ApiProduct) => `/products/${product.slug}/${product.id}`;
/** Opens `product`'s page in globex straight by its address. */
const openProduct = (page: Page, product: ApiProduct) => new Storefront(page).open('globex', productPath(product));
const addToCart = (page: Page, options: { quantity: number; expectedCount: number }) => new ProductPage(page).addToCart(options);
const headerCart = (page: Page) => new Storefront(page).cartLink;

/** The stored carts of this origin: key → [product id, quantity] pairs. */
async function storedCarts(page: Page): Promise<Record<string, [number, number][]>> {
  return page.evaluate(() => {
    const carts: Record<string, [number, number][]> = {};
    for (const key of Object.keys(localStorage).filter((name) => name.endsWith(':cart'))) {
      const value = JSON.parse(localStorage.getItem(key) ?? 'null') as { lines?: { product_id: number; quantity: number }[] } | null;
      carts[key] = (value?.lines ?? []).map((line) => [line.product_id, line.quantity]);
    }
    return carts;
  });
}

/** Whether the header's cart shows `pieces` (waiting as an assertion would). */
function cartShows(page: Page, pieces: number): Promise<boolean> {
  return expect(headerCart(page))
    .toHaveAccessibleName(new RegExp(`\\(${pieces}\\)$`))
    .then(
      () => true,
      () => false,
    );
}

/** Counts page errors of every page of the context. */
function watchErrors(pages: Page[]): string[] {
  const errors: string[] = [];
  for (const page of pages) page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Records one check: `leaked` cases of `tried` showed or lost a line; `errors` are crashes. */
function record(check: string, tried: number, leaked: number, errors: readonly string[], note: string): void {
  tally({ suite: 'storage', check: `browser: ${check}`, tried, gotThrough: leaked + errors.length, note: `${errors.length} crashed (pageerror), ${leaked} leaked or lost; ${note}` });
}

test.describe('client storage (browser)', () => {
  test.describe.configure({ mode: 'parallel' });

  test('two tabs: a change in one shows in the other, and lines added in both before either hears of the other all stay', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    const errors = watchErrors([first, second]);
    const [x, y, z] = await plainProducts(first);
    let leaked = 0;
    try {
      await openProduct(first, x!);
      await openProduct(second, z!);
      await addToCart(first, { quantity: 1, expectedCount: 1 });
      // The other tab hears of it (a real storage event) without a reload.
      await expect(headerCart(second)).toHaveAccessibleName(/\(1\)$/);

      // Tab 2's storage events are held back, as if still on their way, while both tabs add a line.
      await second.evaluate(() => {
        const held: StorageEvent[] = [];
        const hold = (event: StorageEvent) => {
          if (event.isTrusted) {
            event.stopImmediatePropagation();
            held.push(event);
          }
        };
        window.addEventListener('storage', hold, { capture: true });
        Object.assign(window, {
          releaseStorageEvents: () => {
            window.removeEventListener('storage', hold, { capture: true });
            for (const event of held) window.dispatchEvent(new StorageEvent('storage', { key: event.key, oldValue: event.oldValue, newValue: event.newValue, storageArea: localStorage }));
          },
        });
      });
      await openProduct(first, y!);
      await addToCart(first, { quantity: 2, expectedCount: 3 });
      await addToCart(second, { quantity: 3, expectedCount: 6 });
      await second.evaluate(() => (window as unknown as { releaseStorageEvents: () => void }).releaseStorageEvents());
      await expect(headerCart(first)).toHaveAccessibleName(/\(6\)$/);
      await expect(headerCart(second)).toHaveAccessibleName(/\(6\)$/);
      const stored = Object.values(await storedCarts(first)).flat();
      const expected: [number, number][] = [
        [x!.id, 1],
        [y!.id, 2],
        [z!.id, 3],
      ];
      if (JSON.stringify([...stored].sort()) !== JSON.stringify([...expected].sort())) leaked += 1;
      expect(stored.sort()).toEqual(expected.sort());
      expect(errors).toEqual([]);
    } finally {
      record('two tabs (storage events; concurrent adds)', 2, leaked, errors, 'a line added in tab 1 shows in tab 2; three lines added across both tabs, one while the other tab had not heard yet');
    }
  });

  test("user switch on one browser: the next person never sees the last one's cart", async ({ page }) => {
    const errors = watchErrors([page]);
    const [x] = await plainProducts(page);
    let leaked = 0;
    let tried = 0;
    try {
      await signInAs(page, 'globex', 'buyer@globex.test');
      await openProduct(page, x!);
      await addToCart(page, { quantity: 4, expectedCount: 4 });
      const shell = new Storefront(page);
      await shell.logOut('John Smith');
      await expect(shell.accountButton('John Smith')).toHaveCount(0);
      tried += 1;
      if (!(await cartShows(page, 0))) leaked += 1;

      await new LoginPage(page).logInTo('globex', 'coordinator@globex.test');
      tried += 1;
      if (!(await cartShows(page, 0))) leaked += 1;
      expect(leaked, "the buyer's cart shown to the next person").toBe(0);
      // The checkout of the next person starts empty too: with an empty cart it sends them to the cart.
      await shell.open('globex', '/checkout/delivery');
      await expect(page).toHaveURL(/\/cart/);
      expect(errors).toEqual([]);
    } finally {
      record('user switch on one browser (logout, next login)', tried, leaked, errors, 'buyer fills a cart, logs out; the guest and then the coordinator see an empty cart');
    }
  });

  test('corrupt, old and hostile stored values: the bundle starts with an empty cart and no polluted prototype', async ({ page }) => {
    const errors = watchErrors([page]);
    const values = [
      '{',
      'undefined',
      '[]',
      '{"version":1,"lines":null}',
      '{"lines":[{"product_id":1}]}',
      '{"__proto__":{"polluted":"yes"},"version":1,"lines":[]}',
      '{"constructor":{"prototype":{"polluted":"yes"}},"version":1,"lines":[]}',
      '{"version":1,"lines":[{"__proto__":{"polluted":"yes"}}]}',
    ];
    let leaked = 0;
    try {
      const catalogue = new CataloguePage(page);
      await catalogue.open('globex');
      for (const raw of values) {
        await page.evaluate((value) => {
          for (const key of ['shop-elements:globex:guest:cart', 'shop-elements:globex:user-id', 'shop-elements:globex:u1:checkout']) localStorage.setItem(key, value);
        }, raw);
        await page.reload();
        await expect(catalogue.cards.first()).toBeVisible();
        await expect(headerCart(page)).toHaveAccessibleName(/\(0\)$/);
        const polluted = await page.evaluate(() => (({}) as Record<string, unknown>).polluted !== undefined);
        if (polluted) leaked += 1;
        expect(polluted, `prototype polluted by ${raw}`).toBe(false);
      }
      expect(errors).toEqual([]);
    } finally {
      record('corrupt, old and __proto__ values (real bundle)', values.length, leaked, errors, 'each value in the guest cart, user-id and checkout keys, then a reload');
    }
  });

  test('a full localStorage: adding to the cart still works and says the cart is not saved', async ({ page }) => {
    const errors = watchErrors([page]);
    const [x] = await plainProducts(page);
    let leaked = 0;
    try {
      await openProduct(page, x!);
      // Fill this origin's storage until the browser refuses (QuotaExceededError).
      // Big pieces first, then ever smaller ones, so that not even a short cart entry fits.
      const filled = await page.evaluate(() => {
        let refusal = 'never full';
        let index = 0;
        for (let size = 1024 * 1024; size >= 1; size = Math.floor(size / 2)) {
          const chunk = 'x'.repeat(size);
          for (;;) {
            try {
              localStorage.setItem(`filler-${index++}`, chunk);
            } catch (error) {
              refusal = (error as DOMException).name;
              break;
            }
          }
        }
        return refusal;
      });
      expect(filled).toBe('QuotaExceededError');
      await addToCart(page, { quantity: 2, expectedCount: 2 });
      await expect(page.getByText('Your cart could not be saved in this browser', { exact: false })).toBeVisible();
      const stored = await storedCarts(page);
      if (Object.values(stored).some((lines) => lines.length > 0)) leaked += 1;
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage).filter((name) => name.startsWith('filler-'))) localStorage.removeItem(key);
      });
      expect(errors).toEqual([]);
    } finally {
      record('quota exceeded (a really full localStorage)', 1, leaked, errors, 'the line stays in memory with the storage-full warning');
    }
  });
});
