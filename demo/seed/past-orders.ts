/**
 * The demo's past orders: a few per shop, in several statuses, with their lines, and for acme the
 * budget movements they caused. Each is priced by the order route's own pricing functions
 * ({@link priceOrders}) before anything is written, so its totals are exactly what the server would
 * charge, and the budget assignments it was paid from can be written with matching `points_spent`.
 *
 * @module
 */
import { sumMoney } from '../../src/domain/money.ts';
import type { Queryable } from '../../server/db/index.ts';
import { deliveryCharge, priceLines, settleOrder } from '../../server/services/order-pricing.ts';
import { assignmentKey, ADDRESSES, USER_BY_EMAIL, type AddressSeed } from './accounts.ts';
import { CODE_PREFIX, colourPicture, variantCode, type DemoShop, type ProductDef, type SizeCode } from './catalogue.ts';
import { insertRows } from '../../server/db/insert-rows.ts';
import { must, type Catalogues, type DayClock, type IdOf } from './context.ts';
import { DELIVERY_BUDGETS, DELIVERY_PRICES, type DeliveryType, type MethodOf } from './delivery.ts';
import type { ColourCode } from './images.ts';
import { SHOP_BY_SLUG } from './shops.ts';

/** A past order as the seed describes it: products by key, the buyer by e-mail, dates in days ago. */
interface OrderSeed {
  shop: DemoShop;
  email: string;
  status: 'new' | 'in_progress' | 'complete';
  daysAgo: number;
  lines: { key: string; colour: ColourCode | null; size: SizeCode | null; quantity: number }[];
  delivery: DeliveryType;
  /** acme: the delivery is paid from the Welcome pack at its budget price. */
  deliveryFromBudget?: boolean;
  deliveryAddress: AddressSeed | null;
  billingAddress: AddressSeed | null;
  payment: 'budget' | 'invoice' | 'online';
  comment: string;
}

/**
 * Past orders. acme's are all paid from buyer@acme's Welcome pack: 100 + 75 + 25 = 200 points,
 * so that assignment shows 800 of 1000 points left.
 */
const ORDERS: OrderSeed[] = [
  {
    shop: 'acme',
    email: 'buyer@acme.test',
    status: 'complete',
    daysAgo: 25,
    lines: [
      { key: 'TEE', colour: 'navy', size: 'L', quantity: 1 },
      { key: 'MUG', colour: 'white', size: null, quantity: 6 },
    ],
    delivery: 'self_pickup',
    deliveryAddress: null,
    billingAddress: ADDRESSES.acmeBilling,
    payment: 'budget',
    comment: 'For the new starters in the Warsaw office.',
  },
  {
    shop: 'acme',
    email: 'buyer@acme.test',
    status: 'in_progress',
    daysAgo: 12,
    lines: [{ key: 'MUG', colour: 'black', size: null, quantity: 5 }],
    delivery: 'courier',
    deliveryFromBudget: true,
    deliveryAddress: ADDRESSES.acmeDelivery,
    billingAddress: ADDRESSES.acmeBilling,
    payment: 'budget',
    comment: '',
  },
  {
    shop: 'acme',
    email: 'buyer@acme.test',
    status: 'new',
    daysAgo: 3,
    lines: [{ key: 'LANYARD', colour: 'navy', size: null, quantity: 5 }],
    delivery: 'self_pickup',
    deliveryAddress: null,
    billingAddress: ADDRESSES.acmeBilling,
    payment: 'budget',
    comment: 'Visitors’ badges for the trade fair.',
  },
  {
    shop: 'globex',
    email: 'buyer@globex.test',
    status: 'complete',
    daysAgo: 40,
    lines: [
      { key: 'TEE', colour: 'black', size: 'M', quantity: 10 },
      { key: 'BAG', colour: 'white', size: null, quantity: 20 },
    ],
    delivery: 'courier',
    deliveryAddress: ADDRESSES.globexOffice,
    billingAddress: ADDRESSES.globexOffice,
    payment: 'invoice',
    comment: 'Conference kit for the spring fair.',
  },
  {
    shop: 'globex',
    email: 'buyer@globex.test',
    status: 'in_progress',
    daysAgo: 6,
    lines: [{ key: 'MUG', colour: 'white', size: null, quantity: 50 }],
    delivery: 'self_pickup',
    deliveryAddress: null,
    billingAddress: ADDRESSES.globexOffice,
    payment: 'online',
    comment: '',
  },
  {
    shop: 'initech',
    email: 'buyer@initech.test',
    status: 'complete',
    daysAgo: 30,
    lines: [
      { key: 'PEN', colour: 'blue', size: null, quantity: 100 },
      { key: 'NOTE', colour: 'red', size: null, quantity: 10 },
      { key: 'NOTE', colour: 'blue', size: null, quantity: 10 },
    ],
    delivery: 'specific_address',
    deliveryAddress: ADDRESSES.initechSpecific,
    billingAddress: ADDRESSES.initechBilling,
    payment: 'invoice',
    comment: 'Materiały na szkolenie w Łodzi.',
  },
  {
    shop: 'initech',
    email: 'buyer@initech.test',
    status: 'new',
    daysAgo: 2,
    lines: [{ key: 'TEE', colour: 'white', size: 'L', quantity: 5 }],
    delivery: 'specific_address',
    deliveryAddress: ADDRESSES.initechSpecific,
    billingAddress: ADDRESSES.initechBilling,
    payment: 'online',
    comment: '',
  },
];

/** The part of an address copied into an order. */
function snapshot(address: AddressSeed | null): string | null {
  if (!address) return null;
  const { name, surname, company, street, city, zip, country, nip } = address;
  return JSON.stringify({ name, surname, company, street, city, zip, country, nip });
}

/** A past order priced and named, ready to be written. */
export type PricedOrder = ReturnType<typeof priceOrder>;

/** The ids the orders refer to, from the steps that wrote those rows. */
export interface OrderRefs {
  websiteId: IdOf<DemoShop>;
  userId: IdOf<string>;
  method: MethodOf;
  assignmentId: IdOf<string>;
  catalogues: Catalogues;
}

/** Prices every past order with its shop's catalogue, in seed order. */
export function priceOrders(catalogues: Catalogues, now: Date): PricedOrder[] {
  return ORDERS.map((order, index) => priceOrder(order, index, must(catalogues, order.shop, 'catalogue').defs, now));
}

/** The points the orders spent from each budget assignment, by {@link assignmentKey}. */
export function pointsSpent(orders: readonly PricedOrder[]): Map<string, number> {
  const spentByAssignment = new Map<string, number>();
  for (const order of orders) {
    if (order.paidFrom) spentByAssignment.set(order.paidFrom, sumMoney([spentByAssignment.get(order.paidFrom) ?? 0, order.totalPoints]));
  }
  return spentByAssignment;
}

/** Writes the past orders, their lines and the budget movements they caused. */
export async function writeOrders(tx: Queryable, at: DayClock, orders: readonly PricedOrder[], refs: OrderRefs): Promise<void> {
  const { websiteId, userId, method, assignmentId, catalogues } = refs;
  const orderRows = await insertRows<{ id: number; name: string }>(
    tx,
    'orders',
    [
      'website_id',
      'user_id',
      'name',
      'status',
      'currency',
      'is_gross',
      'total_net',
      'total_gross',
      'total_points',
      'delivery_price',
      'payment_method',
      'payment_status',
      'delivery_method',
      'delivery_address',
      'billing_address',
      'contact',
      'mpk_code',
      'comment',
      'delivery_budget_id',
      'created_at',
    ],
    orders.map((order) => {
      const shop = must(SHOP_BY_SLUG, order.seed.shop, 'shop');
      const user = must(USER_BY_EMAIL, order.seed.email, 'user');
      const chosen = method(order.seed.shop, order.seed.delivery);
      return [
        websiteId(shop.slug),
        userId(user.email),
        order.name,
        order.seed.status,
        shop.currency,
        shop.isGross,
        order.totalNet,
        order.totalGross,
        order.totalPoints,
        order.deliveryPrice,
        order.seed.payment,
        order.seed.payment === 'online' ? 'paid' : 'not_required',
        JSON.stringify({ id: chosen.id, type: chosen.type, name: chosen.name, price: order.deliveryPrice }),
        snapshot(order.seed.deliveryAddress),
        snapshot(order.seed.billingAddress),
        JSON.stringify({ name: user.name, surname: user.surname, email: user.email, phone: user.phone }),
        shop.mpkRequired ? user.costCenter : null,
        order.seed.comment,
        order.deliveryFromBudget ? assignmentId(order.deliveryFromBudget) : null,
        at(-order.seed.daysAgo),
      ];
    }),
    'id, name',
  );
  const orderId = new Map(orderRows.map((row) => [row.name, row.id]));

  await insertRows(
    tx,
    'order_items',
    [
      'order_id',
      'product_id',
      'variant_id',
      'name',
      'code',
      'color_code',
      'size_code',
      'quantity',
      'unit_price',
      'vat',
      'line_net',
      'line_gross',
      'budget_id',
      'user_budget_id',
      'card_info',
      'image',
    ],
    orders.flatMap((order) =>
      order.lines.map((line) => {
        const product = must(must(catalogues, order.seed.shop, 'catalogue').inserted, line.def.code, 'product');
        return [
          must(orderId, order.name, 'order'),
          product.id,
          must(product.variants, line.variantCode, 'variant'),
          line.def.name,
          line.variantCode,
          line.colour,
          line.size,
          line.quantity,
          line.unit,
          line.vat,
          line.net,
          line.gross,
          line.def.budgetId,
          order.paidFrom ? assignmentId(order.paidFrom) : null,
          null,
          colourPicture(line.def.images, line.colour) ?? line.def.images[0] ?? null,
        ];
      }),
    ),
  );

  await insertRows(
    tx,
    'budget_ledger',
    ['user_budget_id', 'order_id', 'delta', 'reason', 'created_at'],
    orders
      .filter((order) => order.paidFrom)
      .map((order) => [assignmentId(order.paidFrom ?? ''), must(orderId, order.name, 'order'), order.totalPoints, 'order', at(-order.seed.daysAgo)]),
  );
}

/**
 * Prices an order with the shop's catalogue through the order route's own pricing functions, so a
 * seeded order's totals are exactly what the server would charge for it.
 */
function priceOrder(seed: OrderSeed, index: number, defs: readonly ProductDef[], now: Date) {
  const number = ORDERS.slice(0, index + 1).filter((order) => order.shop === seed.shop).length;
  const name = `${seed.shop.toUpperCase()}-${String(number).padStart(6, '0')}`;
  const lines = seed.lines.map((line) => {
    const code = `${CODE_PREFIX[seed.shop]}-${line.key}`;
    const def = defs.find((candidate) => candidate.code === code);
    if (!def) throw new Error(`Seed: order ${name} refers to unknown product ${code}`);
    const product = {
      // Lines of one product must share an id: tiers are chosen by the product's total quantity.
      id: defs.indexOf(def) + 1,
      calculated_price: def.price,
      vat: def.vat,
      vat_included: def.vatIncluded,
      thresholds: def.thresholds.map((tier) => ({ min_quantity: tier.min, max_quantity: tier.max, price: tier.price })),
      groupbuy: null,
    };
    return { ...line, def, product, variantCode: variantCode(code, line.colour, line.size) };
  });
  const points = seed.shop === 'acme';
  const pricing = { points, isGross: must(SHOP_BY_SLUG, seed.shop, 'shop').isGross };
  const paidFrom = points ? assignmentKey(seed.email, 'welcome') : null;
  const budgetDelivery = DELIVERY_BUDGETS.find((entry) => entry.type === seed.delivery && entry.budget === 'welcome');
  const deliveryPrice = points
    ? seed.deliveryFromBudget && budgetDelivery
      ? budgetDelivery.price
      : 0
    : DELIVERY_PRICES[seed.shop][seed.delivery];
  const settled = settleOrder(priceLines(lines, pricing, now), deliveryCharge(deliveryPrice, pricing), pricing);
  const priced = settled.lines.map((line) => ({ ...line, unit: line.unit_price, net: line.line_net, gross: line.line_gross }));
  const totals = settled.totals;
  return {
    seed,
    name,
    lines: priced,
    deliveryPrice,
    deliveryFromBudget: points && seed.deliveryFromBudget ? paidFrom : null,
    paidFrom,
    totalNet: totals.total_net,
    totalGross: totals.total_gross,
    totalPoints: points ? totals.total_net : 0,
  };
}
