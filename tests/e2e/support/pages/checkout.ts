import { expect, type Locator, type Page } from '@playwright/test';
import { amountOf } from './shell.ts';

/** The checkout steps: delivery (`/checkout/delivery`), payment and summary. */
export class CheckoutPage {
  readonly main: Locator;
  /** "Continue" / "Dalej" at the foot of the delivery and payment steps. */
  readonly next: Locator;

  /** `root`: where the checkout is, the storefront's main landmark unless given (a `<shop-checkout>`). */
  constructor(readonly page: Page, root?: Locator) {
    this.main = root ?? page.getByRole('main');
    this.next = this.main.getByRole('button', { name: /^(Continue|Dalej)$/ });
  }

  /** A fieldset of the step, by its legend ("Delivery method", "Adres rozliczeniowy", …). */
  group(name: string | RegExp): Locator {
    return this.main.getByRole('group', { name });
  }

  /** Goes on to the next step (or shows why it cannot). */
  async continue(): Promise<void> {
    await this.next.click();
  }

  /** Checks the radio matching `option` in the fieldset `group`. */
  async choose(group: string | RegExp, option: string | RegExp): Promise<void> {
    await this.group(group).getByRole('radio', { name: option }).check();
  }

  /** On the payment step: picks the payment method named `name`. */
  async choosePayment(name: string): Promise<void> {
    await this.main.getByRole('radio', { name }).click();
  }

  /** On the summary: the order total, the definition of the "Total" term in its totals. */
  async total(): Promise<number> {
    const total = this.main.locator('dl.shop-order-totals').locator('div.shop-order-totals__total').getByRole('definition');
    await expect(total).toBeVisible();
    return amountOf(await total.innerText());
  }

  /** The summary's "Place order" button. */
  placeButton(name: RegExp = /^(Place order|Złóż zamówienie)$/): Locator {
    return this.main.getByRole('button', { name });
  }

  /** Places the order on the summary and answers the order name the confirmation shows. */
  async placeOrder(button?: RegExp): Promise<string> {
    const place = this.placeButton(button);
    await expect(place).toBeEnabled();
    await place.click();
    await expect(this.page).toHaveURL(/\/order-confirmation$/);
    await expect(this.page.getByRole('heading', { level: 1, name: /^(Thank you for your order!|Dziękujemy za zamówienie!)$/ })).toBeVisible();
    const text = await this.main.getByText(/^(Your order number|Numer Twojego zamówienia): /).innerText();
    const name = text.split(': ')[1]?.trim() ?? '';
    expect(name).toMatch(/^[A-Z]+-\d{6,}$/);
    return name;
  }
}
