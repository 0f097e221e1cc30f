import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ORIGIN } from './playwright.config.ts';
import { bearer, fillGlobexInvoiceAddress, shopUrl } from './support/shop.ts';
import { CartButtonElement, CataloguePage, CheckoutPage, LoginPage, OrderPage, ProductPage, Storefront } from './support/pages.ts';

/**
 * The product screen in the routed storefront against the real server and the demo data
 * (docs/demo-data.md): variants, quantity rules, adding to the one cart, price tiers, group buy,
 * budgets of the points shop, business cards, guards, and the prices shown against the server's
 * own pricing of an order placed with the same items.
 *
 * Every test has its own browser context (its own cart). Server state is shared between parallel
 * tests: the only test that places an order does it in globex (never in acme, whose budgets are per
 * user), and the group-buy test reads the group's total from the page rather than assuming the seed's.
 */
/** Logs buyer@globex.test in on the open login screen and waits for the account menu. */
async function logInGlobexBuyer(page: Page) {
  await new LoginPage(page).logIn('buyer@globex.test');
  await expect(new Storefront(page).accountButton(/John/)).toBeVisible();
}
const logIn = (page: Page, email: string) => new LoginPage(page).logIn(email);
const openProduct = (page: Page, slug: string, code: string, name: string) => new ProductPage(page).open(slug, code, name);
const product = (page: Page) => new ProductPage(page);

const main = (page: Page) => product(page).main;
const quantity = (page: Page) => product(page).quantity;
const addButton = (page: Page) => product(page).addButton;
const productCode = (page: Page) => main(page).getByText(/^Product code: /);
/** The header's cart link, named "Cart (n)". */
const headerCart = (page: Page) => new Storefront(page).cartLink;
const toasts = (page: Page) => new Storefront(page).toasts;
/** The value (`<dd>`) of the fact named `term` (`<dt>`) in a facts list. */
const fact = (scope: Locator, term: string) =>
  scope.locator('dl > div').filter({ has: scope.page().getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
const tierRow = (scope: Locator, range: string) => scope.getByRole('row').filter({ has: scope.page().getByRole('cell', { name: range, exact: true }) });

/** Sets the quantity counter by typing, as a buyer would. */
async function setQuantity(page: Page, value: number) {
  await quantity(page).fill(String(value));
  await expect(quantity(page)).toHaveAttribute('aria-valuenow', String(value));
}

/** Adds the chosen quantity and waits for the success toast and the header's new count. */
async function addAndExpectCount(page: Page, count: number) {
  await addButton(page).click();
  // Earlier toasts may still show (3 s each): the newest is the last.
  await expect(toasts(page).getByText('Added to cart', { exact: true }).last()).toBeVisible();
  await expect(headerCart(page)).toHaveAccessibleName(`Cart (${count})`);
}

/**
 * The storefront header links to the cart screen (no drawer there yet), so the cart drawer is opened
 * from a `<shop-cart-button>` placed on the same page, as an intranet page would: its own entry
 * defines it, and it shares the page's one cart store with the storefront.
 */
async function openCartDrawer(page: Page): Promise<Locator> {
  await page.evaluate(async (entry) => {
    await import(entry);
    if (!document.querySelector('shop-cart-button')) document.body.append(document.createElement('shop-cart-button'));
  }, '/dist/cart-button.js');
  const cart = new CartButtonElement(page);
  await cart.open();
  return cart.drawer;
}

/** "PLN 1,234.56" → 1234.56. */
function amountOf(text: string): number {
  const match = /-?[\d,]+(?:\.\d+)?/.exec(text.replaceAll('\u00a0', ' '));
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[0].replaceAll(',', ''));
}

/** The hoodie's group-buy tiers (1–49, 50–99, 100+): where the next one starts, and a tier's range. */
const groupBuyNextTier = (pieces: number) => (pieces < 50 ? 50 : pieces < 100 ? 100 : null);
const groupBuyRange = (pieces: number) => (pieces < 50 ? '1–49 pcs' : pieces < 100 ? '50–99 pcs' : '100 pcs and more');


test.describe('product page', () => {
  test('should open a product from the catalogue and show the code of the chosen colour and size', async ({ page }) => {
    await openProduct(page, 'globex', 'GLX-TEE', 'Classic T-shirt');
    await expect(page).toHaveURL(/\/products\/classic-t-shirt\/\d+$/);
    await expect(page).toHaveTitle('Classic T-shirt · Globex');
    // Back in the catalogue, the title names the catalogue again, not the product seen last.
    await page.goBack();
    await expect(page).toHaveURL(/\/products(\?|$)/);
    await expect(page).toHaveTitle('Products · Globex');
    await page.goForward();
    await expect(page).toHaveTitle('Classic T-shirt · Globex');
    const colours = product(page).colours;
    const sizes = product(page).sizes;
    await expect(colours.getByRole('radio')).toHaveCount(3);
    await expect(sizes.getByRole('radio')).toHaveCount(4);
    await expect(colours.getByRole('radio', { name: 'Black', exact: true })).toBeChecked();
    await expect(sizes.getByRole('radio', { name: 'S', exact: true })).toBeChecked();
    await expect(productCode(page)).toHaveText('Product code: GLX-TEE-BLACK-S');

    await colours.getByRole('radio', { name: 'Navy', exact: true }).click();
    await expect(colours.getByRole('radio', { name: 'Navy', exact: true })).toBeChecked();
    await expect(productCode(page)).toHaveText('Product code: GLX-TEE-NAVY-S');
    // The size stays when the colour changes; a new size keeps the colour.
    await sizes.getByRole('radio', { name: 'XL', exact: true }).click();
    await expect(sizes.getByRole('radio', { name: 'XL', exact: true })).toBeChecked();
    await expect(productCode(page)).toHaveText('Product code: GLX-TEE-NAVY-XL');
    await colours.getByRole('radio', { name: 'White', exact: true }).click();
    await expect(productCode(page)).toHaveText('Product code: GLX-TEE-WHITE-XL');
    // The picture follows the colour (issue 27): the white T-shirt, named so, and no other colour's.
    const pictures = main(page).locator('.shop-product-gallery__image');
    await expect(pictures.first()).toHaveAttribute('src', /\/storage\/products\/tshirt-white\.svg$/);
    await expect(pictures.first()).toHaveAttribute('alt', 'Classic T-shirt in White');
    await expect(pictures).toHaveCount(1);
    await colours.getByRole('radio', { name: 'Navy', exact: true }).click();
    await expect(pictures.first()).toHaveAttribute('src', /\/storage\/products\/tshirt-navy\.svg$/);
  });

  test('should block adding below the minimum per line with the spec message', async ({ page }) => {
    await openProduct(page, 'globex', 'GLX-PEN', 'Ballpoint pen');
    // The counter starts at the minimum (50 per line) and says so.
    await expect(quantity(page)).toHaveValue('50');
    await expect(quantity(page)).toHaveAccessibleDescription(/Minimum product order quantity: 50/);
    await expect(quantity(page)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(addButton(page)).toBeEnabled();

    await setQuantity(page, 49);
    await expect(quantity(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(product(page).error).toHaveText('Minimum product order quantity: 50');
    await expect(addButton(page)).toBeDisabled();

    await setQuantity(page, 50);
    await expect(quantity(page)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(addButton(page)).toBeEnabled();
    // The minimum is per colour: black starts at 50 too, and 50 blue pieces in the cart do not count for it.
    await addAndExpectCount(page, 50);
    await product(page).colours.getByRole('radio', { name: 'Black', exact: true }).click();
    await expect(productCode(page)).toHaveText('Product code: GLX-PEN-BLACK');
    await setQuantity(page, 10);
    await expect(product(page).error).toHaveText('Minimum product order quantity: 50');
    await expect(addButton(page)).toBeDisabled();
  });

  test('should block adding above the available stock, counting what the cart holds, and refuse a sold-out colour', async ({ page }) => {
    await openProduct(page, 'globex', 'GLX-BOTTLE', 'Steel water bottle');
    const colours = product(page).colours;
    await expect(colours.getByRole('radio', { name: 'Grey', exact: true })).toBeChecked();
    await expect(quantity(page)).toHaveAccessibleDescription(/Currently available maximum order quantity: 15/);
    // The counter stops at the stock.
    await quantity(page).fill('99');
    await expect(quantity(page)).toHaveValue('15');
    await setQuantity(page, 10);
    await addAndExpectCount(page, 10);
    await expect(main(page).getByText('Already in your cart: 10 pcs')).toBeVisible();

    // 10 in the cart + 6 more is above the 15 available.
    await setQuantity(page, 6);
    await expect(quantity(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(product(page).error).toHaveText('Currently available maximum order quantity: 15');
    await expect(addButton(page)).toBeDisabled();
    await setQuantity(page, 5);
    await expect(quantity(page)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(addButton(page)).toBeEnabled();

    // Red is out of stock: nothing can be added. Blue is on its way: no maximum.
    await colours.getByRole('radio', { name: 'Red', exact: true }).click();
    await expect(main(page).getByRole('listitem').filter({ hasText: /^Out of stock$/ })).toBeVisible();
    await expect(addButton(page)).toBeDisabled();
    await colours.getByRole('radio', { name: 'Blue', exact: true }).click();
    await expect(main(page).getByText('In Delivery', { exact: true })).toBeVisible();
    await expect(quantity(page)).not.toHaveAccessibleDescription(/maximum/);
    await expect(addButton(page)).toBeEnabled();
  });

  test('should add with a toast, merge the same variant into one line and keep another variant apart', async ({ page }) => {
    await openProduct(page, 'globex', 'GLX-TEE', 'Classic T-shirt');
    await expect(headerCart(page)).toHaveAccessibleName('Cart (0)');
    await setQuantity(page, 3);
    await addAndExpectCount(page, 3);
    await expect(toasts(page)).toContainText('3 × Classic T-shirt (Black, S)');
    // After an add the counter starts again from 1.
    await expect(quantity(page)).toHaveValue('1');

    await setQuantity(page, 2);
    await addAndExpectCount(page, 5);
    await expect(main(page).getByText('Already in your cart: 5 pcs')).toBeVisible();

    await product(page).colours.getByRole('radio', { name: 'Navy', exact: true }).click();
    await product(page).sizes.getByRole('radio', { name: 'M', exact: true }).click();
    await expect(productCode(page)).toHaveText('Product code: GLX-TEE-NAVY-M');
    await setQuantity(page, 4);
    await addAndExpectCount(page, 9);

    const drawer = await openCartDrawer(page);
    const lines = drawer.getByRole('list', { name: 'Cart' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('Classic T-shirt');
    await expect(lines.nth(0)).toContainText('Colour: Black · Size: S');
    await expect(lines.nth(0)).toContainText('Quantity: 5');
    await expect(lines.nth(1)).toContainText('Colour: Navy · Size: M');
    await expect(lines.nth(1)).toContainText('Quantity: 4');
    await expect(drawer).toContainText('9 items');

    // The cart survives a reload (kept in the browser for the guest of this shop).
    await page.reload();
    await expect(headerCart(page)).toHaveAccessibleName('Cart (9)');
  });

  test('should highlight the tier for the quantity, cart included, and count the pieces to the next tier', async ({ page }) => {
    await openProduct(page, 'globex', 'GLX-TEE', 'Classic T-shirt');
    const tiers = product(page).region('Price tiers');
    const note = tiers.getByText(/pieces to the next tier$/);
    const pricePerPiece = fact(main(page), 'Price per piece');
    await expect(tierRow(tiers, '1–99 pcs')).toHaveAttribute('aria-current', 'true');
    await expect(tiers.locator('[aria-current]')).toHaveCount(1);
    await expect(note).toHaveText('99 pieces to the next tier');
    await expect(pricePerPiece).toHaveText('PLN 49.19');

    await setQuantity(page, 40);
    await expect(note).toHaveText('60 pieces to the next tier');
    await expect(tierRow(tiers, '1–99 pcs')).toHaveAttribute('aria-current', 'true');

    await setQuantity(page, 100);
    await expect(tierRow(tiers, '100–499 pcs')).toHaveAttribute('aria-current', 'true');
    await expect(tierRow(tiers, '1–99 pcs')).not.toHaveAttribute('aria-current');
    await expect(note).toHaveText('400 pieces to the next tier');
    // 34.99 net in a gross shop.
    await expect(pricePerPiece).toHaveText('PLN 43.04');

    await setQuantity(page, 500);
    await expect(tierRow(tiers, '500 pcs and more')).toHaveAttribute('aria-current', 'true');
    await expect(note).toBeHidden();

    // Tiers count the product across colours: 60 black in the cart + 40 white reach the second tier.
    await setQuantity(page, 60);
    await addAndExpectCount(page, 60);
    await product(page).colours.getByRole('radio', { name: 'White', exact: true }).click();
    await expect(note).toHaveText('39 pieces to the next tier');
    await setQuantity(page, 40);
    await expect(tierRow(tiers, '100–499 pcs')).toHaveAttribute('aria-current', 'true');
    await expect(note).toHaveText('400 pieces to the next tier');
  });

  test('should show the running group buy with its countdown, the group total and the pieces to the next tier', async ({ page }) => {
    await openProduct(page, 'globex', 'GLX-HOODIE', 'Team hoodie');
    const panel = product(page).region('Group Buy');
    await expect(panel).toBeVisible();
    // Ends 14 days after seeding.
    await expect(fact(panel, 'Time left')).toHaveText(/^1[34] d \d{1,2} h \d{1,2} min$/);
    // The seed has 45 pieces ordered; another test may have ordered since, so the page's own number is used.
    const groupTotalText = await fact(panel, 'Group total so far').innerText();
    expect(groupTotalText).toMatch(/^\d+ pcs ordered by the group so far$/);
    const groupTotal = Number(/^(\d+)/.exec(groupTotalText)?.[1]);
    expect(groupTotal).toBeGreaterThanOrEqual(45);

    const tiers = panel.getByRole('region', { name: 'Price tiers' });
    await expect(tiers.getByRole('row')).toHaveCount(4);
    const note = tiers.getByText(/^Pieces to the next tier: \d+$/);
    // The buyer's 1 piece counts with the group's.
    const next = groupBuyNextTier(groupTotal + 1);
    if (next === null) await expect(note).toBeHidden();
    else await expect(note).toHaveText(`Pieces to the next tier: ${next - groupTotal - 1}`);
    await expect(tierRow(tiers, groupBuyRange(groupTotal + 1))).toHaveAttribute('aria-current', 'true');

    // Ordering enough to reach the next tier moves the highlight and the current price.
    const currentPrice = fact(panel, 'Current price');
    const before = await currentPrice.innerText();
    if (next !== null) {
      await setQuantity(page, next - groupTotal);
      await expect(tierRow(tiers, groupBuyRange(next))).toHaveAttribute('aria-current', 'true');
      await expect(currentPrice).not.toHaveText(before);
      await expect(fact(main(page), 'Price per piece')).toHaveText(await currentPrice.innerText());
    }
    // No threshold table beside the group buy's own.
    await expect(main(page).getByRole('heading', { name: 'Price tiers' })).toHaveCount(1);
  });

  test('should show prices in the cart that the server charges for the same order', async ({ page }) => {
    await new LoginPage(page).open('globex', '/products');
    await logInGlobexBuyer(page);
    await expect(page).toHaveURL(shopUrl('globex', '/products'));

    // 60 black M + 50 white L: 110 pieces of the product reach the 100–499 tier for both lines.
    await openProduct(page, 'globex', 'GLX-TEE', 'Classic T-shirt');
    const colours = product(page).colours;
    const sizes = product(page).sizes;
    await sizes.getByRole('radio', { name: 'M', exact: true }).click();
    await setQuantity(page, 60);
    await addAndExpectCount(page, 60);
    await colours.getByRole('radio', { name: 'White', exact: true }).click();
    await sizes.getByRole('radio', { name: 'L', exact: true }).click();
    await expect(productCode(page)).toHaveText('Product code: GLX-TEE-WHITE-L');
    await setQuantity(page, 50);
    await expect(tierRow(product(page).region('Price tiers'), '100–499 pcs')).toHaveAttribute('aria-current', 'true');
    await addAndExpectCount(page, 110);

    // The group buy: enough hoodies for the group to reach its next tier.
    await openProduct(page, 'globex', 'GLX-HOODIE', 'Team hoodie');
    const note = product(page).region('Group Buy').getByText(/^Pieces to the next tier: \d+$/);
    const missing = Number(/(\d+)$/.exec(await note.innerText())?.[1]);
    const hoodies = missing + 1;
    await setQuantity(page, hoodies);
    await addAndExpectCount(page, 110 + hoodies);

    const drawer = await openCartDrawer(page);
    const lines = drawer.getByRole('list', { name: 'Cart' }).getByRole('listitem');
    await expect(lines).toHaveCount(3);
    const shownLines = new Map<string, number>();
    for (const line of await lines.all()) {
      const detail = await line.getByText(/^Colour: /).innerText();
      shownLines.set(detail, amountOf(await line.locator('.shop-cart-summary__price').innerText()));
    }
    // Each line's thumbnail is its colour's picture (issue 27).
    const thumbnail = (detail: string) => lines.filter({ hasText: detail }).locator('img');
    await expect(thumbnail('Colour: White · Size: L')).toHaveAttribute('src', /tshirt-white\.svg$/);
    await expect(thumbnail('Colour: Black · Size: M')).toHaveAttribute('src', /tshirt-black\.svg$/);
    const shownTotal = amountOf(await drawer.locator('.shop-cart-drawer__total strong').innerText());
    expect(shownTotal).toBeGreaterThan(0);

    // The same cart ordered through the checkout: self-pickup (free), an invoice to Globex's address.
    await drawer.getByRole('link', { name: 'Go to checkout' }).click();
    const checkout = new CheckoutPage(page);
    await expect(page).toHaveURL(shopUrl('globex', '/checkout/delivery'));
    await checkout.choose('Delivery method', /^Self-pickup/);
    await fillGlobexInvoiceAddress(checkout.group('Billing address'));
    await checkout.continue();
    await checkout.choosePayment('Invoice');
    await checkout.continue();
    await expect(page).toHaveURL(shopUrl('globex', '/checkout/summary'));
    const summaryTotal = main(page).locator('dl.shop-order-totals div.shop-order-totals__total').getByRole('definition');
    expect(amountOf(await summaryTotal.innerText())).toBe(shownTotal);
    await checkout.placeButton().click();
    const number = main(page).getByText(/^Your order number: /);
    await expect(number).toBeVisible();
    const name = (await number.innerText()).replace('Your order number: ', '').trim();

    // The provider's record of that order (its own origin, the storefront's session token).
    const answer = await page.request.get(`${E2E_ORIGIN}/api/user/order/${encodeURIComponent(name)}`, { headers: await bearer(page, 'globex') });
    expect(answer.status(), await answer.text()).toBe(200);
    const order = (await answer.json()) as {
      total_gross: number;
      is_gross: boolean;
      items: { code: string; color_code: string; size_code: string; unit_price: number; line_gross: number; image: string | null }[];
    };
    expect(order.is_gross).toBe(true);
    // Self-pickup is free: the order's gross total is what the cart showed.
    expect(order.total_gross).toBe(shownTotal);
    // Order lines name the variant ordered, as the cart did (issue 27), with its colour, size and picture.
    const line = (code: string, colour: string, size: string) => order.items.find((item) => item.code === code && item.color_code === colour && item.size_code === size);
    expect(order.items).toHaveLength(3);
    // The unit as globex shows it (gross): 34.99 net is 43.04, and 43.04 × the quantity is the line.
    expect(line('GLX-TEE-BLACK-M', 'black', 'M')?.unit_price).toBe(43.04);
    expect(line('GLX-TEE-WHITE-L', 'white', 'L')?.unit_price).toBe(43.04);
    expect(line('GLX-TEE-WHITE-L', 'white', 'L')?.image).toBe('products/tshirt-white.svg');
    expect(line('GLX-TEE-BLACK-M', 'black', 'M')?.line_gross).toBe(shownLines.get('Colour: Black · Size: M'));
    expect(line('GLX-TEE-WHITE-L', 'white', 'L')?.line_gross).toBe(shownLines.get('Colour: White · Size: L'));
    expect(line('GLX-HOODIE-BLACK-S', 'black', 'S')?.line_gross).toBe(shownLines.get('Colour: Black · Size: S'));
    // The group reached its next tier: the hoodie is below the 149 of the first tier.
    expect(line('GLX-HOODIE-BLACK-S', 'black', 'S')?.unit_price).toBeLessThan(183.27); // below the first tier's 149 net, shown gross
    // The order page shows the same pictures and codes.
    await new OrderPage(page).openIn('globex', encodeURIComponent(name));
    const row = new OrderPage(page).main.getByRole('row').filter({ hasText: 'GLX-TEE-WHITE-L' });
    await expect(row.locator('img')).toHaveAttribute('src', /tshirt-white\.svg$/);
  });
});

test.describe('product page in the points shop', () => {
  test('should show the budget badge and refuse a product whose budget has expired', async ({ page }) => {
    await new LoginPage(page).open('acme', '/products');
    await logIn(page, 'buyer@acme.test');
    await expect(page).toHaveURL(shopUrl('acme', '/products'));

    await openProduct(page, 'acme', 'ACME-TEE', 'Classic T-shirt');
    const badges = main(page).getByRole('list').filter({ hasText: 'In stock' });
    await expect(badges.getByText('Budget: Welcome pack')).toBeVisible();
    await expect(main(page).getByText('Paid from the budget Welcome pack')).toBeVisible();
    await expect(main(page).getByText(/^Points left: [\d,]+\s*pts$/)).toBeVisible();
    await expect(addButton(page)).toBeEnabled();

    await openProduct(page, 'acme', 'ACME-OLD', 'Winter scarf');
    await expect(main(page).getByText('Budget: Winter 2025')).toBeVisible();
    await expect(main(page).getByRole('status').filter({ hasText: "You can't add this product to the basket because the budget has expired" })).toBeVisible();
    await expect(addButton(page)).toBeDisabled();
    await expect(addButton(page)).toHaveAccessibleDescription("You can't add this product to the basket because the budget has expired");
  });

  test('should refuse more points than the budget has left', async ({ page }) => {
    await new LoginPage(page).open('acme', '/products');
    await logIn(page, 'buyer@acme.test');
    await expect(page).toHaveURL(shopUrl('acme', '/products'));
    // The hoodie is paid from Team events (300 points): 120 points a piece below the group's next tier.
    await openProduct(page, 'acme', 'ACME-HOODIE', 'Team hoodie');
    await expect(main(page).getByText('Budget: Team events')).toBeVisible();
    const pointsLeft = amountOf(await main(page).getByText(/^Points left: /).innerText());
    const unit = amountOf(await fact(main(page), 'Price per piece').innerText());
    const affordable = Math.floor(pointsLeft / unit);
    await setQuantity(page, affordable + 1);
    await expect(main(page).getByRole('status').filter({ hasText: "You don't have enough points in this budget" })).toBeVisible();
    await expect(addButton(page)).toBeDisabled();
    if (affordable > 0) {
      await setQuantity(page, affordable);
      await expect(addButton(page)).toBeEnabled();
    }
  });
});

test.describe('business cards', () => {
  test('should refuse to add a business card until its details are valid', async ({ page }) => {
    await openProduct(page, 'globex', 'GLX-CARD', 'Business cards');
    const card = product(page);
    await expect(card.businessCard).toBeVisible();
    await addButton(page).click();
    await expect(card.cardField('Name')).toHaveAccessibleDescription(/This element is required/);
    await expect(card.cardField('Address')).toHaveAccessibleDescription(/This element is required/);
    await expect(headerCart(page)).toHaveAccessibleName('Cart (0)');

    await card.cardField('Name').fill('Anna');
    await card.cardField('Surname').fill('Nowak');
    await card.cardField('E-mail').fill('anna.nowak');
    await card.cardField('Phone').fill('call me');
    await card.cardField('Job title').fill('Office manager');
    await card.cardField('Address').fill('ul. Lubicz 17, 31-503 Kraków');
    await addButton(page).click();
    await expect(card.cardField('E-mail')).toHaveAccessibleDescription(/E-mail must be valid/);
    await expect(card.cardField('Phone')).toHaveAccessibleDescription(/Enter a valid phone number/);
    await expect(headerCart(page)).toHaveAccessibleName('Cart (0)');

    await card.cardField('E-mail').fill('anna.nowak@globex.test');
    await card.cardField('Phone').fill('+48 600 100 200');
    await addAndExpectCount(page, 1);
    const drawer = await openCartDrawer(page);
    await expect(drawer.getByRole('listitem').filter({ hasText: 'Business cards' })).toContainText('Business card details: Anna Nowak');
  });
});

test.describe('who may see products', () => {
  test('should send a guest of acme to log in and back to the product asked for', async ({ page }) => {
    await new CataloguePage(page).open('acme', 'ACME-TEE');
    await expect(page).toHaveURL(shopUrl('acme', '/login?redirect=%2Fproducts%3Fsearch%3DACME-TEE'));
    await expect(new Storefront(page).heading('Log in')).toBeVisible();
    await logIn(page, 'buyer@acme.test');
    await expect(page).toHaveURL(shopUrl('acme', '/products?search=ACME-TEE'));
    await new CataloguePage(page).openCard('Classic T-shirt');
    await expect(new Storefront(page).heading('Classic T-shirt')).toBeVisible();
    const productPath = new URL(page.url()).pathname;
    // A guest following a product link directly is sent to log in too.
    await page.context().clearCookies();
    await new Storefront(page).open('acme', productPath);
    await expect(page).toHaveURL(shopUrl('acme', `/login?redirect=${encodeURIComponent(productPath)}`));
  });

  test('should show products to a guest of the open globex shop', async ({ page }) => {
    await openProduct(page, 'globex', 'GLX-MUG', 'Ceramic mug');
    await expect(page).toHaveURL(/globex\.localhost:\d+\/products\/ceramic-mug\/\d+$/);
    await expect(new Storefront(page).headerLink('Log in')).toBeVisible();
    await expect(addButton(page)).toBeEnabled();
    await addAndExpectCount(page, 1);
  });
});

test.describe('product page accessibility', () => {
  test('should have no axe violations in English, with tiers and with a group buy', async ({ page }) => {
    // axe runs several times here, on a machine that may be busy.
    test.slow();
    await openProduct(page, 'globex', 'GLX-TEE', 'Classic T-shirt');
    await expect(product(page).region('Price tiers')).toBeVisible();
    await expectNoAxeViolations(page, 'globex tee');
    await setQuantity(page, 20);
    await addAndExpectCount(page, 20);
    await expectNoAxeViolations(page, 'globex tee, in cart, toast');
    await openProduct(page, 'globex', 'GLX-HOODIE', 'Team hoodie');
    await expect(product(page).region('Group Buy')).toBeVisible();
    await expectNoAxeViolations(page, 'globex hoodie');
  });

  test('should have no axe violations in Polish for a logged-in buyer', async ({ page }) => {
    // axe runs several times here, on a machine that may be busy.
    test.slow();
    await new LoginPage(page).open('initech', '/products');
    await logIn(page, 'buyer@initech.test');
    await expect(page).toHaveURL(shopUrl('initech', '/products'));
    await openProduct(page, 'initech', 'INI-TEE', 'Koszulka T-shirt klasyczna');
    await expect(product(page).colours).toBeVisible();
    await expect(addButton(page)).toBeEnabled();
    await expectNoAxeViolations(page, 'initech tee (pl)');
    await openProduct(page, 'initech', 'INI-CARD', 'Wizytówki');
    await addButton(page).click();
    await expect(product(page).error.first()).toBeVisible();
    await expectNoAxeViolations(page, 'initech card with errors (pl)');
  });

  test('should fit 360 px without horizontal scrolling and have no axe violations there', async ({ page }) => {
    // axe runs several times here, on a machine that may be busy.
    test.slow();
    await page.setViewportSize({ width: 360, height: 740 });
    await new CataloguePage(page).open('globex', 'GLX-HOODIE');
    await new CataloguePage(page).openCard('Team hoodie');
    await expect(new Storefront(page).heading('Team hoodie')).toBeVisible();
    await expect(product(page).region('Group Buy')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, 'globex hoodie at 360 px');
    await openProduct(page, 'globex', 'GLX-CARD', 'Business cards');
    await expect(product(page).businessCard).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, 'globex card at 360 px');
  });
});
