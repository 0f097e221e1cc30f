import { expect, test, type Page } from '@playwright/test';
import { deepActiveElement, expectFocusOn, expectShiftTabBack, pressUntil, type FocusTarget } from './support/keyboard.ts';
import { headerCart, shopUrl } from './support/shop.ts';

/**
 * An order placed by keyboard alone in acme (points, a cost centre), from the homepage to the
 * confirmation: only Tab, Shift+Tab, Enter, Space, arrows, Escape and typed text, no click and no fill.
 * At every stop the deeply focused element (through the storefront's shadow root) is the control a
 * person expects, shows a focus ring of at least 2 px, is neither hidden nor covered (a toast, the
 * header); Escape closes the shop's popups and the account menu and gives focus back to where it was.
 * The same journey runs in Firefox ESR and WebKitGTK (`tests/engines/keyboard-journey.ts`).
 *
 * The buyer is the demo's buyer@acme.test, as in checkout.spec: the specs that read its orders and
 * budgets count from what they find (docs/demo-data.md), and this order takes 45 of its 800 points.
 */

const to = (role: string, name: RegExp): FocusTarget => ({ role, name });
const main = (page: Page) => page.getByRole('main');

/** Types into the focused field, key by key, as a person does. */
const typeText = (page: Page, text: string) => page.keyboard.type(text);

test.describe('keyboard only', () => {
  test('acme: from the homepage to a placed order by keys alone, focus always visible and where expected', async ({ page }) => {
    // Eight screens and two popups that wait for a quiet page: four times the usual limit: 45 s to 2.2 min measured on the loaded 2-core machine.
    test.setTimeout(240_000);
    // The homepage of a login-required shop sends a guest to Login; the server's page is hydrated once its fields take text.
    await page.goto(shopUrl('acme', '/'));
    await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
    await expect(page.getByRole('textbox', { name: /^E-mail/ })).toBeEnabled();

    // The skip link is the first stop and moves focus into main, whose first control is the e-mail field.
    await pressUntil(page, 'Tab', to('button', /^Skip to content$/), { max: 1 });
    await page.keyboard.press('Enter');
    await expectFocusOn(page, to('main', /Log in/));
    await pressUntil(page, 'Tab', to('textbox', /^E-mail/), { max: 1 });
    await typeText(page, 'buyer@acme.test');
    await pressUntil(page, 'Tab', to('textbox', /^Password/), { max: 1 });
    await expectShiftTabBack(page);
    await typeText(page, 'Passw0rd!');
    await page.keyboard.press('Enter');

    // Signed in, back on the homepage: the welcome popup takes focus once the page is quiet (after the
    // heading took it); Escape closes the popup and gives focus back to the heading.
    await expect(page).toHaveURL(shopUrl('acme', '/'));
    await expectFocusOn(page, to('button', /^Close$/));
    await expect(page.getByRole('dialog', { name: 'Welcome to the ACME store' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectFocusOn(page, to('heading', /^Welcome to the ACME merchandise store$/));

    // The account menu: Enter opens it on its first item, Escape closes it and focus is on its button again.
    const account = to('button', /^Anna Nowak, Points to spend:/);
    await pressUntil(page, 'Shift+Tab', account, { max: 4 });
    await page.keyboard.press('Enter');
    await expectFocusOn(page, to('menuitem', /./));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expectFocusOn(page, account);

    // Search from the header: typed, Enter; the catalogue's heading takes focus.
    await pressUntil(page, 'Shift+Tab', to('searchbox', /^Search products$/), { max: 6 });
    await typeText(page, 'ACME-MUG');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=ACME-MUG$/);
    await expectFocusOn(page, to('heading', /^Products$/));
    await expect(main(page).getByRole('link', { name: 'Ceramic mug', exact: true })).toBeVisible();

    // A product card's link by Tab, Enter opens the product.
    await pressUntil(page, 'Tab', to('link', /^Ceramic mug$/), { max: 6 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\/ceramic-mug\/\d+$/);
    await expectFocusOn(page, to('heading', /^Ceramic mug$/));

    // The colour is a radio group: one Tab stop, arrows choose. The quantity goes up with ArrowUp.
    await pressUntil(page, 'Tab', to('radio', /^White$/), { max: 3 });
    await page.keyboard.press('ArrowRight');
    await expectFocusOn(page, to('radio', /^Black$/));
    await expect(main(page).getByText('Product code: ACME-MUG-BLACK')).toBeVisible();
    await expectShiftTabBack(page);
    await pressUntil(page, 'Tab', to('spinbutton', /^Quantity$/), { max: 2 });
    await page.keyboard.press('ArrowUp');
    await expect(main(page).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await pressUntil(page, 'Tab', to('button', /^Add to cart$/), { max: 4 });
    await page.keyboard.press('Enter');
    await expect(headerCart(page)).toHaveAccessibleName('Cart (2)');
    // The toast that says so covers nothing focused: the button keeps focus in view.
    expect((await deepActiveElement(page)).obscuredBy).toBeNull();

    // Back up to the header's cart link with Shift+Tab; Enter opens the cart.
    await pressUntil(page, 'Shift+Tab', to('link', /^Cart \(2\)$/), { max: 12 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(shopUrl('acme', '/cart'));
    // The cart's popup opens once the page is quiet. Escape gives focus back to where it was: the new
    // screen's heading, or the cart link still, when the popup came before the cart's code had loaded.
    await expectFocusOn(page, to('button', /^Close$/));
    await expect(page.getByRole('dialog', { name: 'Have your cost centre ready' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectFocusOn(page, [to('heading', /^Cart$/), to('link', /^Cart \(2\)$/)]);

    // The line's quantity: ArrowDown makes it 1 again, the totals follow.
    await pressUntil(page, 'Tab', to('spinbutton', /^Quantity: Ceramic mug/), { max: 8 });
    await page.keyboard.press('ArrowDown');
    await expect(headerCart(page)).toHaveAccessibleName('Cart (1)');
    await pressUntil(page, 'Tab', to('link', /^Go to checkout$/), { max: 4 });
    await page.keyboard.press('Enter');

    await checkoutByKeys(page);
  });
});

/** The three checkout steps and the order, by keys; acme's courier and the buyer's saved address. */
async function checkoutByKeys(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/delivery$/);
  await expectFocusOn(page, to('heading', /^Delivery details$/));
  await pressUntil(page, 'Tab', to('radio', /^Courier/), { max: 12 });
  await page.keyboard.press('Space');
  await expect(main(page).getByRole('radio', { name: /^Courier/ })).toBeChecked();
  await pressUntil(page, 'Tab', to('radio', /Marszałkowska/), { max: 8 });
  await page.keyboard.press('Space');
  await expect(main(page).getByRole('radio', { name: /Marszałkowska/ })).toBeChecked();
  await pressUntil(page, 'Tab', to('textbox', /^Cost centre code \(MPK\)/), { max: 30 });
  await expect(main(page).getByRole('textbox', { name: /^Cost centre code \(MPK\)/ })).toHaveValue('MPK-100');
  await pressUntil(page, 'Tab', to('button', /^Continue$/), { max: 12 });
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await expectFocusOn(page, to('heading', /./));
  await pressUntil(page, 'Tab', to('radio', /Welcome pack/), { max: 10 });
  await page.keyboard.press('Space');
  await expect(main(page).getByRole('radio', { name: /Welcome pack/ })).toBeChecked();
  await pressUntil(page, 'Tab', to('button', /^Continue$/), { max: 10 });
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await expectFocusOn(page, to('heading', /./));
  await pressUntil(page, 'Tab', to('checkbox', /^I confirm that this order/), { max: 30 });
  await page.keyboard.press('Space');
  await expect(main(page).getByRole('checkbox', { name: /^I confirm that this order/ })).toBeChecked();
  await pressUntil(page, 'Tab', to('button', /^Place order$/), { max: 8 });
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expectFocusOn(page, to('heading', /^Thank you for your order!$/));
  await expect(main(page).getByText(/^Your order number: ACME-\d{6,}$/)).toBeVisible();
  await expect(headerCart(page)).toHaveAccessibleName('Cart (0)');
}
