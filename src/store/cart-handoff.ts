import * as v from 'valibot';
import { fetchProductsByIds } from '../api/catalogue.ts';
import type { Product } from '../contract/contract.ts';
import { cartHandoffLines, parseCartHandoff, planCartHandoff, type CartHandoff, type CartHandoffLine, type RefusedHandoffLine } from '../domain/cart-handoff.ts';
import { pageSingleton } from '../page-singleton.ts';
import { addToCart, cartLines } from './cart.ts';
import { shop } from './shop.ts';
import { readStored, shopKey, writeStored } from './storage.ts';

/**
 * The storefront's side of the cart handoff (`src/domain/cart-handoff.ts`): a link from a
 * widget on another origin carries the widget's cart, and {@link adoptCartHandoff} puts its lines in
 * this page's cart.
 *
 * - Prices never come from the link: the current shop's products are loaded
 *   (`GET /api/products?ids=`) and each line goes in through the cart store's `addToCart`, so it is
 *   priced, and merged with the lines already there, as anything added on the product page.
 * - Lines the shop cannot take are refused with their reason (`planCartHandoff`: unknown product or
 *   variant, card details missing, and the quantity rules of `src/domain/quantity.ts`), the whole
 *   handoff when it is another shop's cart.
 * - One handoff is adopted once per browser and shop: the last {@link REMEMBERED_HANDOFFS} ids are
 *   kept in `localStorage` under the shop's key, marked only once the lines were added, so a failed
 *   product load leaves the id for a reload to try again. Two calls racing on one id add once (the
 *   ids in flight are kept in memory, page-wide).
 *
 * @module
 */

/** A line added to the cart, with the product's current name for the toast. */
export interface AddedHandoffLine {
  line: CartHandoffLine;
  name: string;
}

/** What adopting a handoff did. */
export type CartHandoffResult =
  /** The handoff was adopted before in this browser for this shop (or is being adopted right now): nothing added. */
  | { status: 'already' }
  /** Not adopted, nothing added: no shop yet, or the products could not be loaded. A reload may try again. */
  | { status: 'failed'; error?: unknown }
  /** The value is not a valid handoff (a caller should pass what `decodeCartHandoff` answered). */
  | { status: 'invalid' }
  /** Adopted: the lines added, and the lines refused with their reason (and `count` for `stock` / `minimum`). */
  | { status: 'adopted'; added: AddedHandoffLine[]; refused: RefusedHandoffLine[] };

/** How many adopted handoff ids a shop remembers (the oldest is forgotten first). */
export const REMEMBERED_HANDOFFS = 50;
const STORAGE_NAME = 'cart-handoffs';

const StoredIdsSchema = v.array(v.string());
const isIdList = (value: unknown): value is string[] => v.is(StoredIdsSchema, value);

/** Handoff ids being adopted on this page now, as `shop:id`. */
const inFlight = pageSingleton('cartHandoff.inFlight', () => new Set<string>());
/** Handoff ids this page adopted, as `shop:id`: holds even when storage is blocked or full. */
const adoptedHere = pageSingleton('cartHandoff.adopted', () => new Set<string>());

/** The ids remembered for `slug`, oldest first. */
function rememberedIds(slug: string): string[] {
  return readStored(shopKey(slug, STORAGE_NAME), isIdList) ?? [];
}

/** Whether handoff `id` was adopted in this browser for shop `slug`. */
export function wasHandoffAdopted(slug: string, id: string): boolean {
  return adoptedHere.has(`${slug}:${id}`) || rememberedIds(slug).includes(id);
}

/** Remembers `id` as adopted for `slug`, keeping the last {@link REMEMBERED_HANDOFFS}. */
function markAdopted(slug: string, id: string): void {
  adoptedHere.add(`${slug}:${id}`);
  const ids = [...rememberedIds(slug).filter((known) => known !== id), id].slice(-REMEMBERED_HANDOFFS);
  writeStored(shopKey(slug, STORAGE_NAME), ids);
}

/**
 * Adopts a handed-over cart into the current shop's cart. Never throws; answers:
 * - `already` when the id was adopted before here for this shop, or is being adopted by a call still running;
 * - `failed` (id not marked) when no shop is loaded or the products could not be loaded;
 * - `adopted` otherwise, with the lines added (`addToCart` with today's product, variant and card
 *   details) and those refused: all of them with `other-shop` when the handoff names another shop
 *   (nothing is loaded then), else each by `planCartHandoff`.
 */
export async function adoptCartHandoff(handoff: CartHandoff): Promise<CartHandoffResult> {
  const valid = parseCartHandoff(handoff);
  if (!valid) return { status: 'invalid' };
  const current = shop.peek();
  if (!current) return { status: 'failed' };
  const slug = current.slug;
  const key = `${slug}:${valid.id}`;
  if (inFlight.has(key) || wasHandoffAdopted(slug, valid.id)) return { status: 'already' };
  inFlight.add(key);
  try {
    if (valid.shop !== slug) {
      markAdopted(slug, valid.id);
      return { status: 'adopted', added: [], refused: valid.lines.map((line) => ({ line, reason: 'other-shop' })) };
    }
    let products: Product[] = [];
    if (valid.lines.length > 0) {
      try {
        products = await fetchProductsByIds(current.id, valid.lines.map((line) => line.product_id));
      } catch (error) {
        return { status: 'failed', error };
      }
    }
    // Another tab may have adopted it while the products loaded.
    if (wasHandoffAdopted(slug, valid.id)) return { status: 'already' };
    // The shop may have changed meanwhile (a designer preview keeps its slug): prices come from this shop's answer only.
    if (shop.peek()?.id !== current.id) return { status: 'failed' };
    const plan = planCartHandoff(valid.lines, products, cartLines.peek(), current.max_line_quantity ?? null);
    const added: AddedHandoffLine[] = [];
    try {
      for (const { line, product, variant, cardInfo } of plan.add) {
        addToCart(product, variant, line.quantity, cardInfo);
        added.push({ line, name: product.name });
      }
    } finally {
      // Marked even when an add failed half-way: a retry must never add the first lines twice.
      markAdopted(slug, valid.id);
    }
    return { status: 'adopted', added, refused: plan.refused };
  } catch (error) {
    return { status: 'failed', error };
  } finally {
    inFlight.delete(key);
  }
}

/** The handoff lines of the cart shown now (for a widget's link into the storefront). */
export function currentCartHandoffLines(): CartHandoffLine[] {
  return cartHandoffLines(cartLines.peek());
}

