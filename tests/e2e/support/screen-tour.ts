import { expect, type Page } from '@playwright/test';
import { E2E_ORIGIN } from '../playwright.config.ts';
import {
  AccountPage,
  BudgetsPage,
  CartButtonElement,
  CartPage,
  CheckoutPage,
  ContactPage,
  CoordinatorPage,
  ForgotPasswordPage,
  LoginPage,
  OrderHistoryPage,
  ProductPage,
  RegisterPage,
  Storefront,
  WidgetGallery,
} from './pages.ts';
import { closePopup, fillGlobexInvoiceAddress, shopUrl } from './shop.ts';

/**
 * Every screen of the storefront and its open states (popups, dialogs, the account menu, the narrow
 * menu drawer, a form's errors shown), the widget kit and the intranet page, walked as a buyer reaches
 * them. `screens.spec.ts` runs each tour as a test and holds each stop to its rules (axe, forced
 * colours, zoom and text spacing) in its `visit`, so every rule sees the same screens. The tours keep the
 * viewport they are given, except for the narrow menu, which needs a narrow one.
 */

/**
 * Checks the page as it is now; `screen` names it in the messages. `narrowOnly`: the state exists only
 * on a narrow screen (the menu drawer closes on a wide one), for a visit that also tries other widths.
 */
export type Visit = (screen: string, options?: { narrowOnly?: boolean }) => Promise<void>;

/** One test's walk through some screens: `title` names the test. */
export interface Tour {
  title: string;
  walk: (page: Page, visit: Visit) => Promise<void>;
}

/** Dismisses the toasts on screen: they go by themselves after a few seconds, mid-measurement. */
async function dismissToasts(page: Page): Promise<void> {
  const dismiss = new Storefront(page).toasts.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

async function globexHome(page: Page, visit: Visit): Promise<void> {
  const shop = new Storefront(page);
  await shop.open('globex');
  await expect(shop.popup('Free pickup in Kraków')).toBeVisible();
  await visit('homepage popup');
  await closePopup(page, 'Free pickup in Kraków');
  await visit('homepage');
}

async function globexCatalogue(page: Page, visit: Visit): Promise<void> {
  await page.goto(shopUrl('globex', '/products'));
  await expect(new ProductPage(page).heading('Products')).toBeVisible();
  await visit('catalogue');

  const product = new ProductPage(page);
  await product.open('globex', 'GLX-TEE', 'Classic T-shirt');
  await product.chooseColour('Navy');
  await product.chooseSize('L');
  await visit('product');
}

/** Puts two of globex's T-shirts in the cart, from their product page. */
async function fillCart(page: Page): Promise<void> {
  const product = new ProductPage(page);
  await product.open('globex', 'GLX-TEE', 'Classic T-shirt');
  await product.addToCart({ quantity: 2, expectedCount: 2 });
  await dismissToasts(page);
}

async function globexCart(page: Page, visit: Visit): Promise<void> {
  await fillCart(page);
  const cart = new CartPage(page);
  await cart.openFromHeader();
  await expect(cart.line('Classic T-shirt')).toBeVisible();
  await visit('cart');

  await cart.goToCheckout();
  await expect(new LoginPage(page).heading).toBeVisible();
  await visit('login');
}

async function globexCheckout(page: Page, visit: Visit): Promise<void> {
  await new LoginPage(page).logInTo('globex', 'buyer@globex.test');
  await fillCart(page);
  await page.goto(shopUrl('globex', '/checkout/delivery'));
  const checkout = new CheckoutPage(page);
  await checkout.choose('Delivery method', /^Self-pickup/);
  await fillGlobexInvoiceAddress(checkout.group('Billing address'));
  await visit('checkout: delivery');
  await checkout.continue();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await checkout.choosePayment('Invoice');
  await visit('checkout: payment');
  await checkout.continue();
  await expect(page).toHaveURL(/\/checkout\/summary$/);
  await expect(checkout.placeButton()).toBeVisible();
  await visit('checkout: summary');
  await checkout.placeOrder();
  await visit('order confirmation');
}

async function globexAccount(page: Page, visit: Visit): Promise<void> {
  const forgot = new ForgotPasswordPage(page);
  await forgot.open('globex');
  await expect(forgot.email).toBeVisible();
  await visit('forgot password');

  await new LoginPage(page).logInTo('globex', 'buyer@globex.test');
  const account = new AccountPage(page);
  await account.open('globex');
  await expect(account.menu).toBeVisible();
  await visit('account');
  await new Storefront(page).accountButton(/John/).click();
  await expect(page.getByRole('menu', { name: 'Account menu' })).toBeVisible();
  await visit('account menu');
}

async function globexAccountForms(page: Page, visit: Visit): Promise<void> {
  await new LoginPage(page).logInTo('globex', 'buyer@globex.test');
  const account = new AccountPage(page);
  await account.open('globex', '/account-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Account details' })).toBeVisible();
  await visit('account details');

  await account.open('globex', '/addresses');
  await account.main.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('dialog', { name: 'Add address' })).toBeVisible();
  await visit('address dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await visit('addresses');
}

async function globexOrders(page: Page, visit: Visit): Promise<void> {
  await new LoginPage(page).logInTo('globex', 'buyer@globex.test');
  const history = new OrderHistoryPage(page);
  await history.openIn('globex');
  await visit('order history');
  await history.table(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/user\/orders\/GLOBEX-\d+$/);
  await expect(history.main.getByRole('region', { name: 'Products', exact: true })).toBeVisible();
  await visit('order');
}

async function globexPages(page: Page, visit: Visit): Promise<void> {
  const shop = new Storefront(page);
  await shop.open('globex', '/contact');
  await expect(new ContactPage(page).heading).toBeVisible();
  await visit('contact');
  await shop.open('globex', '/about-us');
  await expect(shop.heading()).toBeVisible();
  await visit('content page');
  await shop.open('globex', '/no-such-page');
  await expect(page).toHaveURL(shopUrl('globex', '/404'));
  await visit('404');
}

async function acmeBuyer(page: Page, visit: Visit): Promise<void> {
  const register = new RegisterPage(page);
  await register.open('acme');
  await expect(register.submit).toBeVisible();
  await visit('register');
  await register.submit.click();
  await expect(page.getByRole('alert', { name: 'There is a problem: correct these fields' })).toBeVisible();
  await visit('register: errors shown');

  await new LoginPage(page).logInTo('acme', 'buyer@acme.test');
  const budgets = new BudgetsPage(page);
  await budgets.open('acme', '/budgets');
  await expect(budgets.budget(/Welcome pack/)).toBeVisible();
  await visit('budgets');
}

async function acmeCoordinator(page: Page, visit: Visit): Promise<void> {
  const shop = new Storefront(page);
  await new LoginPage(page).logInTo('acme', 'coordinator@acme.test');
  const coordinator = new CoordinatorPage(page);
  await coordinator.open('acme', '/coordinator');
  await expect(coordinator.heading).toBeVisible();
  await visit('coordinator area');
  await coordinator.tab('Buyers');
  await visit('coordinator area: buyers');

  if (page.viewportSize()!.width >= 768) await shop.resize(390, 844);
  // The drawer slides in from the side; with reduced motion it stands still at once, so it is
  // measured where it stays rather than half-way in (the wait for animations did not always catch
  // the slide on a loaded machine).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await shop.menuButton().click();
  await expect(shop.dialog('Shop menu')).toBeVisible();
  await visit('narrow menu', { narrowOnly: true });
}

async function widgetKit(page: Page, visit: Visit): Promise<void> {
  // Reduced motion: the gallery's carousel would otherwise turn to its next slide mid-measurement.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const gallery = new WidgetGallery(page);
  await gallery.open();
  await expect(gallery.heading('Widget kit')).toBeVisible();
  await visit('widget kit');
  await gallery.button('Open drawer').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await visit('widget kit: drawer');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await gallery.button('Open dialog').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await visit('widget kit: dialog');
}

async function intranet(page: Page, visit: Visit): Promise<void> {
  await page.goto(`${E2E_ORIGIN}/demo/intranet.html`);
  await expect(page.locator('shop-product').getByRole('heading', { level: 1, name: 'Ceramic mug' })).toBeVisible();
  await expect(page.locator('shop-catalogue').getByRole('article').first()).toBeVisible();
  await visit('intranet page');
  // The drawer slides in; with reduced motion it stands still at once (as in the coordinator's tour).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const cart = new CartButtonElement(page);
  await cart.open();
  await expect(cart.drawer).toBeVisible();
  await visit('intranet page: cart drawer');
}

export const SCREEN_TOURS: readonly Tour[] = [
  { title: 'globex: the homepage and its popup', walk: globexHome },
  { title: 'globex: the catalogue, a product with variants', walk: globexCatalogue },
  { title: 'globex: the cart with a line, login', walk: globexCart },
  { title: 'globex: the three checkout steps, the order confirmation', walk: globexCheckout },
  { title: 'globex: forgot password, the account screen and its menu', walk: globexAccount },
  { title: 'globex: account details, addresses and the address dialog', walk: globexAccountForms },
  { title: 'globex: order history and an order', walk: globexOrders },
  { title: 'globex: contact, a content page and the 404', walk: globexPages },
  { title: 'acme: the registration form, its errors shown, budgets', walk: acmeBuyer },
  { title: 'acme: the coordinator area with its tabs, the narrow menu', walk: acmeCoordinator },
  { title: 'the widget kit: every widget, the open drawer and dialog', walk: widgetKit },
  { title: "the intranet page: globex's widgets, the cart drawer", walk: intranet },
];
