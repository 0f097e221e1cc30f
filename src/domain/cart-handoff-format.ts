import * as v from 'valibot';
import { CartItemInputSchema, type CardInfo } from '../contract/contract.ts';

/**
 * The cart handoff's format: a widget on an intranet page keeps its cart in that page's origin
 * (browser storage is per origin), so every link from a widget into the storefront carries the
 * widget's cart, as Shopify's cart permalinks do, and the storefront adopts the lines.
 *
 * The handoff holds only what identifies a line: product id, variant id, quantity and business-card
 * details (spec §3 `cardInfo`). Never prices, names or anything else: the storefront loads the
 * products and prices them itself (`src/store/cart-handoff.ts`). It also carries a random id, so
 * one link adopted twice (a reload, the back button) adds nothing the second time, and the shop's
 * slug, so a link of another shop is recognised.
 *
 * ## Format (version 1)
 *
 * `1.` followed by the base64url (RFC 4648 §5, no padding) of the UTF-8 JSON array
 * `[id, shop, lines]`, each line `[product_id, variant_id, quantity]` or, for a business card,
 * `[product_id, variant_id, quantity, [name, surname, email, phone, job, cost, address]]`. The
 * characters are all URL-safe (`[0-9A-Za-z._-]`), so the text goes into a query or a fragment as
 * it is. Another version prefix is refused, so a later format can sit beside this one.
 *
 * Reading is as strict as the contract: ids within the database's integer range and quantities
 * 1 … 1,000,000 (`CartItemInputSchema`), card details by `CardInfoSchema`, at most
 * {@link CART_HANDOFF_MAX_LINES} lines and {@link CART_HANDOFF_MAX_LENGTH} characters. Anything
 * else reads as `null`; nothing here throws on what a link carries.
 *
 * @module
 */

// ---------------------------------------------------------------------------------------------------
// Types and limits

/** The version this module writes, and the only one it reads. */
export const CART_HANDOFF_VERSION = 1;
/** The longest encoded handoff read (and written): links stay well inside what browsers and servers take. */
export const CART_HANDOFF_MAX_LENGTH = 6000;
/** The most lines one handoff carries (one catalogue call loads them all). */
export const CART_HANDOFF_MAX_LINES = 100;

/** One line handed over: what was chosen, how many, and the business-card details of a card product. */
export interface CartHandoffLine {
  product_id: number;
  variant_id: number;
  /** Whole pieces, 1 … 1,000,000 (the contract's `quantityField`). */
  quantity: number;
  card_info: CardInfo | null;
}

/** A widget's cart as a link carries it. */
export interface CartHandoff {
  /** Random, from {@link newHandoffId}: the same link adopted twice adds nothing the second time. */
  id: string;
  /** The slug of the shop whose cart this is. */
  shop: string;
  lines: CartHandoffLine[];
}

const PREFIX = `${CART_HANDOFF_VERSION}.`;
/** A handoff id: base64url characters, 8 to 64 of them ({@link newHandoffId} makes 22). */
const ID = /^[A-Za-z0-9_-]{8,64}$/;
/** A shop slug: a DNS label in lower case, as `src/domain/tenant.ts` reads one out of a host name. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The card fields in their fixed order on the wire. */
const CARD_FIELDS = ['name', 'surname', 'email', 'phone', 'job', 'cost', 'address'] as const satisfies readonly (keyof CardInfo)[];

// ---------------------------------------------------------------------------------------------------
// Validation

const HandoffSchema = v.object({
  id: v.pipe(v.string(), v.regex(ID)),
  shop: v.pipe(v.string(), v.regex(SLUG)),
  lines: v.pipe(v.array(CartItemInputSchema), v.maxLength(CART_HANDOFF_MAX_LINES)),
});

/**
 * `value` as a valid handoff (card details trimmed as `CardInfoSchema` reads them, a missing card as
 * `null`, nothing else kept), or `null` when it is not one. The one check both directions share.
 */
export function parseCartHandoff(value: unknown): CartHandoff | null {
  try {
    const result = v.safeParse(HandoffSchema, value);
    if (!result.success) return null;
    const { id, shop, lines } = result.output;
    return {
      id,
      shop,
      lines: lines.map(({ product_id, variant_id, quantity, card_info }) => ({ product_id, variant_id, quantity, card_info: card_info ?? null })),
    };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// Encoding

/** Base64url of UTF-8 text, without padding. */
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The UTF-8 text of base64url, or `null` when it is not valid base64url of valid UTF-8. */
function fromBase64Url(encoded: string): string | null {
  if (!BASE64URL.test(encoded) || encoded.length % 4 === 1) return null;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The handoff as link text (`1.` + base64url of `[id, shop, lines]`, see the module notes), or `null`
 * when it cannot travel: it is not a valid handoff ({@link parseCartHandoff}), or its text would be
 * longer than {@link CART_HANDOFF_MAX_LENGTH} (a cart of very many business cards); a link then goes
 * without the cart. Card details are written trimmed, as the storefront would read them.
 */
export function encodeCartHandoff(handoff: CartHandoff): string | null {
  const valid = parseCartHandoff(handoff);
  if (!valid) return null;
  const lines = valid.lines.map(({ product_id, variant_id, quantity, card_info }) =>
    card_info ? [product_id, variant_id, quantity, CARD_FIELDS.map((field) => card_info[field])] : [product_id, variant_id, quantity],
  );
  const text = PREFIX + toBase64Url(JSON.stringify([valid.id, valid.shop, lines]));
  return text.length <= CART_HANDOFF_MAX_LENGTH ? text : null;
}

const WireCardSchema = v.strictTuple([v.string(), v.string(), v.string(), v.string(), v.string(), v.string(), v.string()]);
const WireLineSchema = v.union([v.strictTuple([v.number(), v.number(), v.number()]), v.strictTuple([v.number(), v.number(), v.number(), WireCardSchema])]);
const WireSchema = v.strictTuple([v.string(), v.string(), v.pipe(v.array(WireLineSchema), v.maxLength(CART_HANDOFF_MAX_LINES))]);

/**
 * The handoff a link carries, or `null` for anything that is not one this version wrote: too long,
 * another version, not base64url of UTF-8 JSON, another shape, more than
 * {@link CART_HANDOFF_MAX_LINES} lines, an id or quantity out of the contract's range, card details
 * that fail `CardInfoSchema`. Never throws.
 */
export function decodeCartHandoff(text: unknown): CartHandoff | null {
  if (typeof text !== 'string' || text.length > CART_HANDOFF_MAX_LENGTH || !text.startsWith(PREFIX)) return null;
  const json = fromBase64Url(text.slice(PREFIX.length));
  if (json === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const wire = v.safeParse(WireSchema, raw);
  if (!wire.success) return null;
  const [id, shop, lines] = wire.output;
  return parseCartHandoff({
    id,
    shop,
    lines: lines.map(([product_id, variant_id, quantity, card]) => ({
      product_id,
      variant_id,
      quantity,
      card_info: card ? Object.fromEntries(CARD_FIELDS.map((field, index) => [field, card[index]])) : null,
    })),
  });
}

/**
 * A new random handoff id: 16 bytes (128 bits) from `crypto.getRandomValues` as 22 base64url
 * characters. `getRandomValues` rather than `randomUUID`: the latter exists only in secure contexts,
 * and an intranet page may be served over plain HTTP.
 */
export function newHandoffId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// ---------------------------------------------------------------------------------------------------
// The cart's side

/** A cart line as these rules read it (the cart store's `CartLine` fits). */
export interface HandoffSourceLine {
  product_id: number;
  variant_id: number;
  quantity: number;
  card_info: CardInfo | null;
}

/** The handoff lines of a cart: product, variant, quantity and card details of each line, nothing else. */
export function cartHandoffLines(lines: readonly HandoffSourceLine[]): CartHandoffLine[] {
  return lines.map(({ product_id, variant_id, quantity, card_info }) => ({ product_id, variant_id, quantity, card_info: card_info ? { ...card_info } : null }));
}
