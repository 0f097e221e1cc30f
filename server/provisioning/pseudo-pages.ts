import type { PSEUDO_PAGE_SLUGS } from '../shared.ts';

/** The fixed screens popups can target, as a shop's page list names them (demo seed and shop files). */
export const PSEUDO_PAGE_NAMES: Record<(typeof PSEUDO_PAGE_SLUGS)[number], string> = {
  cart: 'Cart',
  'delivery-addresses': 'Delivery Addresses',
  'payment-methods': 'Payment Methods',
  summary: 'Summary',
  'order-confirmation': 'Order confirmation page',
};
