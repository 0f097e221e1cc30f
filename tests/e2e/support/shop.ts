import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage, ProductPage, Storefront, headerCartLink } from './pages.ts';
import { shopUrl } from './urls.ts';
import { GLOBEX_INVOICE_ADDRESS } from '../../fixtures/globex-invoice-address.ts';

/**
 * Helpers that act in the routed storefront as a buyer does: by roles and names, in en or pl. The
 * screen steps are thin shortcuts to the page objects of `pages.ts`.
 */

export { shopUrl } from './urls.ts';

/** Fills the open login screen and submits it. */
export const logIn = (page: Page, email: string, password = 'Passw0rd!'): Promise<void> => new LoginPage(page).logIn(email, password);

/** Opens the shop's login screen, logs in and waits until the storefront leaves it. */
export const logInTo = (page: Page, slug: string, email: string): Promise<void> => new LoginPage(page).logInTo(slug, email);

/** Opens a product by searching the catalogue for its code and following its card named `name`. */
export const openProduct = (page: Page, slug: string, code: string, name: string): Promise<void> => new ProductPage(page).open(slug, code, name);

/** The header's cart link, named "Cart (n)" / "Koszyk (n)". */
export const headerCart = headerCartLink;

/**
 * On an open product page: picks `colour` and `size` (by their visible names) when given, sets the
 * quantity and adds to the cart, then waits until the header counts `expectedCount` pieces.
 */
export const addToCart = (page: Page, options: { quantity: number; colour?: string; size?: string; expectedCount: number }): Promise<void> =>
  new ProductPage(page).addToCart(options);

/** Picks `country` (its English or Polish name) in the country autocomplete inside `scope`. */
export async function chooseCountry(scope: Locator, country: string): Promise<void> {
  const field = scope.getByRole('combobox', { name: /^(Country|Kraj)/ });
  await field.fill(country.slice(0, 4));
  await scope.page().getByRole('option', { name: country, exact: true }).click();
  await expect(field).toHaveValue(country);
}

/**
 * Fills the billing address fieldset `billing` with globex's invoice address as the demo buyer John
 * Smith: an invoice needs the company and its tax ID.
 */
export async function fillGlobexInvoiceAddress(billing: Locator): Promise<void> {
  for (const [field, value] of GLOBEX_INVOICE_ADDRESS) await billing.getByRole('textbox', { name: field }).fill(value);
  await chooseCountry(billing, 'Poland');
}

/**
 * Closes the shop popup named `title` (docs/demo-data.md "Popups": acme's homepage and cart, globex's
 * homepage) with the Close button in its footer and waits until it is gone: an open popup is modal, so
 * the screen beneath takes no clicks until it is closed. It stays closed for the rest of the session.
 */
export const closePopup = (page: Page, title: string): Promise<void> => new Storefront(page).closePopup(title);

/** The storefront's session as a bearer header: the Admin-Token cookie of the shop's host (fails when logged out). */
export async function bearer(page: Page, slug: string): Promise<Record<string, string>> {
  const token = (await page.context().cookies(shopUrl(slug))).find((cookie) => cookie.name === 'Admin-Token')?.value;
  expect(token, 'logged in').toBeTruthy();
  return { authorization: `Bearer ${decodeURIComponent(token!)}` };
}
