import { isPointsCurrency, type Order, itemShownTotal, itemShownUnit, orderShownAmounts, colourName, countryName } from '../shared.ts';
import type { Queryable } from '../db/index.ts';
import type { WebsiteRow } from '../http/env.ts';
import { sendMail, untrusted } from './outbox.ts';

/**
 * The order e-mail (the confirmation's "We have sent the order details to {email}"): written to the
 * outbox for every placed order, to the order's contact e-mail, in the order's language (the buyer's
 * interface language when they placed it, `orderMailLang`; else the shop's), text only. Values are
 * named in that language as the storefront names them: colours (`src/i18n/colours.ts`) and countries
 * (`src/i18n/countries.ts`); sizes are codes (M, XL) and stay as they are. It lists the lines with
 * quantities and prices (each line's quantity × unit price = total as the buyer saw them: gross in
 * gross shops, net otherwise, points in points shops; read through `src/domain/order-amounts.ts`, as
 * the order page reads them), the delivery in the same form, the totals (net, VAT, gross), the payment, the
 * cost centre (MPK) when there is one, the comment, the order number and a link to the order in the
 * storefront.
 *
 * Written by `placeOrder` inside the order's own transaction (as every outbox mail is written with the
 * change it reports): an order that rolls back sends nothing, and an idempotent replay answers the
 * stored order before anything is written, so it sends no second mail.
 *
 * Everything the buyer typed (contact, addresses, comment, MPK code, business-card details) is quoted
 * through `untrusted()`: links defanged, one-line values kept on one line.
 *
 * @module
 */

type Lang = WebsiteRow['lang'];

const TEXTS = {
  en: {
    subject: (shop: string, name: string) => `${shop}: your order ${name}`,
    hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (shop: string, name: string) => `thank you for your order in ${shop}. Your order number is ${name}.`,
    lines: 'Ordered products',
    basis: { gross: 'prices gross', net: 'prices net' },
    form: { gross: 'gross', net: 'net' },
    colour: 'colour',
    size: 'size',
    delivery: 'Delivery',
    deliveryAddress: 'Delivery address',
    billingAddress: 'Billing address',
    payment: 'Payment',
    payments: { invoice: 'Invoice', budget: 'Points budget', online: 'Online payment' },
    awaitingPayment: 'awaiting payment',
    mpk: 'Cost centre (MPK)',
    comment: 'Comment',
    totalNet: 'Total net',
    vat: 'VAT',
    totalGross: 'Total gross',
    total: 'Total',
    link: 'See your order in the shop:',
    outro: 'If you did not place this order, reply to your coordinator or the shop.',
  },
  pl: {
    subject: (shop: string, name: string) => `${shop}: Twoje zamówienie ${name}`,
    hello: (name: string) => (name ? `Dzień dobry ${name},` : 'Dzień dobry,'),
    intro: (shop: string, name: string) => `dziękujemy za zamówienie w ${shop}. Numer zamówienia: ${name}.`,
    lines: 'Zamówione produkty',
    basis: { gross: 'ceny brutto', net: 'ceny netto' },
    form: { gross: 'brutto', net: 'netto' },
    colour: 'kolor',
    size: 'rozmiar',
    delivery: 'Dostawa',
    deliveryAddress: 'Adres dostawy',
    billingAddress: 'Dane do faktury',
    payment: 'Płatność',
    payments: { invoice: 'Faktura', budget: 'Budżet punktowy', online: 'Płatność online' },
    awaitingPayment: 'oczekuje na płatność',
    mpk: 'Miejsce powstawania kosztów (MPK)',
    comment: 'Komentarz',
    totalNet: 'Razem netto',
    vat: 'VAT',
    totalGross: 'Razem brutto',
    total: 'Razem',
    link: 'Zamówienie w sklepie:',
    outro: 'Jeśli to nie Ty złożyłeś to zamówienie, odpowiedz swojemu koordynatorowi lub sklepowi.',
  },
} as const;

/**
 * An amount as the mail shows it: two decimals in the language's format, then the currency (`pkt` for
 * points); `unit` keeps the up to 4 decimals of a unit price below 1 (`roundUnitPrice`).
 */
export function mailAmount(amount: number, currency: string, lang: Lang, unit = false): string {
  const number = new Intl.NumberFormat(lang === 'pl' ? 'pl-PL' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: unit ? 4 : 2 }).format(amount);
  return `${number} ${currency}`;
}

/**
 * The language of an order and its e-mail: the first language of the order request's
 * `Accept-Language` the storefront offers (the storefront sends its interface language there), else
 * the shop's own.
 */
export function orderMailLang(acceptLanguage: string | undefined, shopLang: Lang): Lang {
  for (const range of (acceptLanguage ?? '').split(',')) {
    const primary = range.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (primary === 'en' || primary === 'pl') return primary;
  }
  return shopLang;
}

/** @internal An address on one line, every part typed by the buyer; the country by its name in `lang`. */
function addressLine(address: NonNullable<Order['delivery_address']>, lang: Lang): string {
  const parts = [`${address.name} ${address.surname}`.trim(), address.company, address.street, `${address.zip} ${address.city}`.trim(), address.country ? countryName(address.country, lang) : ''];
  return untrusted(parts.filter((part) => part.trim() !== '').join(', '));
}

/** @internal A line's variant as the mail names it: "colour navy, size M" / "kolor granatowy, rozmiar M". */
function variantText(item: Order['items'][number], lang: Lang): string {
  const text = TEXTS[lang];
  const colour = item.color_code ? `${text.colour} ${colourName(item.color_code, lang).toLocaleLowerCase(lang)}` : '';
  const size = item.size_code ? `${text.size} ${item.size_code}` : '';
  return [colour, size].filter(Boolean).join(', ');
}

/** The subject and body of the order e-mail for `order` (as `loadOrder` answers it), in `lang`. */
export function orderMail(order: Order, shop: { name: string; lang: Lang }, orderUrl: string): { subject: string; body: string } {
  const text = TEXTS[shop.lang] ?? TEXTS.en;
  const points = isPointsCurrency(order.currency);
  const amount = (value: number) => mailAmount(value, order.currency, shop.lang);
  // Points shops: line prices are points; money shops show what the buyer saw (gross or net).
  const amounts = orderShownAmounts(order);
  const basis = points ? '' : ` (${order.is_gross ? text.basis.gross : text.basis.net})`;

  const out: string[] = [];
  const contactName = untrusted(`${order.contact['name'] ?? ''} ${order.contact['surname'] ?? ''}`.trim());
  out.push(text.hello(contactName), '', text.intro(shop.name, order.name), '');
  out.push(`${text.lines}${basis}:`);
  for (const item of order.items) {
    const variant = variantText(item, shop.lang);
    const unit = mailAmount(itemShownUnit(item, order), order.currency, shop.lang, true);
    out.push(`- ${item.name} (${item.code}${variant ? `, ${variant}` : ''}): ${item.quantity} × ${unit} = ${amount(itemShownTotal(item, order))}`);
    if (item.card_info) out.push(`  ${untrusted(Object.values(item.card_info).filter((value) => value.trim() !== '').join(', '))}`);
  }
  out.push('');
  const form = points ? '' : ` ${order.is_gross ? text.form.gross : text.form.net}`;
  out.push(`${text.delivery}: ${order.delivery_method.name}, ${amount(amounts.delivery)}${form}`);
  if (order.delivery_address) out.push(`${text.deliveryAddress}: ${addressLine(order.delivery_address, shop.lang)}`);
  if (order.billing_address) out.push(`${text.billingAddress}: ${addressLine(order.billing_address, shop.lang)}${order.billing_address.nip ? `, NIP ${untrusted(order.billing_address.nip)}` : ''}`);
  const pending = order.payment_status === 'pending' ? ` (${text.awaitingPayment})` : '';
  out.push(`${text.payment}: ${text.payments[order.payment_method]}${pending}`);
  if (order.mpk_code) out.push(`${text.mpk}: ${untrusted(order.mpk_code)}`);
  if (order.comment.trim() !== '') out.push(`${text.comment}: ${untrusted(order.comment)}`);
  out.push('');
  if (amounts.kind === 'points') out.push(`${text.total}: ${amount(amounts.total)}`);
  else out.push(`${text.totalNet}: ${amount(amounts.net)}`, `${text.vat}: ${amount(amounts.vat)}`, `${text.totalGross}: ${amount(amounts.gross)}`);
  out.push('', text.link, orderUrl, '', text.outro, '');
  return { subject: text.subject(shop.name, order.name), body: out.join('\n') };
}

/**
 * Queues the order e-mail of `order` to its contact e-mail, inside the caller's transaction.
 * `storefront` is the shop's storefront base URL (`storefrontUrl` of config.ts), without a trailing slash.
 */
export async function sendOrderMail(tx: Queryable, website: WebsiteRow, order: Order, storefront: string): Promise<void> {
  const to = order.contact['email'];
  if (!to) return;
  const url = `${storefront.replace(/\/+$/, '')}/user/orders/${encodeURIComponent(order.name)}`;
  const { subject, body } = orderMail(order, website, url);
  await sendMail(tx, { websiteId: website.id, to, subject, body });
}
