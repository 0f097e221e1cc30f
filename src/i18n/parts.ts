import type { Messages } from './locales/en.ts';

/** A top-level area of the dictionaries (`cart`, `checkout`, …). */
export type MessageArea = keyof Messages;

/**
 * The dictionaries are loaded in parts, per language, on demand: a page loads only its language, and
 * an element only the parts it shows before it renders; a part it shows only later (the cart
 * button's drawer) loads with that part's lazily loaded code. Each part is its own chunk, cut from
 * `locales/<lang>.ts` at build time (`build/message-parts.ts`), so the dictionaries stay one file
 * per language.
 *
 * - `core`: what every element waits for: the element frame (its error box, loading and
 *   not-found texts, the language names) and the small elements' own texts (the cart button's label
 *   and count, the language switch). `<shop-cart-button>` and `<shop-language-switch>` wait for
 *   nothing else, so they show sooner and load less.
 * - `base`: what the widgets, forms, error texts (API error codes are keys) and the cart and product
 *   show: the cart button's drawer loads it with its code (`CartDrawer`), and every other element
 *   waits for it.
 * - `screens`: the storefront's other screens.
 *
 * Every area is in exactly one part (checked by `src/i18n/i18n.test.ts` and by the build).
 */
export const MESSAGE_PARTS = {
  core: ['app'],
  base: ['units', 'widgets', 'validation', 'errors', 'notices', 'sale', 'nav', 'cart', 'product'],
  screens: ['budgets', 'account', 'catalogue', 'checkout', 'orders', 'auth', 'contact', 'coordinator', 'home', 'popups'],
} as const satisfies Record<string, readonly MessageArea[]>;

/** A part of the dictionaries: see {@link MESSAGE_PARTS}. */
export type MessagePart = keyof typeof MESSAGE_PARTS;

/** Every part, for an element that may show any text (the default). */
export const ALL_MESSAGE_PARTS = Object.keys(MESSAGE_PARTS) as MessagePart[];

/** The part that holds `area`, or undefined for an area no part lists. */
export function partOf(area: string): MessagePart | undefined {
  return ALL_MESSAGE_PARTS.find((part) => (MESSAGE_PARTS[part] as readonly string[]).includes(area));
}
