import type { CardInfo, Order, OrderItem, OrderSummary } from '../../../contract/contract.ts';
import { isPointsOrder as isPointsCurrencyOrder, itemShownTotal, itemShownUnit, orderShownAmounts, type OrderShownAmounts } from '../../../domain/order-amounts.ts';
import { colourName } from '../../../i18n/colours.ts';
import { t } from '../../../i18n/index.ts';
import type { BadgeTone } from '../../../widgets/badge/Badge.tsx';

/**
 * What the order screens show of an order, computed from the provider's answer alone (the order is a
 * snapshot: today's catalogue never changes what was paid). Pure functions, no signals but `t()`.
 *
 * @module
 */

/** Orders per page of the history. */
export const ORDERS_PER_PAGE = 10;

/** The badge colour of an order status (spec §4 labels New, In Progress, Complete). */
export function statusTone(status: OrderSummary['status']): BadgeTone {
  if (status === 'complete') return 'success';
  if (status === 'in_progress') return 'warning';
  return 'info';
}

/** Whether an order was placed in a points shop (its own currency snapshot). */
export const isPointsOrder = isPointsCurrencyOrder;

/** "Colour: Navy · Size: L" of an order line, colour by its name in the current language; '' when neither. */
export function itemVariantText(item: Pick<OrderItem, 'color_code' | 'size_code'>): string {
  const parts: string[] = [];
  if (item.color_code) parts.push(`${t('product.colour')}: ${colourName(item.color_code)}`);
  if (item.size_code) parts.push(`${t('product.size')}: ${item.size_code}`);
  return parts.join(' · ');
}

/** " (gross)" / " (net)" after a money order's amounts ('' for points, which carry no VAT). */
export function basisSuffix(order: Pick<Order, 'currency' | 'is_gross'>): string {
  return isPointsOrder(order) ? '' : ` (${order.is_gross ? t('product.gross') : t('product.net')})`;
}

/** A line's total as the order shows it: points, or gross in a gross order, net otherwise. */
export function itemTotal(item: OrderItem, order: Pick<Order, 'currency' | 'is_gross'>): number {
  return itemShownTotal(item, order);
}

/** A line's price per piece on the same basis as {@link itemTotal}: the unit price it was charged (`itemShownUnit`). */
export function itemUnitPrice(item: OrderItem, order: Pick<Order, 'currency' | 'is_gross'>): number {
  return itemShownUnit(item, order);
}

/** An order's totals, delivery included, as the order history charged them. */
export type OrderViewTotals = OrderShownAmounts;

/**
 * The totals of an order (`orderShownAmounts`): in a points order products, delivery and the points in
 * all; in a money order products and delivery on the order's basis (gross or net), then net, VAT,
 * gross and the total the history shows.
 */
export function orderViewTotals(order: Order): OrderViewTotals {
  return orderShownAmounts(order);
}

/** The business-card details of an order line as the cart takes them, or null when incomplete. */
export function cardInfoOf(card: Readonly<Record<string, string>> | null): CardInfo | null {
  if (!card) return null;
  const field = (key: keyof CardInfo) => (typeof card[key] === 'string' ? card[key].trim() : '');
  const info: CardInfo = {
    name: field('name'),
    surname: field('surname'),
    email: field('email'),
    phone: field('phone'),
    job: field('job'),
    cost: field('cost'),
    address: field('address'),
  };
  return info.name && info.surname && info.email && info.phone && info.job && info.address ? info : null;
}

/** The number of pages of a history page's `meta` (at least 1). */
export function pageCount(meta: { total: number; per_page: number }): number {
  return Math.max(1, Math.ceil(meta.total / Math.max(1, meta.per_page)));
}

/** The history's page from the URL query (`?page=2`); anything else is page 1. */
export function pageFromQuery(query: URLSearchParams): number {
  const raw = query.get('page') ?? '';
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}
