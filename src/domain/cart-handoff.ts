/**
 * The cart handoff: a widget on an intranet page keeps its cart in that page's origin (browser storage
 * is per origin), so every link from a widget into the storefront carries the widget's cart, and the
 * storefront adopts the lines.
 *
 * This module is the handoff's public face: the format and its encoding (`./cart-handoff-format.ts`)
 * and which lines the storefront takes (`./cart-handoff-plan.ts`) are re-exported from here.
 *
 * @module
 */

export {
  CART_HANDOFF_MAX_LENGTH,
  CART_HANDOFF_MAX_LINES,
  CART_HANDOFF_VERSION,
  cartHandoffLines,
  decodeCartHandoff,
  encodeCartHandoff,
  newHandoffId,
  parseCartHandoff,
  type CartHandoff,
  type CartHandoffLine,
  type HandoffSourceLine,
} from './cart-handoff-format.ts';
export {
  planCartHandoff,
  type HandoffPlan,
  type HandoffProduct,
  type HandoffRefusalReason,
  type PlannedHandoffLine,
  type RefusedHandoffLine,
} from './cart-handoff-plan.ts';
