import { useCallback, useEffect, useRef, useState } from 'react';
import { formatMoney, formatNumber } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';
import { cartTotals, removeFromCart, setCartQuantity, type PricedCartLine } from '../../store/cart.ts';
import { cartReview } from '../../store/cart-review.ts';
import { shop } from '../../store/shop.ts';
import type { QuantityError } from '../../domain/quantity.ts';
import { variantText } from '../cart-button/CartSummaryList.tsx';

/**
 * Quiet time after the last quantity change before it is announced: pressing "+" four times, or typing
 * "12", is announced once, with the quantity it ended at.
 */
export const QUANTITY_ANNOUNCE_DELAY_MS = 700;

/** A cart line's name as the buyer knows it: the product with its colour and size. */
export function lineName(line: PricedCartLine['line']): string {
  const variant = variantText(line);
  return variant ? `${line.name} (${variant})` : line.name;
}

/** The text of a broken quantity rule (spec §8 `sale.qty.minimum` / `sale.qty.exceeded`) on a cart line. */
export function quantityText(error: QuantityError): string {
  return t(error.code, { qty: formatNumber(error.qty) });
}

/**
 * What a quantity change of line `key` did, read from the cart as it is now: the line's quantity and
 * total, the cart's total, the line's broken rules, and why checkout cannot start; '' when the line
 * is gone.
 */
function quantityAnnouncement(key: string): string {
  const summary = cartTotals.peek();
  const priced = summary.lines.find((line) => line.key === key);
  if (!priced) return '';
  const currency = shop.peek()?.currency ?? '';
  const review = cartReview.peek();
  const parts = [
    t('cart.quantity_changed', {
      name: lineName(priced.line),
      qty: formatNumber(priced.line.quantity),
      total: formatMoney(priced.total, currency),
      cart: formatMoney(summary.total, currency),
    }),
    ...(review.lines.get(key)?.errors ?? []).map(quantityText),
  ];
  if (review.blockers.length > 0) parts.push(`${t('cart.blocked_title')}: ${review.blockers.map((blocker) => t(blocker)).join(' ')}`);
  return parts.join(' ');
}

/**
 * The cart screen's announcements, for its polite live region: a quantity change (once the buyer
 * pauses, see {@link QUANTITY_ANNOUNCE_DELAY_MS}) with the new line and cart totals and any rule it
 * broke, and a removal. The same text twice in a row is told apart by a trailing no-break space, so
 * a live region hears it again.
 */
export function useCartAnnouncer(): {
  announcement: string;
  onQuantityChange: (key: string, quantity: number) => void;
  onRemove: (priced: PricedCartLine) => void;
} {
  const [announcement, setAnnouncement] = useState('');
  const say = useCallback((text: string) => {
    if (text) setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));
  }, []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onQuantityChange = useCallback(
    (key: string, quantity: number) => {
      setCartQuantity(key, quantity);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => say(quantityAnnouncement(key)), QUANTITY_ANNOUNCE_DELAY_MS);
    },
    [say],
  );
  const onRemove = useCallback(
    (priced: PricedCartLine) => {
      clearTimeout(timer.current);
      removeFromCart(priced.key);
      say(t('cart.removed', { name: priced.line.name }));
    },
    [say],
  );
  return { announcement, onQuantityChange, onRemove };
}
