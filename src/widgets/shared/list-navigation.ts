/**
 * The pure rules of keyboard navigation in a list of options or menu items (WAI-ARIA APG listbox,
 * menu, combobox and radio group patterns): which key moves where, skipping disabled items, wrapping
 * or stopping at the ends, and type-ahead by the first letters of the labels. `use-list-navigation.ts`
 * puts them behind one hook; they stay apart so they can be tested without a DOM.
 */

/** How type-ahead compares a label with the typed letters: whether the label starts with them. */
export type TypeaheadMatch = (label: string, typed: string) => boolean;

/**
 * The plain type-ahead rule (a menu of the shop's own texts): the label starts with the typed letters,
 * ignoring case. Option lists whose labels come from data pass `startsWithQuery` (`match.ts`), which
 * also ignores accents and punctuation (spec §5) at the cost of its folding table.
 */
export const startsWithText: TypeaheadMatch = (label, typed) => label.trim().toLocaleLowerCase().startsWith(typed.toLocaleLowerCase());

/** What navigation needs to know of one item. */
export interface NavigableItem {
  disabled?: boolean;
  /** The text type-ahead matches against; items without it are never found by typing. */
  label?: string;
}

/** A move through the list. */
export type ListMove = 'next' | 'previous' | 'first' | 'last' | 'page-next' | 'page-previous';

/** Which arrows move: ↑ ↓ (listbox, menu, combobox), ← → (menu bar), or both (radio group). */
export type ListOrientation = 'vertical' | 'horizontal' | 'both';

/** Which keys a list answers to besides its arrows. */
export interface ListKeyOptions {
  orientation: ListOrientation;
  /** Home and End jump to the first and last enabled item. */
  homeEnd: boolean;
  /** PageUp and PageDown jump this many enabled items; 0 leaves them alone. */
  pageStep: number;
  /** Right-to-left text: ← means next and → previous. */
  rtl?: boolean;
}

/** The move a key asks for in a list with these options, or null when the key is not a move. */
export function keyToMove(key: string, { orientation, homeEnd, pageStep, rtl = false }: ListKeyOptions): ListMove | null {
  const vertical = orientation !== 'horizontal';
  const horizontal = orientation !== 'vertical';
  if ((vertical && key === 'ArrowDown') || (horizontal && key === (rtl ? 'ArrowLeft' : 'ArrowRight'))) return 'next';
  if ((vertical && key === 'ArrowUp') || (horizontal && key === (rtl ? 'ArrowRight' : 'ArrowLeft'))) return 'previous';
  if (homeEnd && (key === 'Home' || key === 'End')) return key === 'Home' ? 'first' : 'last';
  if (pageStep > 0 && (key === 'PageDown' || key === 'PageUp')) return key === 'PageDown' ? 'page-next' : 'page-previous';
  return null;
}

const enabled = (item: NavigableItem | undefined): boolean => item !== undefined && !item.disabled;

/** The first enabled item's index, or -1 when every item is disabled. */
export function firstEnabledIndex(items: readonly NavigableItem[]): number {
  return items.findIndex(enabled);
}

/** The last enabled item's index, or -1 when every item is disabled. */
export function lastEnabledIndex(items: readonly NavigableItem[]): number {
  return items.findLastIndex(enabled);
}

/** Options of {@link moveIndex}. */
export interface MoveOptions {
  /** Past the last item comes the first again (and the other way round); otherwise the ends hold. */
  wrap: boolean;
  /** How many enabled items a page move jumps (default 10). */
  pageStep?: number;
}

/**
 * Where `move` goes from `from` (-1: nothing active yet, then next starts at the first enabled item
 * and previous at the last). Disabled items are skipped; a page move never wraps and stops at the
 * last enabled item it reached. Returns -1 only when no item is enabled.
 */
export function moveIndex(items: readonly NavigableItem[], from: number, move: ListMove, { wrap, pageStep = 10 }: MoveOptions): number {
  const first = firstEnabledIndex(items);
  if (move === 'first' || first < 0) return first;
  const last = lastEnabledIndex(items);
  if (move === 'last') return last;
  const step = move.endsWith('next') ? 1 : -1;
  if (!items[from]) return step > 0 ? first : last;
  let count = move.startsWith('page') ? pageStep : 1;
  const mayWrap = wrap && count === 1;
  let result = from;
  // Stops after `count` enabled items, at an end (unless wrapping), or back where it started.
  for (let index = from + step; count > 0 && index !== from; index += step) {
    if (index < 0 || index >= items.length) {
      if (!mayWrap) break;
      index = step > 0 ? -1 : items.length;
    } else if (enabled(items[index])) {
      result = index;
      count -= 1;
    }
  }
  return result;
}

/**
 * Type-ahead (APG: "type a character: focus moves to the next item with a name that starts with the
 * typed character"; several characters typed in quick succession match the start of a name): the
 * index of the enabled item whose label starts with `text`, searching from `from` and wrapping, or
 * null. A single letter, or the same letter typed again, moves on to the next match after `from`, so
 * "b b b" cycles through every name starting with b; a longer string may stay on `from` while it
 * still matches. `matches` compares a label with the typed letters.
 */
export function findTypeahead(items: readonly NavigableItem[], from: number, text: string, matches: TypeaheadMatch = startsWithText): number | null {
  if (text === '' || items.length === 0) return null;
  const repeated = [...text].every((letter) => letter === text[0]);
  const query = repeated ? text.slice(0, 1) : text;
  const start = repeated ? from + 1 : Math.max(from, 0);
  for (let step = 0; step < items.length; step += 1) {
    const index = (((start + step) % items.length) + items.length) % items.length;
    const item = items[index];
    if (enabled(item) && item?.label !== undefined && matches(item.label, query)) return index;
  }
  return null;
}

/**
 * Whether a key press is a type-ahead character: one printable character without Ctrl, Meta or Alt.
 * A space counts only inside a search already under way (otherwise it chooses or activates).
 */
export function isTypeaheadKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, searching: boolean): boolean {
  const { key, ctrlKey, metaKey, altKey } = event;
  return key.length === 1 && !ctrlKey && !metaKey && !altKey && (key !== ' ' || searching);
}
