import type { CardInfo } from '../contract/contract.ts';
import { cartLineKey, mergeLine } from '../domain/cart.ts';
import type { CartLine } from './cart-line.ts';

/**
 * Which cart lines are one line: the domain's merge rules (by product, colour and size; Group Buy by
 * product), applied within the lines of one business card's details, so two people's cards of one
 * product stay two lines.
 *
 * @module
 */

/** The card details as one exact string ('' for none), fields in a fixed order. */
export function cardIdentity(card: CardInfo | null): string {
  if (!card) return '';
  return JSON.stringify([card.name, card.surname, card.email, card.phone, card.job, card.cost, card.address]);
}

/**
 * The key of a line: the domain's `cartLineKey` (`"12|red|XL"`, `"12|groupbuy"`), followed for a
 * business-card line by its card details, so two people's cards of one product stay two lines.
 */
export function lineKey(line: CartLine): string {
  const card = cardIdentity(line.card_info);
  return card ? `${cartLineKey(line)}|card:${encodeURIComponent(card)}` : cartLineKey(line);
}

/**
 * Applies a domain rule (`mergeLine`, `setLineQuantity`, `removeLine`) to the lines with the
 * same card details only; every other line keeps its place. Within such a group `cartLineKey` is unique,
 * so the rule's result is matched back by it: changed lines stay where they were, new ones go last.
 */
export function withinCardGroup(lines: readonly CartLine[], card: string, rule: (group: CartLine[]) => CartLine[]): CartLine[] {
  const inGroup = (line: CartLine) => cardIdentity(line.card_info) === card;
  const changed = new Map(rule(lines.filter(inGroup)).map((line) => [cartLineKey(line), line]));
  const next: CartLine[] = [];
  for (const line of lines) {
    if (!inGroup(line)) {
      next.push(line);
      continue;
    }
    const updated = changed.get(cartLineKey(line));
    if (updated) {
      next.push(updated);
      changed.delete(cartLineKey(line));
    }
  }
  return [...next, ...changed.values()];
}

/** Adds `line` by the merge rules (spec §9, plus card details). */
export function mergeCartLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  return withinCardGroup(lines, cardIdentity(line.card_info), (group) => mergeLine(group, line));
}
