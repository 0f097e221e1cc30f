import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './openapi/test.ts';
import { E2E_ORIGIN } from './playwright.config.ts';
import { CataloguePage, LoginPage } from './support/pages.ts';
import { shopUrl } from './support/shop.ts';

/** The catalogue in the storefront against the demo data: search, sort, paging, prices, state in the URL. */

test.describe('catalogue', () => {
  test('should list products with gross prices and badges to a guest of the open shop', async ({ page }) => {
    await page.goto(shopUrl('globex', '/products'));
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(24);
    await expect(page.getByText(/PLN/).first()).toBeVisible();
    await page.goto(shopUrl('globex', '/products?search=GLX-HOODIE'));
    await expect(page.getByRole('article').first().getByText('Group Buy')).toBeVisible();
  });

  test('should search accent-insensitively, keep the search in the URL and survive a reload', async ({ page }) => {
    // initech requires login: sign in first.
    const login = new LoginPage(page);
    await login.open('initech', '/products');
    await login.logIn('buyer@initech.test');
    await expect(page).toHaveURL(shopUrl('initech', '/products'));
    const catalogue = new CataloguePage(page);
    const historyLength = await page.evaluate(() => window.history.length);
    // As-you-type: each keystroke searches; the search takes one history entry, not one per keystroke.
    await catalogue.search.pressSequentially('zolty', { delay: 60 });
    await expect(page).toHaveURL(/search=zolty/);
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength + 1);
    await expect(catalogue.cardsWith(/żółty/i).first()).toBeVisible();
    await expect(catalogue.search).toBeFocused();
    await page.reload();
    await expect(catalogue.cardsWith(/żółty/i).first()).toBeVisible();
  });

  test('should show the API order for each sort and move between pages', async ({ page, request }) => {
    const { id } = await (await request.get(`${E2E_ORIGIN}/api/slug/website?slug=globex`)).json();
    const apiNames = async (sort: string, pageNumber = 1) =>
      ((await (await request.get(`${E2E_ORIGIN}/api/products?website_id=${id}&sort=${sort}&page=${pageNumber}&per_page=24`)).json()) as { data: { name: string }[] }).data.map((p) => p.name);
    const shownNames = () => page.getByRole('article').getByRole('heading').allInnerTexts();

    await page.goto(shopUrl('globex', '/products?sort=price_desc'));
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await shownNames()).toEqual(await apiNames('price_desc'));

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Lowest price' }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    const ascending = await apiNames('price_asc');
    await expect.poll(shownNames).toEqual(ascending);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /next/i }).click();
    await expect(page).toHaveURL(/page=2/);
    const second = await apiNames('price_asc', 2);
    await expect.poll(shownNames).toEqual(second);
  });

  test('should go back through pages and sorts with the browser’s Back', async ({ page }) => {
    await page.goto(shopUrl('globex', '/'));
    await page.goto(shopUrl('globex', '/products'));
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const firstPage = await page.getByRole('article').getByRole('heading').allInnerTexts();

    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(shopUrl('globex', '/products?page=2'));
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const secondPage = await page.getByRole('article').getByRole('heading').allInnerTexts();
    expect(secondPage).not.toEqual(firstPage);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Highest price' }).click();
    await expect(page).toHaveURL(shopUrl('globex', '/products?sort=price_desc'));
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await page.goBack();
    await expect(page).toHaveURL(shopUrl('globex', '/products?page=2'));
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText(/Product name A-Z/);
    await expect.poll(() => page.getByRole('article').getByRole('heading').allInnerTexts()).toEqual(secondPage);

    await page.goBack();
    await expect(page).toHaveURL(shopUrl('globex', '/products'));
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => page.getByRole('article').getByRole('heading').allInnerTexts()).toEqual(firstPage);
  });

  test('should offer real addresses (page links, GET search forms) and still page and search without a page load', async ({ page }) => {
    await page.goto(shopUrl('globex', '/products?sort=price_desc'));
    const catalogue = new CataloguePage(page);
    await expect(catalogue.cards.first()).toBeVisible();
    // A page load would lose this mark: paging and searching must keep it.
    await page.evaluate(() => Object.assign(window, { e2eNoReload: true }));
    const kept = () => page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload === true);

    // Each page is a link built like the catalogue's own URL (order kept), the current one marked.
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/products?sort=price_desc&page=2');
    await expect(pagination.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/products?sort=price_desc&page=2');
    await expect(pagination.getByLabel('Previous page')).toHaveAttribute('aria-disabled', 'true');
    await expect(pagination.getByLabel('Previous page')).not.toHaveAttribute('href');

    // The header's search and the catalogue's are GET forms on the catalogue with the URL's parameter.
    const headerSearch = page.getByRole('banner').getByRole('search', { name: 'Search products' });
    await expect(headerSearch).toHaveAttribute('method', 'get');
    await expect(headerSearch).toHaveAttribute('action', '/products');
    await expect(headerSearch.getByRole('searchbox')).toHaveAttribute('name', 'search');
    const catalogueSearch = page.locator('form.shop-catalogue__search');
    await expect(catalogueSearch).toHaveAttribute('method', 'get');
    await expect(catalogueSearch).toHaveAttribute('action', '/products');
    await expect(catalogue.search).toHaveAttribute('name', 'search');
    // With scripts the sort is the dropdown; its script-free stand-in is gone.
    await expect(catalogue.sort).toBeVisible();
    await expect(page.locator('select[name="sort"]')).toHaveCount(0);

    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(shopUrl('globex', '/products?sort=price_desc&page=2'));
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(await kept()).toBe(true);

    await headerSearch.getByRole('searchbox').fill('mug');
    await headerSearch.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(shopUrl('globex', '/products?search=mug'));
    await expect(catalogue.search).toHaveValue('mug');
    await expect(page.getByRole('heading', { level: 2, name: 'Results for "mug"' })).toBeVisible();
    await expect(catalogue.cards.first()).toBeVisible();
    expect(await kept()).toBe(true);
  });

  test('should open a product from its card', async ({ page }) => {
    const catalogue = new CataloguePage(page);
    await catalogue.open('globex', 'GLX-MUG');
    await catalogue.cards.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+\/\d+$/);
  });

  test('should have no axe violations on the catalogue', async ({ page }) => {
    await page.goto(shopUrl('globex', '/products'));
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page, 'globex /products');
  });
});
