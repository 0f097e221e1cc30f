import { billingFromDelivery, needsDeliveryAddress } from '../../src/domain/checkout.ts';
import type { Address, DeliveryMethod, PaymentMethod, PlaceOrderRequest, Product, User, Website } from '../../src/contract/contract.ts';

/**
 * The one order a sandbox provider check places, built from what the provider answered, the way a
 * buyer would fill in the checkout: the product's first variant that can be ordered, at its minimum
 * quantity; a saved address when the delivery needs one; a payment method that needs nothing more
 * (points in a points shop, an invoice when a billing address with a tax ID is saved, else online);
 * the buyer's own contact details and cost centre. What the provider's data does not allow is named,
 * so the row says what to add to the config's `order` (merged over the plan).
 */

/** Fields of the order the config may set; they replace the plan's. */
export type OrderOverrides = Partial<Omit<PlaceOrderRequest, 'website_id' | 'items'>>;

/** The first part of the plan: what to order and where it goes, before the delivery methods are asked for. */
export interface PlannedItems {
  item: PlaceOrderRequest['items'][number];
  /** The saved address the delivery would go to (sent to `POST /api/delivery-methods`), if any. */
  address: Address | null;
}

/** Comment of the order, so a shop's staff can tell it from a buyer's. */
export const TEST_ORDER_COMMENT = 'Test order placed by storefront-elements check-provider (sandbox).';

/** The line to order and the address it would go to; a text when the product cannot be ordered. */
export function planItems(website: Website, product: Product, user: User, addresses: readonly Address[]): PlannedItems | string {
  const variant = product.variants.find((candidate) => candidate.availability !== 'out_of_stock' && (candidate.stock === null || candidate.stock > 0));
  if (!variant) return `product ${product.id} has no variant that can be ordered`;
  const quantity = Math.max(1, product.minimum_quantity ?? 1, product.minimum_total_quantity ?? 1);
  if (variant.stock !== null && variant.availability !== 'in_delivery' && variant.stock < quantity) return `product ${product.id} has ${variant.stock} in stock, fewer than its minimum ${quantity}`;
  const card_info = product.is_business_card
    ? { name: user.name, surname: user.surname, email: user.email, phone: user.phone, job: user.job_title || 'Buyer', cost: '', address: 'Test address' }
    : undefined;
  const wanted = website.shipping_only_to_specific_address ? 'specific' : 'delivery';
  const address = addresses.find((candidate) => candidate.type === wanted) ?? null;
  return { item: { product_id: product.id, variant_id: variant.id, quantity, ...(card_info ? { card_info } : {}) }, address };
}

/**
 * The whole order from the planned line, the delivery methods the provider offered for it, the shop's
 * payment methods and the buyer's budgets; `overrides` (the config's `order`) win. A text when no
 * order can be made up: it names the field to set.
 */
export function planOrder(
  website: Website,
  user: User,
  addresses: readonly Address[],
  planned: PlannedItems,
  methods: readonly DeliveryMethod[],
  payments: readonly PaymentMethod[],
  overrides: OrderOverrides = {},
): PlaceOrderRequest | string {
  const payment = overrides.payment_method ?? choosePayment(website, addresses, payments);
  if (!payment) return 'the shop offers no payment method: set order.payment_method';
  const delivery = chooseDelivery(website, planned.address, methods, overrides);
  if (typeof delivery === 'string') return delivery;
  const billing = payment === 'invoice' ? invoiceBilling(addresses, planned.address, delivery.method, user) : { same: true, address: null };
  if (billing === null && overrides.billing_address === undefined) {
    return 'an invoice needs a billing address with a tax ID: save one for the buyer or set order.billing_address';
  }
  const deliveryBudget = delivery.method.budgets.length === 0 ? null : (user.budgets.find((budget) => budget.is_active && delivery.method.budgets.some((allowed) => allowed.budget_id === budget.budget_id))?.id ?? null);
  const phone = user.phone.trim();
  if (phone === '' && overrides.contact === undefined) return "the buyer's account has no phone number: set order.contact";
  return {
    website_id: website.id,
    items: [planned.item],
    delivery_method_id: delivery.method.id,
    delivery_address_id: delivery.addressId,
    billing_same_as_delivery: billing?.same ?? false,
    billing_address: billing?.address ?? null,
    payment_method: payment,
    payment_for_delivery_budget: deliveryBudget,
    mpk_code: website.mpk_required ? user.cost_center || 'CHECK-PROVIDER' : null,
    cost_centre_statement: website.mpk_required,
    contact: { name: user.name, surname: user.surname, email: user.email, phone, fax: '', job_title: user.job_title, buyer_id: user.buyer_id },
    comment: TEST_ORDER_COMMENT,
    ...overrides,
  };
}

function choosePayment(website: Website, addresses: readonly Address[], payments: readonly PaymentMethod[]): PlaceOrderRequest['payment_method'] | null {
  const offered = new Set(payments.map((method) => method.code));
  if (website.payment_type === 'budget') return offered.has('budget') ? 'budget' : null;
  const canInvoice = addresses.some((address) => address.nip !== '' && address.type !== 'specific');
  if (offered.has('invoice') && canInvoice) return 'invoice';
  if (offered.has('online')) return 'online';
  return offered.has('invoice') ? 'invoice' : null;
}

function chooseDelivery(
  website: Website,
  address: Address | null,
  methods: readonly DeliveryMethod[],
  overrides: OrderOverrides,
): { method: DeliveryMethod; addressId: number | null } | string {
  if (overrides.delivery_method_id !== undefined) {
    const method = methods.find((candidate) => candidate.id === overrides.delivery_method_id);
    if (!method) return `order.delivery_method_id ${overrides.delivery_method_id} is not one of the methods offered`;
    return { method, addressId: overrides.delivery_address_id ?? address?.id ?? null };
  }
  const usable = methods.filter((method) => (website.shipping_only_to_specific_address ? method.type === 'specific_address' : true));
  const method = usable.find((candidate) => !needsDeliveryAddress(candidate) || address !== null);
  if (!method) return methods.length === 0 ? 'the provider offered no delivery method for the product' : 'every delivery method needs an address and the buyer has none saved: save one or set order.delivery_address';
  return { method, addressId: needsDeliveryAddress(method) ? (address?.id ?? null) : null };
}

/**
 * Where an invoice goes: a saved billing address with a tax ID, else the delivery address when it has
 * one (not for self-pickup, which has none); null when neither.
 */
function invoiceBilling(addresses: readonly Address[], delivery: Address | null, method: DeliveryMethod, user: User): { same: boolean; address: PlaceOrderRequest['billing_address'] } | null {
  const saved = addresses.find((candidate) => candidate.type === 'billing' && candidate.nip !== '');
  if (saved) return { same: false, address: billingInput(saved, user) };
  if (delivery && delivery.nip !== '' && method.type !== 'self_pickup') return { same: true, address: null };
  return null;
}

/** A saved billing address as the order's, named after the buyer when it names only a company. */
function billingInput(address: Address, user: User): NonNullable<PlaceOrderRequest['billing_address']> {
  return { ...billingFromDelivery(address), name: address.name || user.name, surname: address.surname || user.surname };
}
