import * as v from 'valibot';
import { isoDate, money, nullableString, nullableTextOr, paged, textOr } from './answer-fields.ts';
import { BudgetSchema } from './catalogue.ts';
import {
  countryField,
  emailField,
  idField,
  isValidPostalCode as isPostalCodeOk,
  MPK_MAX_LENGTH,
  nipField,
  optionalText,
  phoneField,
  quantityField,
  requiredText,
} from './fields.ts';
import { listOf, orDefault } from './tolerant.ts';
import { AddressInputSchema, AddressSnapshotSchema } from './users.ts';
import { PaymentMethodCodeSchema } from './website.ts';

/**
 * Delivery, payment and orders: the delivery methods for a cart, the cart lines and addresses an
 * order is placed with, and the orders as answered (one, a page of the history, the answer to placing).
 *
 * @module
 */

const websiteId = idField;

/** Where an order stands at the provider. */
export const OrderStatusSchema = v.picklist(['new', 'in_progress', 'complete']);
/** How an order reaches the buyer. */
export const DeliveryTypeSchema = v.picklist(['courier', 'self_pickup', 'specific_address']);

export const DeliveryCostBudgetSchema = v.object({ budget_id: v.number(), name: v.string(), color: v.string(), price: money });
export type DeliveryCostBudget = v.InferOutput<typeof DeliveryCostBudgetSchema>;

export const DeliveryMethodSchema = v.object({
  id: v.number(),
  type: DeliveryTypeSchema,
  name: v.string(),
  price: money,
  pickup_address: v.nullable(v.object({ street: v.string(), city: v.string(), zip: v.string(), country: v.string() })),
  /** Budgets that may pay for this delivery, with the price in points (spec §3 "Delivery-cost budget"). */
  budgets: listOf('delivery_method.budgets', DeliveryCostBudgetSchema),
});
export type DeliveryMethod = v.InferOutput<typeof DeliveryMethodSchema>;

/** Business-card details a card product needs (spec §3 Cart item `cardInfo`). */
export const CardInfoSchema = v.object({
  name: requiredText(100),
  surname: requiredText(100),
  email: emailField,
  phone: phoneField,
  job: requiredText(100),
  cost: optionalText(50),
  address: requiredText(300),
});
export type CardInfo = v.InferOutput<typeof CardInfoSchema>;

/** One cart line as sent to the server: only identities and quantities, never prices. */
export const CartItemInputSchema = v.object({
  product_id: idField,
  variant_id: idField,
  quantity: quantityField,
  card_info: v.optional(v.nullable(CardInfoSchema)),
});
export type CartItemInput = v.InferOutput<typeof CartItemInputSchema>;

export const DeliveryMethodsRequestSchema = v.object({
  website_id: websiteId,
  address_id: v.optional(v.nullable(idField)),
  items: v.optional(v.array(CartItemInputSchema), []),
});

export const PaymentMethodsRequestSchema = v.object({ website_id: websiteId });

export const ContactSchema = v.object({
  name: requiredText(100),
  surname: requiredText(100),
  email: emailField,
  phone: phoneField,
  fax: optionalText(30),
  job_title: optionalText(100),
  buyer_id: optionalText(50),
});
export type Contact = v.InferOutput<typeof ContactSchema>;

export const BillingAddressInputSchema = v.pipe(
  v.object({
    name: requiredText(100),
    surname: requiredText(100),
    nip: nipField,
    company: optionalText(200),
    street: requiredText(200),
    city: requiredText(100),
    zip: requiredText(12),
    country: countryField,
  }),
  v.forward(
    v.check((address) => isPostalCodeOk(address.zip, address.country), 'validation.postal_code'),
    ['zip'],
  ),
);
export type BillingAddressInput = v.InferOutput<typeof BillingAddressInputSchema>;

/** Placing an order. Prices are never sent: the server computes them (DESIGN.md §3). */
export const PlaceOrderRequestSchema = v.object({
  website_id: websiteId,
  items: v.pipe(v.array(CartItemInputSchema), v.minLength(1, 'validation.required'), v.maxLength(500, 'validation.max_length')),
  delivery_method_id: idField,
  /** An address-book entry of the buyer… */
  delivery_address_id: v.optional(v.nullable(idField)),
  /** …or a new one-off address (saved as type `specific`). Not needed for self-pickup. */
  delivery_address: v.optional(v.nullable(AddressInputSchema)),
  billing_same_as_delivery: v.boolean(),
  billing_address: v.optional(v.nullable(BillingAddressInputSchema)),
  payment_method: PaymentMethodCodeSchema,
  /** A user-budget assignment (`UserBudget.id`) paying for delivery in points shops. */
  payment_for_delivery_budget: v.optional(v.nullable(idField)),
  mpk_code: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(MPK_MAX_LENGTH, 'validation.max_length')))),
  contact: ContactSchema,
  comment: optionalText(2000),
  cost_centre_statement: v.optional(v.boolean(), false),
});
export type PlaceOrderRequest = v.InferOutput<typeof PlaceOrderRequestSchema>;

export const OrderItemSchema = v.object({
  product_id: v.nullable(v.number()),
  variant_id: v.nullable(v.number()),
  name: v.string(),
  code: v.string(),
  color_code: nullableString,
  size_code: nullableString,
  quantity: v.number(),
  unit_price: money,
  vat: v.number(),
  line_net: money,
  line_gross: money,
  budget: v.nullable(BudgetSchema),
  card_info: v.nullable(v.record(v.string(), v.string())),
  /** The line's picture when it was ordered (the chosen variant's, a storage path or URL); absent or null: none. */
  image: v.optional(nullableTextOr('order.items.image'), null),
});
export type OrderItem = v.InferOutput<typeof OrderItemSchema>;

/** An order in the history: an unknown `status` reads as `in_progress`, a missing currency as none. */
export const OrderSummarySchema = v.object({
  id: v.number(),
  name: v.string(),
  date: isoDate,
  status: orDefault('order.status', OrderStatusSchema, 'in_progress'),
  currency: textOr('order.currency'),
  /** What the buyer paid: gross in gross shops, net otherwise, points in pkt shops. */
  total: money,
  items_count: orDefault('order.items_count', v.number(), 0),
});
export type OrderSummary = v.InferOutput<typeof OrderSummarySchema>;

export const OrderSchema = v.object({
  ...OrderSummarySchema.entries,
  is_gross: v.boolean(),
  total_net: money,
  total_gross: money,
  total_points: money,
  delivery_price: money,
  /** An unknown method reads as `invoice` (the label only). */
  payment_method: orDefault('order.payment_method', PaymentMethodCodeSchema, 'invoice'),
  /**
   * `pending`: an online payment not made yet (the order holds its stock until the hold ends);
   * `cancelled` (at the provider) and `expired` (not paid in time): the stock went back, nothing was charged.
   */
  payment_status: orDefault('order.payment_status', v.picklist(['not_required', 'pending', 'paid', 'cancelled', 'expired']), 'not_required'),
  /** An unknown type reads as `courier` (the label and whether a pickup address shows). */
  delivery_method: v.object({ id: v.number(), type: orDefault('order.delivery_method.type', DeliveryTypeSchema, 'courier'), name: v.string(), price: money }),
  delivery_address: v.nullable(AddressSnapshotSchema),
  billing_address: v.nullable(AddressSnapshotSchema),
  contact: v.record(v.string(), v.string()),
  mpk_code: nullableString,
  comment: textOr('order.comment'),
  /** Unusable lines are left out. */
  items: listOf('order.items', OrderItemSchema),
});
export type Order = v.InferOutput<typeof OrderSchema>;

export const OrderPageSchema = paged('orders', OrderSummarySchema);

export const PlaceOrderResponseSchema = v.object({
  order: OrderSchema,
  /** For the online payment method: where to send the buyer; it returns to /payment-processing. */
  payment_url: nullableString,
});
export type PlaceOrderResponse = v.InferOutput<typeof PlaceOrderResponseSchema>;

export const OrderWaitResponseSchema = v.object({ remainingTime: v.number() });
export type OrderWaitResponse = v.InferOutput<typeof OrderWaitResponseSchema>;
export type OrderPage = v.InferOutput<typeof OrderPageSchema>;

/** `POST /api/delivery-methods`: the methods for a cart and address (`[]` when none); a method of an unknown type is left out. */
export const DeliveryMethodListSchema = listOf('delivery methods', DeliveryMethodSchema);
