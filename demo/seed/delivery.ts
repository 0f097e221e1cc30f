/**
 * The demo shops' delivery methods (courier, self-pickup, delivery to a specific address) with their
 * names, prices and pickup addresses, and which of acme's budgets may pay for a delivery. The past
 * orders (`past-orders.ts`) are priced with the same prices, so their totals match what the server
 * would charge today.
 *
 * @module
 */
import type { Queryable } from '../../server/db/index.ts';
import { type BudgetKey, type DemoShop } from './catalogue.ts';
import { insertRows } from '../../server/db/insert-rows.ts';
import type { IdOf } from './context.ts';
import { SHOPS } from './shops.ts';

/** The kinds of delivery method every demo shop offers, in their display order. */
export type DeliveryType = 'courier' | 'self_pickup' | 'specific_address';

const DELIVERY_NAMES: Record<'en' | 'pl', Record<DeliveryType, string>> = {
  en: { courier: 'Courier', self_pickup: 'Self-pickup', specific_address: 'Delivery to a specific address' },
  pl: { courier: 'Kurier', self_pickup: 'Odbiór osobisty', specific_address: 'Dostawa pod wskazany adres' },
};

/** Each shop's delivery prices: net money, nothing in the points shop (acme pays delivery from budgets). */
export const DELIVERY_PRICES: Record<DemoShop, Record<DeliveryType, number>> = {
  acme: { courier: 0, self_pickup: 0, specific_address: 0 },
  globex: { courier: 19.99, self_pickup: 0, specific_address: 29.99 },
  initech: { courier: 9.9, self_pickup: 0, specific_address: 14.9 },
};

const PICKUP_ADDRESSES: Record<DemoShop, { street: string; city: string; zip: string; country: string }> = {
  acme: { street: 'ul. Domaniewska 39', city: 'Warszawa', zip: '02-672', country: 'PL' },
  globex: { street: 'ul. Lubicz 17', city: 'Kraków', zip: '31-503', country: 'PL' },
  initech: { street: 'al. Jerozolimskie 100', city: 'Warszawa', zip: '00-807', country: 'PL' },
};

/** acme: budgets that may pay for a delivery method, with the price in points. */
export const DELIVERY_BUDGETS: { type: DeliveryType; budget: BudgetKey; price: number }[] = [
  { type: 'courier', budget: 'welcome', price: 25 },
  { type: 'courier', budget: 'team', price: 25 },
  { type: 'specific_address', budget: 'welcome', price: 40 },
];

/** A delivery method as written, as orders snapshot it. */
export interface SeededMethod {
  id: number;
  website_id: number;
  type: DeliveryType;
  name: string;
}

/** Finds the seeded delivery method of a shop by its type. */
export type MethodOf = (shop: DemoShop, type: DeliveryType) => SeededMethod;

/** Writes each shop's delivery methods and the budgets that may pay for them in acme; answers a lookup of the methods. */
export async function writeDeliveryMethods(tx: Queryable, websiteId: IdOf<DemoShop>, budgetIds: Record<BudgetKey, number>): Promise<MethodOf> {
  const deliveryTypes: DeliveryType[] = ['courier', 'self_pickup', 'specific_address'];
  const methodRows = await insertRows<SeededMethod>(
    tx,
    'delivery_methods',
    ['website_id', 'type', 'name', 'price', 'pickup_address', 'position'],
    SHOPS.flatMap((shop) =>
      deliveryTypes.map((type, position) => [
        websiteId(shop.slug),
        type,
        DELIVERY_NAMES[shop.lang][type],
        DELIVERY_PRICES[shop.slug][type],
        type === 'self_pickup' ? JSON.stringify(PICKUP_ADDRESSES[shop.slug]) : null,
        position,
      ]),
    ),
    'id, website_id, type, name',
  );
  const method = (shop: DemoShop, type: DeliveryType) => {
    const row = methodRows.find((candidate) => candidate.website_id === websiteId(shop) && candidate.type === type);
    if (!row) throw new Error(`Seed: missing delivery method ${shop}/${type}`);
    return row;
  };
  await insertRows(
    tx,
    'delivery_method_budgets',
    ['delivery_method_id', 'budget_id', 'price'],
    DELIVERY_BUDGETS.map((entry) => [method('acme', entry.type).id, budgetIds[entry.budget], entry.price]),
  );
  return method;
}
