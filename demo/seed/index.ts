/**
 * The demo data every test and demo relies on (DESIGN.md §5, documented in `docs/demo-data.md`):
 * three shops with their settings, pages, popups, payment and delivery methods, accounts, budgets,
 * a catalogue of 37+ products each, past orders and the files they show.
 *
 * {@link seedDemo} runs for every server test file, so it is built to be quick: the password is hashed
 * once for every account, and each table is written with a handful of multi-row statements inside
 * one transaction (about twenty round trips in all).
 *
 * This file only runs the steps in order ({@link writeDemo}); each part of the data lives with the
 * step that writes it: `shops.ts`, `accounts.ts` (users, budgets, assignments, addresses),
 * `catalogue.ts`, `delivery.ts`, `pages.ts` and `past-orders.ts`, sharing the ids they hand on
 * through `context.ts`.
 *
 * @module
 */
import type { Db, Queryable } from '../../server/db/index.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { writeAddresses, writeAssignments, writeBudgets, writeUsers } from './accounts.ts';
import { DEMO_SHOPS, demoProducts, insertProducts, type BudgetKey, type DemoShop } from './catalogue.ts';
import { dayClock, type Catalogues, type IdOf } from './context.ts';
import { writeDeliveryMethods } from './delivery.ts';
import { writePages } from './pages.ts';
import { pointsSpent, priceOrders, writeOrders } from './past-orders.ts';
import { writeFiles, writeShops } from './shops.ts';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Passw0rd!';

/** How a seed run may be adjusted (tests pin the clock). */
export interface SeedOptions {
  /** The clock the relative dates (budgets, group buy, past orders) are computed from. */
  now?: Date;
}

/** Serialises seeding when several instances start on one PostgreSQL at once. */
const SEED_LOCK = 4173_0002;

/**
 * Writes the demo data into a migrated, empty database, in one transaction. Does nothing when any
 * website already exists, so it is safe to call on every start (and from several instances at once:
 * an advisory lock makes the second one wait and then find the data).
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<void> {
  if (await hasWebsites(db)) return;
  const now = options.now ?? new Date();
  // One scrypt hash for every account: hashing is deliberately slow, and the seed runs for every test file.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await hasWebsites(tx)) return;
    await writeDemo(tx, now, passwordHash);
  });
}

/** Whether any shop exists: the demo is only ever written into an empty database. */
async function hasWebsites(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM websites LIMIT 1');
  return rows.length > 0;
}

/**
 * Writes the whole demo, step by step. The order is the order the rows get their ids in, which tests
 * and docs rely on, and each step needs the ids of the ones before it: shops first, then accounts,
 * budgets and catalogues, delivery methods (some paid from budgets), budget assignments (with the
 * points the past orders spent, so the orders are priced before), addresses, pages, and the orders.
 */
async function writeDemo(tx: Queryable, now: Date, passwordHash: string): Promise<void> {
  const at = dayClock(now);
  await writeFiles(tx);
  const websiteId = await writeShops(tx);
  const userId = await writeUsers(tx, passwordHash, websiteId);
  const budgetIds = await writeBudgets(tx, websiteId);
  const catalogues = await writeCatalogues(tx, now, websiteId, budgetIds);
  const method = await writeDeliveryMethods(tx, websiteId, budgetIds);
  const orders = priceOrders(catalogues, now);
  const assignmentId = await writeAssignments(tx, at, userId, budgetIds, pointsSpent(orders));
  await writeAddresses(tx, at, userId, websiteId);
  await writePages(tx, websiteId, catalogues);
  await writeOrders(tx, at, orders, { websiteId, userId, method, assignmentId, catalogues });
}

/** Writes each shop's catalogue (`catalogue.ts`); acme's products are paid from its budgets. */
async function writeCatalogues(tx: Queryable, now: Date, websiteId: IdOf<DemoShop>, budgetIds: Record<BudgetKey, number>): Promise<Catalogues> {
  const catalogues: Catalogues = new Map();
  for (const shop of DEMO_SHOPS) {
    const defs = demoProducts(shop, { now, budgets: shop === 'acme' ? budgetIds : null });
    catalogues.set(shop, { defs, inserted: await insertProducts(tx, websiteId(shop), defs) });
  }
  return catalogues;
}
