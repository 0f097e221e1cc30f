import type { Locator, Page } from '@playwright/test';
import { expect, test } from './openapi/test.ts';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { CartPage, OrderHistoryPage, OrderPage, Storefront, signInAs } from './support/pages.ts';

/**
 * Order history and one order (issue 7) in the routed storefront against the real server and the demo
 * data (docs/demo-data.md "Past orders"): the seeded orders with their status labels and totals in
 * English and Polish (points in acme, EUR in Polish initech), one order's lines, totals and details,
 * "Order again", another buyer's order name giving "Page not found" (never the order), and axe on each
 * screen. Other specs place new orders for the same buyers in parallel, so the seeded orders are found
 * by name, page by page, never by count or position.
 */

const main = (page: Page) => new Storefront(page).main;
/** Intl puts no-break spaces between amount and unit: compare with plain spaces. */
const plain = async (locator: Locator) => (await locator.innerText()).replace(/[\u00a0\u202f]/g, ' ').trim();
const cells = (row: Locator) => row.getByRole('cell');
/** An English money amount ("PLN 1,234.50") in cents. */
const money = (text: string) => Math.round(Number(text.replace(/^PLN /, '').replaceAll(',', '')) * 100);
/** A date as the history writes it: "5 Apr 2026" / "5 kwi 2026". */
const EN_DATE = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/;
const PL_DATE = /^\d{1,2} [a-ząćęłńóśźż]{3,4}\.? \d{4}$/;

const openHistory = (page: Page, slug: string) => new OrderHistoryPage(page).openIn(slug);
const orderRow = (page: Page, name: string) => new OrderHistoryPage(page).row(name);

/** Expects the row's status label; the badge reads "Status: New" (its prefix is for screen readers only). */
const expectStatus = (row: Locator, label: string) => expect(cells(row).nth(1)).toHaveText(`Status: ${label}`);

const switchTo = (page: Page, language: 'English' | 'Polski') => new Storefront(page).switchLanguage(language);
const heading = (page: Page, name: string) => new Storefront(page).heading(name);

test.describe('order history', () => {
  test('acme: the seeded orders newest first with their labels, dates and points totals, in English and Polish; axe', async ({ page }) => {
    await signInAs(page, 'acme', 'buyer@acme.test');
    await openHistory(page, 'acme');
    await expect(heading(page, 'Order history')).toBeVisible();
    const seeded = [
      ['ACME-000003', 'New', 'Nowe', '25', '1'],
      ['ACME-000002', 'In Progress', 'W realizacji', '75', '1'],
      ['ACME-000001', 'Complete', 'Zrealizowane', '100', '2'],
    ] as const;
    const pages: number[] = [];
    const positions: number[] = [];
    for (const [name, label, , points, items] of seeded) {
      const row = await orderRow(page, name);
      await expectStatus(row, label);
      expect(await plain(cells(row).nth(0))).toMatch(EN_DATE);
      expect(await plain(cells(row).nth(2))).toBe(`${points} pts`);
      await expect(cells(row).nth(3)).toHaveText(items);
      await expect(row.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/user/orders/${name}`);
      // Where it is: its page, then its row on that page.
      const caption = await main(page).getByRole('table').locator('caption').innerText();
      pages.push(Number(/(\d+) of/.exec(caption)?.[1]));
      positions.push((await main(page).getByRole('table').getByRole('rowheader').allInnerTexts()).indexOf(name));
    }
    // Newest first: each older seeded order is on a later page, or further down the same page.
    for (let index = 1; index < seeded.length; index += 1) {
      expect(pages[index]! > pages[index - 1]! || (pages[index] === pages[index - 1] && positions[index]! > positions[index - 1]!)).toBe(true);
    }
    await expect(new OrderHistoryPage(page).menuLink('Order history')).toHaveAttribute('aria-current', 'page');
    await axe(page);

    await switchTo(page, 'Polski');
    await expect(heading(page, 'Historia zamówień')).toBeVisible();
    for (const [name, , polish, points] of seeded) {
      const row = await orderRow(page, name);
      await expectStatus(row, polish);
      expect(await plain(cells(row).nth(0))).toMatch(PL_DATE);
      expect(await plain(cells(row).nth(2))).toBe(`${points} pkt`);
    }
    await axe(page);
  });

  test('initech: the seeded orders in Polish with EUR totals, then in English', async ({ page }) => {
    await signInAs(page, 'initech', 'buyer@initech.test');
    await openHistory(page, 'initech');
    await expect(heading(page, 'Historia zamówień')).toBeVisible();
    let row = await orderRow(page, 'INITECH-000001');
    await expectStatus(row, 'Zrealizowane');
    expect(await plain(cells(row).nth(0))).toMatch(PL_DATE);
    // initech shows net prices: the history's total is the net total.
    expect(await plain(cells(row).nth(2))).toBe('173,90 €');
    // Three lines: pens, and notebooks in two colours.
    await expect(cells(row).nth(3)).toHaveText('3');
    row = await orderRow(page, 'INITECH-000002');
    await expectStatus(row, 'Nowe');
    expect(await plain(cells(row).nth(2))).toBe('64,40 €');
    await axe(page);

    await switchTo(page, 'English');
    await expect(heading(page, 'Order history')).toBeVisible();
    await expectStatus(row, 'New');
    expect(await plain(cells(row).nth(2))).toBe('€64.40');
    expect(await plain(cells(row).nth(0))).toMatch(EN_DATE);
    row = await orderRow(page, 'INITECH-000001');
    await expectStatus(row, 'Complete');
    expect(await plain(cells(row).nth(2))).toBe('€173.90');
  });
});

test.describe('order', () => {
  test('globex: at 320 px the lines table scrolls sideways in a named region keyboard users can focus and scroll; at 1280 px it is no Tab stop; axe', async ({ page }) => {
    await signInAs(page, 'globex', 'buyer@globex.test');
    const order = new OrderPage(page);
    await page.setViewportSize({ width: 320, height: 720 });
    await order.openIn('globex', 'GLOBEX-000001');
    await expect(heading(page, 'Order GLOBEX-000001')).toBeVisible();
    const scroller = page.getByRole('region', { name: 'Products, table' });
    await expect(scroller).toHaveAttribute('tabindex', '0');
    // The page itself does not scroll sideways (WCAG 1.4.10): only the data table does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await scroller.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
    await axe(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(page.getByRole('region', { name: 'Products, table' })).toHaveCount(0);
    await expect(page.locator('.shop-orders__table-wrap').first()).not.toHaveAttribute('tabindex');
  });

  test('acme: ACME-000001 with its lines, budget, points totals and details; Order again fills the cart; axe', async ({ page }) => {
    await signInAs(page, 'acme', 'buyer@acme.test');
    await openHistory(page, 'acme');
    const row = await orderRow(page, 'ACME-000001');
    await row.getByRole('link', { name: 'ACME-000001', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/orders\/ACME-000001$/);
    await expect(heading(page, 'Order ACME-000001')).toBeVisible();

    const order = new OrderPage(page);
    const tee = order.productRows('Classic T-shirt');
    await expect(tee).toContainText('Colour: Navy · Size: L');
    await expect(tee).toContainText('Welcome pack');
    expect(await plain(cells(tee).nth(1))).toBe('40 pts');
    const mug = order.productRows('Ceramic mug');
    await expect(mug).toContainText('Colour: White');
    await expect(cells(mug).nth(0)).toHaveText('6');
    expect(await plain(cells(mug).nth(2))).toBe('60 pts');
    expect(await plain(order.total(/^Total/))).toBe('100 pts');

    await expect(order.section('Delivery')).toContainText('Self-pickup');
    await expect(order.section('Billing address')).toContainText('ACME Polska Sp. z o.o.');
    await expect(order.section('Contact')).toContainText('Anna Nowak');
    await expect(order.section('Payment')).toContainText('MPK-100');
    await expect(order.section('Comment')).toContainText('For the new starters in the Warsaw office.');
    await expect(order.status('complete')).toHaveText('Status: Complete');
    await axe(page);

    await switchTo(page, 'Polski');
    await expect(heading(page, 'Zamówienie ACME-000001')).toBeVisible();
    await expect(order.status('complete')).toHaveText('Status: Zrealizowane');
    await expect(order.productRows('Classic T-shirt', 'Produkty')).toContainText('Kolor: Granatowy · Rozmiar: L');
    await switchTo(page, 'English');

    await order.main.getByRole('button', { name: 'Order again' }).click();
    await expect(main(page).getByText('Products added to the cart: 2 of 2.')).toBeVisible();
    await expect(new Storefront(page).cartLink).toHaveAccessibleName('Cart (7)');
    await order.main.getByRole('link', { name: 'Go to the cart' }).click();
    const cart = new CartPage(page);
    await expect(cart.heading).toBeVisible();
    await expect(cart.main.getByRole('list', { name: 'Cart' }).getByText('Colour: Navy · Size: L').first()).toBeVisible();
  });

  test('initech: INITECH-000001 in Polish with its lines, gross total and the Łódź address; axe', async ({ page }) => {
    await signInAs(page, 'initech', 'buyer@initech.test');
    const order = new OrderPage(page);
    await order.openIn('initech', 'INITECH-000001');
    await expect(heading(page, 'Zamówienie INITECH-000001')).toBeVisible();
    // The title names this order, not the history, in the page's language, which <html lang> declares.
    await expect(page).toHaveTitle(/^Zamówienie INITECH-000001 · /);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(order.productRows('Długopis z logo', 'Produkty')).toContainText('Kolor: Niebieski');
    await expect(order.productRows('Kolor: Czerwony', 'Produkty')).toHaveCount(1);
    expect(await plain(order.total(/^Brutto/, 'Podsumowanie zamówienia', 'Produkty'))).toBe('213,90 €');
    await expect(order.section('Dostawa')).toContainText('ul. Piotrkowska 100');
    await expect(order.section('Uwagi')).toContainText('Materiały na szkolenie w Łodzi.');
    await axe(page);
  });

  test('globex: GLOBEX-000001 shows every line as unit × quantity = line total, adding up with the gross delivery to the total', async ({ page }) => {
    await signInAs(page, 'globex', 'buyer@globex.test');
    const order = new OrderPage(page);
    await order.openIn('globex', 'GLOBEX-000001');
    const products = order.section('Products');
    await expect(products.getByRole('row')).toHaveCount(3);
    let lines = 0;
    for (const row of await products.getByRole('row').all()) {
      if ((await row.getByRole('cell').count()) === 0) continue;
      const [quantity, unit, total] = await Promise.all([0, 1, 2].map((n) => plain(cells(row).nth(n))));
      // docs/demo-data.md "Past orders": 10 × 49.19 and 20 × 21.59 gross.
      expect(money(unit!) * Number(quantity)).toBe(money(total!));
      lines += money(total!);
    }
    const term = (label: RegExp) => plain(order.total(label));
    expect(lines).toBe(money(await term(/^Products \(gross\)/)));
    expect(await term(/^Delivery cost \(gross\)/)).toBe('PLN 24.59');
    expect(lines + money(await term(/^Delivery cost \(gross\)/))).toBe(money(await term(/^Total \(gross\)/)));
    expect(await term(/^Total \(gross\)/)).toBe('PLN 948.29');
    expect(money(await term(/^Net/)) + money(await term(/^VAT/))).toBe(money(await term(/^Gross/)));
  });

  test("another buyer's order name gives Page not found, never the order; axe", async ({ page }) => {
    await signInAs(page, 'acme', 'buyer@acme.test');
    const order = new OrderPage(page);
    for (const name of ['GLOBEX-000001', 'INITECH-000001', 'NO-SUCH-ORDER']) {
      await order.openIn('acme', name);
      await expect(heading(page, 'Page not found')).toBeVisible();
      await expect(main(page).getByText(`There is no order ${name} in your account in this shop.`)).toBeVisible();
      await expect(main(page).getByRole('table')).toHaveCount(0);
    }
    await expect(main(page).getByText('Conference kit for the spring fair.')).toHaveCount(0);
    await axe(page);
    await main(page).getByRole('link', { name: 'Back to order history' }).click();
    await expect(heading(page, 'Order history')).toBeVisible();

    // The same for a Polish buyer: another shop's order is not there.
    await signInAs(page, 'initech', 'buyer@initech.test');
    await order.openIn('initech', 'ACME-000001');
    await expect(heading(page, 'Nie znaleziono strony')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Wróć do historii zamówień' })).toBeVisible();
  });
});
