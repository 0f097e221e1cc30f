import { isPointsCurrency, type Product, type Website } from '../contract/contract.ts';
import { displayPrice, listUnitPrice, roundUnitPrice, unitPrice } from '../domain/pricing.ts';
import { formatNumber, formatUnitPrice } from '../i18n/format.ts';
import { t } from '../i18n/index.ts';
import { locale, type Locale } from '../store/locale.ts';
import { shop } from '../store/shop.ts';

/**
 * The price a buyer sees for a contract {@link Product} (spec §9): the domain's `unitPrice`, shown
 * gross or net per the shop's `is_gross` (`displayPrice`: VAT added to a net price in a gross shop,
 * taken out of a `vat_included` price in a net shop, never twice), formatted in the shop's currency
 * (`formatMoney`; "pts" / "pkt" in points shops).
 *
 * Points carry no VAT: in a `pkt` shop the unit price is shown as it is, exactly what the order is
 * charged (the server's `priceLines`), and without a net/gross hint.
 *
 * Functions read `shop` and the locale by default, so a component calling them during render (with
 * `useSignals()`) follows a shop or language change.
 *
 * @module
 */

/** Whether the amount shown is net or gross; `null` in a points shop (points are neither). */
export type PriceBasis = 'net' | 'gross' | null;

/** A product's price as a card or a product page shows it. */
export interface ProductPriceDisplay {
  /** The amount shown, in the shop's form (gross or net, or points). */
  amount: number;
  /** `true` when the amount is the lowest tier's ("from …"): more pieces cost less per piece. */
  from: boolean;
  /** Net or gross (`null` in points shops), for the small hint beside the price. */
  basis: PriceBasis;
  /** The amount in the shop's currency, e.g. "12,30 zł", "PLN 12.30", "250 pts". */
  formatted: string;
  /** What the price line says: `formatted`, or "from 12,30 zł" when `from`. */
  text: string;
  /** The translated hint ("net" / "gross", "netto" / "brutto"); `''` in points shops. */
  hint: string;
}

/** Whether a shop (or no shop yet) counts its prices in points. */
function isPoints(website: Website | null): boolean {
  return isPointsCurrency(website?.currency);
}

/** A net (or as-stored) unit price in the shop's display form: VAT per `is_gross`, none on points. */
function shownAmount(price: number, product: Product, website: Website | null): number {
  if (isPoints(website)) return roundUnitPrice(price);
  return displayPrice(price, product, website?.is_gross ?? false);
}

/** An amount in the shop's currency; without a shop, the plain number with two decimals. */
function formatAmount(amount: number, website: Website | null, lang: Locale): string {
  if (!website) return formatNumber(amount, lang, { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return formatUnitPrice(amount, website.currency, lang);
}

/**
 * The price to show for a product in a list: the unit price of one piece (`unitPrice` at quantity 1:
 * a running group buy's tier, else the threshold tier, else `calculated_price`), or, when tiers make
 * more pieces cheaper, the lowest tier's price shown as "from …".
 */
export function productDisplayPrice(
  product: Product,
  website: Website | null = shop.value,
  lang: Locale = locale.value,
  now: Date = new Date(),
): ProductPriceDisplay {
  const { price, from } = listUnitPrice(product, now);
  const amount = shownAmount(price, product, website);
  const formatted = formatAmount(amount, website, lang);
  const basis: PriceBasis = isPoints(website) ? null : website?.is_gross ? 'gross' : 'net';
  return {
    amount,
    from,
    basis,
    formatted,
    text: from ? t('catalogue.price_from', { price: formatted }, lang) : formatted,
    hint: basis === null ? '' : t(`product.${basis}`, {}, lang),
  };
}

/**
 * The product's price as text. Without `quantity`, what a list shows ({@link productDisplayPrice}:
 * "from …" when tiers make more pieces cheaper); with it, the unit price of that many pieces (the
 * product's total quantity: tiers are chosen by it), in the shop's gross or net form.
 */
export function formatProductPrice(
  product: Product,
  quantity?: number,
  website: Website | null = shop.value,
  lang: Locale = locale.value,
  now: Date = new Date(),
): string {
  if (quantity === undefined) return productDisplayPrice(product, website, lang, now).text;
  return formatAmount(shownAmount(unitPrice(product, quantity, now), product, website), website, lang);
}
