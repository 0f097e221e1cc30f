import type { Page } from '@playwright/test';
import { expect, test } from './openapi/test.ts';
import { E2E_ORIGIN } from './playwright.config.ts';
import { expectNoAxeViolations as axe } from './support/axe.ts';
import { CartPage, CheckoutPage, ProductPage } from './support/pages.ts';
import { bearer, chooseCountry, logInTo, shopUrl } from './support/shop.ts';

/**
 * The address book (`/user/addresses`, issue 7) against the real server and the demo data, then the
 * checkout using the same book. The account is coordinator@initech.test: no other spec relies on its
 * addresses (it starts with none), and initech (Polish) delivers only to a specific address, so the
 * checkout offers the specific address added here and not the delivery one. Everything added is
 * deleted at the end.
 */

const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page) => page.getByRole('dialog');
const field = (page: Page, label: RegExp) => dialog(page).getByRole('textbox', { name: label });
const saveButton = (page: Page) => dialog(page).getByRole('button', { name: 'Zapisz adres' });
const group = (page: Page, name: string) => main(page).getByRole('region', { name });
const entry = (page: Page, groupName: string, text: string) => group(page, groupName).getByRole('listitem').filter({ hasText: text });

async function openBook(page: Page) {
  await page.goto(shopUrl('initech', '/user/addresses'));
  await expect(page.getByRole('heading', { level: 1, name: 'Adresy' })).toBeVisible();
}


/** The account's book as the provider holds it. */
async function bookOf(page: Page): Promise<{ id: number; type: string; street: string; zip: string }[]> {
  const answer = await page.request.get(`${E2E_ORIGIN}/api/user/addresses`, { headers: await bearer(page, 'initech') });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { id: number; type: string; street: string; zip: string }[];
}

test.describe('address book', () => {
  test('initech (pl): add, edit and delete addresses, and deliver to a specific one at checkout', async ({ page }) => {
    // A whole address book, then a checkout: 66 s in a full run with two workers on two cores
    // (2026-11-29), against the 60 s it had.
    test.slow();
    await logInTo(page, 'initech', 'coordinator@initech.test');
    await openBook(page);
    await expect(main(page).getByText('Nie masz jeszcze zapisanych adresów.')).toBeVisible();

    // Add a delivery address; the postal code must fit the country.
    await main(page).getByRole('button', { name: 'Dodaj adres' }).click();
    await expect(dialog(page)).toHaveAccessibleName('Dodaj adres');
    await expect(dialog(page).getByRole('radio', { name: 'Adres dostawy' })).toHaveAttribute('aria-checked', 'true');
    // The form starts in the shop's country; a delivery address names its recipient.
    await expect(dialog(page).getByRole('combobox', { name: /^Kraj/ })).toHaveValue('Polska');
    await field(page, /^Imię odbiorcy/).fill('Ewa');
    await field(page, /^Nazwisko odbiorcy/).fill('Lis');
    await field(page, /^Firma/).fill('Initech e2e');
    await field(page, /^Ulica i numer/).fill('ul. Adresowa 1');
    await field(page, /^Miejscowość/).fill('Warszawa');
    await field(page, /^Kod pocztowy/).fill('00950');
    await chooseCountry(dialog(page), 'Polska');
    await saveButton(page).click();
    await expect(dialog(page).getByText('Nieprawidłowy format kodu pocztowego', { exact: true })).toBeVisible();
    await expect(field(page, /^Kod pocztowy/)).toBeFocused();
    await field(page, /^Kod pocztowy/).fill('00-950');
    await saveButton(page).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByText('Adres został dodany.')).toBeVisible();
    const added = entry(page, 'Adres dostawy', 'ul. Adresowa 1');
    await expect(added).toBeFocused();
    await expect(added).toContainText('00-950 Warszawa');
    await axe(page);

    // Edit it: the form starts from the entry; the tax ID must be a number.
    await main(page).getByRole('button', { name: /^Edytuj: Ewa Lis, Initech e2e, ul\. Adresowa 1/ }).click();
    await expect(dialog(page)).toHaveAccessibleName('Edytuj adres');
    await expect(field(page, /^Ulica i numer/)).toHaveValue('ul. Adresowa 1');
    await field(page, /^Ulica i numer/).fill('ul. Adresowa 3');
    await field(page, /^NIP/).fill('NIP123');
    await saveButton(page).click();
    await expect(dialog(page).getByText('NIP musi być liczbą', { exact: true })).toBeVisible();
    await field(page, /^NIP/).fill('526-025-02-74');
    await saveButton(page).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByText('Adres został zaktualizowany.')).toBeVisible();
    await expect(entry(page, 'Adres dostawy', 'ul. Adresowa 3')).toBeFocused();
    await expect(entry(page, 'Adres dostawy', 'ul. Adresowa 3')).toContainText('NIP: 526-025-02-74');

    // Add a specific address: the only kind initech delivers to.
    await main(page).getByRole('button', { name: 'Dodaj adres' }).click();
    await dialog(page).getByRole('radio', { name: 'Wskazany adres' }).click();
    await field(page, /^Imię odbiorcy/).fill('Jan');
    await field(page, /^Nazwisko odbiorcy/).fill('Wiśniewski');
    await field(page, /^Firma/).fill('Initech e2e Łódź');
    await field(page, /^Ulica i numer/).fill('ul. Wskazana 7');
    await field(page, /^Miejscowość/).fill('Łódź');
    await field(page, /^Kod pocztowy/).fill('90-001');
    await chooseCountry(dialog(page), 'Polska');
    await saveButton(page).click();
    await expect(dialog(page)).toBeHidden();
    await expect(entry(page, 'Wskazany adres', 'ul. Wskazana 7')).toBeFocused();

    // The provider holds both, as saved here.
    const book = await bookOf(page);
    expect(book.map(({ type, street, zip }) => ({ type, street, zip }))).toEqual([
      { type: 'specific', street: 'ul. Wskazana 7', zip: '90-001' },
      { type: 'delivery', street: 'ul. Adresowa 3', zip: '00-950' },
    ]);

    // The checkout uses the same book: the specific address is offered, the delivery one is not.
    const product = new ProductPage(page);
    await product.open('initech', 'INI-MUG', 'Kubek ceramiczny');
    await product.addToCart({ colour: 'Biały', quantity: 4, expectedCount: 4 });
    const cart = new CartPage(page);
    await cart.openFromHeader();
    await cart.goToCheckout();
    const checkout = new CheckoutPage(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dane dostawy' })).toBeVisible();
    const addresses = checkout.group('Adres dostawy');
    await expect(addresses.getByRole('radio', { name: /Adresowa/ })).toHaveCount(0);
    await checkout.choose('Adres dostawy', /Wskazana 7/);
    await checkout.group('Adres rozliczeniowy').getByRole('checkbox', { name: 'Taki sam jak adres dostawy' }).check();
    await checkout.continue();
    await expect(page.getByRole('heading', { level: 1, name: 'Dane płatności' })).toBeVisible();
    // That address has no tax ID, so an invoice would be refused ("Nip missing from address"): pay online.
    await expect(main(page).getByRole('radio', { name: 'Faktura' })).toBeVisible();
    await checkout.choosePayment('Płatność online');
    await checkout.continue();
    await expect(page.getByRole('heading', { level: 1, name: 'Podsumowanie' })).toBeVisible();
    await expect(main(page).getByText(/ul\. Wskazana 7/).first()).toBeVisible();

    // Delete what was added: each asks first, then focus goes to the heading.
    await openBook(page);
    for (const [groupName, street] of [
      ['Adres dostawy', 'ul. Adresowa 3'],
      ['Wskazany adres', 'ul. Wskazana 7'],
    ] as const) {
      await group(page, groupName).getByRole('button', { name: new RegExp(`^Usuń: .*${street.replace('.', '\\.')}`) }).click();
      await expect(dialog(page)).toHaveAccessibleName('Usuń adres');
      await expect(dialog(page)).toContainText(street);
      await dialog(page).getByRole('button', { name: 'Usuń adres' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Adresy' })).toBeFocused();
      await expect(main(page).getByText(street)).toHaveCount(0);
    }
    await expect(main(page).getByText('Nie masz jeszcze zapisanych adresów.')).toBeVisible();
    expect(await bookOf(page)).toEqual([]);
  });
});
