import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_ORIGIN } from '../playwright.config.ts';

/** Helpers that act in the routed storefront as a buyer does: by roles and names, in en or pl. */

const port = new URL(E2E_ORIGIN).port;

/** A demo shop's URL on its own host (`http://acme.localhost:4317/cart`). */
export const shopUrl = (slug: string, path = '/') => `http://${slug}.localhost:${port}${path}`;

/** Fills the open login screen and submits it. */
export async function logIn(page: Page, email: string, password = 'Passw0rd!'): Promise<void> {
  await page.getByRole('textbox', { name: /e-mail/i }).fill(email);
  await page.getByRole('textbox', { name: /^(password|hasło)$/i }).fill(password);
  await page.getByRole('button', { name: /^(log in|zaloguj się)$/i }).click();
}

/** Opens the shop's login screen, logs in and waits until the storefront leaves it. */
export async function logInTo(page: Page, slug: string, email: string): Promise<void> {
  await page.goto(shopUrl(slug, '/login'));
  await logIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Opens a product by searching the catalogue for its code and following its card named `name`. */
export async function openProduct(page: Page, slug: string, code: string, name: string): Promise<void> {
  await page.goto(shopUrl(slug, `/products?search=${encodeURIComponent(code)}`));
  await page.getByRole('main').getByRole('article').getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The header's cart link, named "Cart (n)" / "Koszyk (n)". */
export const headerCart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(Cart|Koszyk) \(\d+\)$/ });

/**
 * On an open product page: picks `colour` and `size` (by their visible names) when given, sets the
 * quantity and adds to the cart, then waits until the header counts `expectedCount` pieces.
 */
export async function addToCart(page: Page, options: { quantity: number; colour?: string; size?: string; expectedCount: number }): Promise<void> {
  const main = page.getByRole('main');
  if (options.colour) await main.getByRole('radiogroup', { name: /^(Colour|Kolor)$/ }).getByRole('radio', { name: options.colour }).click();
  if (options.size) await main.getByRole('radiogroup', { name: /^(Size|Rozmiar)$/ }).getByRole('radio', { name: options.size, exact: true }).click();
  const counter = main.getByRole('spinbutton', { name: /^(Quantity|Ilość)$/ });
  await counter.fill(String(options.quantity));
  await expect(counter).toHaveAttribute('aria-valuenow', String(options.quantity));
  await main.getByRole('button', { name: /^(Add to cart|Dodaj do koszyka)$/ }).click();
  await expect(headerCart(page)).toHaveAccessibleName(new RegExp(`\\(${options.expectedCount}\\)$`));
}

/** Picks `country` (its English or Polish name) in the country autocomplete inside `scope`. */
export async function chooseCountry(scope: Locator, country: string): Promise<void> {
  const field = scope.getByRole('combobox', { name: /^(Country|Kraj)/ });
  await field.fill(country.slice(0, 4));
  await scope.page().getByRole('option', { name: country, exact: true }).click();
  await expect(field).toHaveValue(country);
}

/**
 * Closes the shop popup named `title` (docs/demo-data.md "Popups": acme's homepage and cart, globex's
 * homepage) with the Close button in its footer and waits until it is gone: an open popup is modal, so
 * the screen beneath takes no clicks until it is closed. It stays closed for the rest of the session.
 */
export async function closePopup(page: Page, title: string): Promise<void> {
  const popup = page.getByRole('dialog', { name: title });
  await popup.locator('[part="footer"]').getByRole('button', { name: /^(Close|Zamknij)$/ }).click();
  await expect(popup).toBeHidden();
}

/** The storefront's session as a bearer header: the Admin-Token cookie of the shop's host (fails when logged out). */
export async function bearer(page: Page, slug: string): Promise<Record<string, string>> {
  const token = (await page.context().cookies(shopUrl(slug))).find((cookie) => cookie.name === 'Admin-Token')?.value;
  expect(token, 'logged in').toBeTruthy();
  return { authorization: `Bearer ${decodeURIComponent(token!)}` };
}
