import { useEffect, useRef, type KeyboardEvent } from 'react';
import { findTypeahead, isTypeaheadKey, keyToMove, moveIndex, type ListOrientation, type NavigableItem, type TypeaheadMatch } from './list-navigation.ts';

/** Type-ahead: characters typed within this time form one search string (APG listbox and menu). */
export const TYPEAHEAD_RESET_MS = 500;

/** How a list moves; see `list-navigation.ts` for each rule. */
export interface ListNavigationOptions {
  /** Past the last item comes the first again (menus, radio groups, the editable combobox); not in a select-only combobox. */
  wrap: boolean;
  /** Which arrows move (default `vertical`); with ← →, right-to-left pages flip them. */
  orientation?: ListOrientation;
  /** Home and End jump to the ends (default true). */
  homeEnd?: boolean;
  /** PageUp / PageDown jump this many items (default 0: not handled). */
  pageStep?: number;
  /** Typed letters jump to the next item whose label starts with them, compared by this rule (`startsWithText`, or `startsWithQuery` for data labels); without it, no type-ahead. */
  typeahead?: TypeaheadMatch;
}

/** What a key press asked of the list: a move to `index`, or a type-ahead search (`index` null: no match). */
export type ListKeyResult = { kind: 'move'; index: number } | { kind: 'typeahead'; index: number | null };

/**
 * One keyboard navigation for every list widget: the dropdown and the autocomplete (active
 * descendant: focus stays on the field, the widget sets `aria-activedescendant` to the index it is
 * given), the select button and the account menu (roving focus: the widget focuses the item at the
 * index). `keyDown(event, items, from)` answers with where the key asks to go from the active index
 * `from`, or null when the key is none of the list's; a key it answers has its default prevented.
 * What an index means (activate, focus, choose, open the list first) stays with the widget, since the
 * patterns differ there. The type-ahead buffer is kept between key presses and cleared after
 * {@link TYPEAHEAD_RESET_MS}.
 */
export function useListNavigation({ wrap, orientation = 'vertical', homeEnd = true, pageStep = 0, typeahead }: ListNavigationOptions) {
  const search = useRef<{ text: string; timer: ReturnType<typeof setTimeout> | undefined }>({ text: '', timer: undefined });
  useEffect(() => () => clearTimeout(search.current.timer), []);

  const typeText = (character: string): string => {
    const state = search.current;
    clearTimeout(state.timer);
    state.text += character;
    state.timer = setTimeout(() => {
      state.text = '';
    }, TYPEAHEAD_RESET_MS);
    return state.text;
  };

  const keyDown = (event: KeyboardEvent<HTMLElement>, items: readonly NavigableItem[], from: number): ListKeyResult | null => {
    if (typeahead && isTypeaheadKey(event, search.current.text !== '')) {
      event.preventDefault();
      return { kind: 'typeahead', index: findTypeahead(items, from, typeText(event.key), typeahead) };
    }
    const horizontalKey = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
    const rtl = horizontalKey && orientation !== 'vertical' && getComputedStyle(event.currentTarget).direction === 'rtl';
    const move = keyToMove(event.key, { orientation, homeEnd, pageStep, rtl });
    if (move === null) return null;
    event.preventDefault();
    return { kind: 'move', index: moveIndex(items, from, move, { wrap, pageStep }) };
  };

  return { keyDown };
}
