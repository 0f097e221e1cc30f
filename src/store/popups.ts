import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { pageSingleton } from '../page-singleton.ts';
import { shop } from './shop.ts';
import { readStored, shopKey, writeStored } from './storage.ts';

/**
 * The shop popups the visitor closed this session (spec §2 "Other UI"; issue: "a closed popup stays
 * closed for the session"). Kept in `sessionStorage` per shop, so a closed popup stays closed through
 * navigation and reloads in the same tab, while a new session (a new tab, the browser reopened) shows
 * it again. Not per user: a popup read as a guest of an open shop need not show again after login.
 *
 * @module
 */

/** The storage name of the closed popup ids. */
const CLOSED_NAME = 'closed-popups';

/** What a stored entry must be: a list of popup ids (anything else is discarded). */
function isIdList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((id) => Number.isSafeInteger(id));
}

/**
 * Closed ids per shop slug as this page knows them: filled from storage on first read and
 * updated on close, so closing works for the page even when storage is unavailable or full.
 */
const closedByShop = pageSingleton('closedPopupsByShop', () => signal<Readonly<Record<string, readonly number[]>>>({}));

const NONE: ReadonlySet<number> = new Set();

/** Ids of the current shop's popups closed this session (empty before a shop is loaded). */
export const closedPopupIds: ReadonlySignal<ReadonlySet<number>> = pageSingleton('closedPopupIds', () =>
  computed(() => {
    const slug = shop.value?.slug;
    if (!slug) return NONE;
    const known = closedByShop.value[slug] ?? readStored(shopKey(slug, CLOSED_NAME), isIdList, 'session');
    return known ? new Set(known) : NONE;
  }),
);

/** Marks popup `id` of the current shop closed for the rest of the session (no-op without a shop). */
export function closePopup(id: number): void {
  const slug = shop.value?.slug;
  if (!slug || closedPopupIds.value.has(id)) return;
  const ids = [...closedPopupIds.value, id];
  closedByShop.value = { ...closedByShop.value, [slug]: ids };
  writeStored(shopKey(slug, CLOSED_NAME), ids, 'session');
}

