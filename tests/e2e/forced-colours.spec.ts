import { expect, test, type Page } from '@playwright/test';
import { expectForcedColoursKept as expectKept } from './support/forced-colours.ts';
import { AccountPage, CartPage, CheckoutPage, CoordinatorPage, LoginPage, OrderHistoryPage, ProductPage, RegisterPage, Storefront, WidgetGallery } from './support/pages.ts';
import { closePopup, fillGlobexInvoiceAddress, shopUrl } from './support/shop.ts';

/**
 * Forced colours (`forced-colors: active`, Windows High Contrast) on every screen of the storefront:
 * each control keeps its edge, the chosen option of a button-style radio group (colour, size, payment
 * method, address type, EN/PL), the selected tab and the current page stay apart from the others,
 * disabled controls are grey, icons follow the text colour and the focus ring shows
 * (`support/forced-colours.ts` says how each is measured). Playwright's emulation makes Chromium paint
 * the system colours for real, so the screenshots are what a High Contrast user sees.
 */

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
});

/** Dismisses the toasts on screen: they go by themselves after a few seconds, mid-measurement. */
async function dismissToasts(page: Page): Promise<void> {
  const dismiss = new Storefront(page).toasts.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

test.describe('forced colours', () => {
  test('globex: the homepage and its popup, the catalogue, a product with variants', async ({ page }) => {
    const shop = new Storefront(page);
    await shop.open('globex');
    await expect(shop.popup('Free pickup in Kraków')).toBeVisible();
    await expectKept(page, 'homepage popup');
    await closePopup(page, 'Free pickup in Kraków');
    await expectKept(page, 'homepage');

    await page.goto(shopUrl('globex', '/products'));
    await expect(new ProductPage(page).heading('Products')).toBeVisible();
    await expectKept(page, 'catalogue');

    const product = new ProductPage(page);
    await product.open('globex', 'GLX-TEE', 'Classic T-shirt');
    await product.chooseColour('Navy');
    await product.chooseSize('L');
    await expectKept(page, 'product');
  });

  test('globex: the cart with a line, login, the three checkout steps', async ({ page }) => {
    const product = new ProductPage(page);
    await product.open('globex', 'GLX-TEE', 'Classic T-shirt');
    await product.addToCart({ quantity: 2, expectedCount: 2 });
    await dismissToasts(page);

    const cart = new CartPage(page);
    await cart.openFromHeader();
    await expect(cart.line('Classic T-shirt')).toBeVisible();
    await expectKept(page, 'cart');

    await cart.goToCheckout();
    const login = new LoginPage(page);
    await expect(login.heading).toBeVisible();
    await expectKept(page, 'login');
    await login.logIn('buyer@globex.test');
    await expect(page).toHaveURL(/\/checkout\/delivery$/);

    const checkout = new CheckoutPage(page);
    await checkout.choose('Delivery method', /^Self-pickup/);
    await fillGlobexInvoiceAddress(checkout.group('Billing address'));
    await expectKept(page, 'checkout: delivery');
    await checkout.continue();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await checkout.choosePayment('Invoice');
    await expectKept(page, 'checkout: payment');
    await checkout.continue();
    await expect(page).toHaveURL(/\/checkout\/summary$/);
    await expect(checkout.placeButton()).toBeVisible();
    await expectKept(page, 'checkout: summary');
  });

  test('globex: the account screens, an address dialog, order history and an order, a content page and the 404', async ({ page }) => {
    await new LoginPage(page).logInTo('globex', 'buyer@globex.test');
    const account = new AccountPage(page);
    await account.open('globex');
    await expect(account.menu).toBeVisible();
    await expectKept(page, 'account');

    await account.open('globex', '/account-details');
    await expect(page.getByRole('heading', { level: 1, name: 'Account details' })).toBeVisible();
    await expectKept(page, 'account details');

    await account.open('globex', '/addresses');
    await account.main.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByRole('dialog', { name: 'Add address' })).toBeVisible();
    await expectKept(page, 'address dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectKept(page, 'addresses');

    const history = new OrderHistoryPage(page);
    await history.openIn('globex');
    await expectKept(page, 'order history');
    await history.table(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/user\/orders\/GLOBEX-\d+$/);
    await expect(account.main.getByRole('region', { name: 'Products' })).toBeVisible();
    await expectKept(page, 'order');

    const shop = new Storefront(page);
    await shop.open('globex', '/about-us');
    await expect(shop.heading()).toBeVisible();
    await expectKept(page, 'content page');
    await shop.open('globex', '/no-such-page');
    await expect(page).toHaveURL(shopUrl('globex', '/404'));
    await expectKept(page, '404');
  });

  test('acme: the registration form, the coordinator area with its tabs, and the narrow menu', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.open('acme');
    await expect(register.submit).toBeVisible();
    await expectKept(page, 'register');

    await new LoginPage(page).logInTo('acme', 'coordinator@acme.test');
    const coordinator = new CoordinatorPage(page);
    await coordinator.open('acme', '/coordinator');
    await expect(coordinator.heading).toBeVisible();
    await expectKept(page, 'coordinator area');
    await coordinator.tab('Buyers');
    await expectKept(page, 'coordinator area: buyers');

    const shop = new Storefront(page);
    await shop.resize(390, 844);
    // The drawer slides in from the side, and the wait for the page's animations did not always catch
    // that slide (three runs in four failed with edges "not drawn" where the moving panel had been):
    // with reduced motion it stands still at once, so the pixels are read where its boxes are.
    await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
    await shop.menuButton().click();
    await expect(shop.dialog('Shop menu')).toBeVisible();
    await expectKept(page, 'narrow menu');
  });

  test('the widget kit: every widget, the open drawer and dialog', async ({ page }) => {
    // Reduced motion as well: the gallery's carousel would otherwise turn to its next slide mid-measurement.
    await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
    const gallery = new WidgetGallery(page);
    await gallery.open();
    await expect(gallery.heading('Widget kit')).toBeVisible();
    await expectKept(page, 'widget kit');
    await gallery.button('Open drawer').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectKept(page, 'widget kit: drawer');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await gallery.button('Open dialog').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectKept(page, 'widget kit: dialog');
  });
});
