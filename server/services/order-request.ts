import { type AddressInput, type BillingAddressInput, type CartItemInput, type Order, type PlaceOrderRequest, costCentreIssues } from '../shared.ts';
import type { Queryable } from '../db/index.ts';
import type { WebsiteRow } from '../http/env.ts';
import { fail, invalidFields } from '../http/errors.ts';
import type { OrderLine } from './order-pricing.ts';
import { loadProductsByIds } from './products.ts';

/**
 * Turning a placement request into facts of this shop: the payment method and cost centre it may
 * use, the delivery method, the delivery and billing addresses as snapshots, and the ordered items
 * as lines with their products. The request carries only identities and quantities; everything here
 * is looked up in the database and scoped to the shop (and the buyer, for saved addresses), so a
 * request cannot name another shop's product, method or another buyer's address. Each check throws
 * the API error the spec names, which rolls back the order's transaction.
 *
 * @module
 */

type DeliveryType = Order['delivery_method']['type'];

/** An address as an order stores it: a copy, so later edits of the address book do not change it. */
export type AddressSnapshot = NonNullable<Order['delivery_address']>;

/** A delivery method of the shop, as the order records it. */
export interface DeliveryMethodRow {
  id: number;
  type: DeliveryType;
  name: string;
  price: number;
}

interface AddressRow extends AddressSnapshot {
  id: number;
  type: 'delivery' | 'billing' | 'specific';
}

/**
 * The payment method must be one the shop offers. On top of that, points pay only in points shops
 * and a points shop is paid only in points: a `budget` order in a money shop would take no money,
 * and an invoice for points would give points goods away.
 */
export async function checkPaymentMethod(tx: Queryable, website: WebsiteRow, code: string, points: boolean): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM payment_methods WHERE website_id = $1 AND code = $2', [website.id, code]);
  if (rows.length === 0 || points !== (code === 'budget')) fail(422, 'errors.payment_method');
}

/** A shop with `mpk_required` needs a cost-centre code and the buyer's cost-centre statement (src/domain/mpk.ts). */
export function checkCostCentre(website: WebsiteRow, request: PlaceOrderRequest): void {
  const fields: Record<string, string> = { ...costCentreIssues(website, request) };
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

/** The chosen delivery method when this shop has it; 422 otherwise. */
export async function loadDeliveryMethod(tx: Queryable, websiteId: number, id: number): Promise<DeliveryMethodRow> {
  const { rows } = await tx.query<DeliveryMethodRow>('SELECT id, type, name, price FROM delivery_methods WHERE id = $1 AND website_id = $2', [
    id,
    websiteId,
  ]);
  const method = rows[0];
  if (!method) fail(422, 'errors.delivery_method');
  return method;
}

/**
 * Where the order goes, as a snapshot (later edits of the address book do not change a placed order).
 * Self-pickup needs none. A saved address must be the buyer's own in this shop (404 otherwise, so
 * nobody learns which ids exist); an inline one is saved as the buyer's `specific` address. When
 * both are sent the saved one wins. A shop that ships only to a specific address accepts only the
 * `specific_address` method with a `specific` address.
 */
export async function resolveDeliveryAddress(
  tx: Queryable,
  website: WebsiteRow,
  userId: number,
  method: DeliveryMethodRow,
  request: PlaceOrderRequest,
): Promise<AddressSnapshot | null> {
  const specificOnly = website.shipping_only_to_specific_address;
  if (specificOnly && method.type !== 'specific_address') fail(422, 'errors.address_specific_only');
  if (method.type === 'self_pickup') return null;
  if (request.delivery_address_id != null) {
    const { rows } = await tx.query<AddressRow>(
      `SELECT id, type, name, surname, company, street, city, zip, country, nip
         FROM addresses WHERE id = $1 AND user_id = $2 AND website_id = $3`,
      [request.delivery_address_id, userId, website.id],
    );
    const address = rows[0];
    if (!address) fail(404, 'errors.not_found');
    if (specificOnly && address.type !== 'specific') fail(422, 'errors.address_specific_only');
    return snapshot(address);
  }
  if (request.delivery_address) {
    await saveSpecificAddress(tx, website.id, userId, request.delivery_address);
    return snapshot(request.delivery_address);
  }
  throw invalidFields({ delivery_address: 'validation.required' });
}

/** @internal Keeps an inline delivery address in the buyer's address book, so the next order can pick it. */
async function saveSpecificAddress(tx: Queryable, websiteId: number, userId: number, address: AddressInput): Promise<void> {
  await tx.query(
    `INSERT INTO addresses (user_id, website_id, type, name, surname, company, street, city, zip, country, nip, phone)
     VALUES ($1, $2, 'specific', $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [userId, websiteId, address.name, address.surname, address.company, address.street, address.city, address.zip, address.country, address.nip, address.phone],
  );
}

/**
 * The billing address: the delivery address when the buyer says so (none for a self-pickup), else
 * the one sent. An invoice needs a billing address with a tax ID (spec §5 "Nip missing from address").
 */
export function resolveBillingAddress(request: PlaceOrderRequest, delivery: AddressSnapshot | null): AddressSnapshot | null {
  let billing: AddressSnapshot | null;
  if (request.billing_same_as_delivery) billing = delivery;
  else if (request.billing_address) billing = snapshot(request.billing_address);
  else throw invalidFields({ billing_address: 'validation.required' });
  if (request.payment_method === 'invoice') {
    if (!billing) throw invalidFields({ billing_address: 'validation.required' });
    if (billing.nip.trim() === '') throw invalidFields({ billing_address: 'validation.nip_missing' });
  }
  return billing;
}

/** @internal The fields an order keeps of an address: ids, types and phone numbers are left out. */
function snapshot(address: AddressSnapshot | AddressInput | BillingAddressInput): AddressSnapshot {
  return {
    name: address.name,
    surname: address.surname,
    company: address.company,
    street: address.street,
    city: address.city,
    zip: address.zip,
    country: address.country,
    nip: address.nip,
  };
}

/**
 * The order's lines with their products, all of this shop (`loadProductsByIds` returns only those).
 * A product of another shop, or a variant of another product, is "not available"; a business card
 * without its details is refused. Card details of other products are dropped.
 */
export async function loadOrderLines(tx: Queryable, websiteId: number, items: readonly CartItemInput[], now: Date): Promise<OrderLine[]> {
  const products = await loadProductsByIds(
    tx,
    websiteId,
    items.map((item) => item.product_id),
    now,
  );
  const lines = items.map((item): OrderLine => {
    const product = products.get(item.product_id);
    const variant = product?.variants.find((candidate) => candidate.id === item.variant_id);
    if (!product || !variant) fail(422, 'errors.product_unavailable');
    return { product, variant, quantity: item.quantity, card_info: product.is_business_card ? (item.card_info ?? null) : null };
  });
  if (lines.some((line) => line.product.is_business_card && !line.card_info)) fail(422, 'errors.card_info');
  return lines;
}
