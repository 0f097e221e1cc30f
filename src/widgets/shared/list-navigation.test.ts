import { describe, expect, it } from 'vitest';
import { findTypeahead, firstEnabledIndex, isTypeaheadKey, keyToMove, lastEnabledIndex, moveIndex, startsWithText, type NavigableItem } from './list-navigation.ts';
import { startsWithQuery } from './match.ts';

// Index:         0          1                 2          3                 4
const items: NavigableItem[] = [{ label: 'Apple' }, { label: 'Avocado', disabled: true }, { label: 'Banana' }, { label: 'Blueberry' }, { label: 'Cherry', disabled: true }];
const letters = (count: number): NavigableItem[] => Array.from({ length: count }, (_, index) => ({ label: String(index) }));

describe('keyToMove', () => {
  const vertical = { orientation: 'vertical', homeEnd: true, pageStep: 10 } as const;

  it('should map the vertical arrows, Home, End and the page keys of a listbox', () => {
    expect(['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp', 'ArrowLeft', 'Enter'].map((key) => keyToMove(key, vertical))).toEqual([
      'next',
      'previous',
      'first',
      'last',
      'page-next',
      'page-previous',
      null,
      null,
    ]);
  });

  it('should leave Home, End and the page keys alone when the list does not take them', () => {
    const plain = { orientation: 'vertical', homeEnd: false, pageStep: 0 } as const;
    expect(['Home', 'End', 'PageDown', 'PageUp'].map((key) => keyToMove(key, plain))).toEqual([null, null, null, null]);
  });

  it('should take both arrow axes in a radio group and flip the horizontal ones right to left', () => {
    const both = { orientation: 'both', homeEnd: false, pageStep: 0 } as const;
    expect(['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'].map((key) => keyToMove(key, both))).toEqual(['next', 'previous', 'next', 'previous']);
    expect(['ArrowRight', 'ArrowLeft', 'ArrowDown'].map((key) => keyToMove(key, { ...both, rtl: true }))).toEqual(['previous', 'next', 'next']);
    expect(keyToMove('ArrowDown', { ...both, orientation: 'horizontal' })).toBeNull();
  });
});

describe('moveIndex', () => {
  it('should skip disabled items and stop at the ends without wrap (select-only combobox)', () => {
    expect(moveIndex(items, 0, 'next', { wrap: false })).toBe(2);
    expect(moveIndex(items, 3, 'next', { wrap: false })).toBe(3);
    expect(moveIndex(items, 0, 'previous', { wrap: false })).toBe(0);
    expect(moveIndex(items, 2, 'previous', { wrap: false })).toBe(0);
  });

  it('should wrap past either end to the nearest enabled item (menu, radio group, editable combobox)', () => {
    expect(moveIndex(items, 3, 'next', { wrap: true })).toBe(0);
    expect(moveIndex(items, 0, 'previous', { wrap: true })).toBe(3);
  });

  it('should start at an end when nothing is active yet', () => {
    expect(moveIndex(items, -1, 'next', { wrap: false })).toBe(0);
    expect(moveIndex(items, -1, 'previous', { wrap: true })).toBe(3);
  });

  it('should jump to the first and last enabled items', () => {
    expect(moveIndex(items, 2, 'first', { wrap: false })).toBe(0);
    expect(moveIndex(items, 0, 'last', { wrap: false })).toBe(3);
    expect([firstEnabledIndex(items), lastEnabledIndex(items)]).toEqual([0, 3]);
  });

  it('should page by enabled items and stop at the ends, also in a wrapping list', () => {
    expect(moveIndex(letters(25), 0, 'page-next', { wrap: false })).toBe(10);
    expect(moveIndex(letters(25), 20, 'page-next', { wrap: true })).toBe(24);
    expect(moveIndex(letters(25), 4, 'page-previous', { wrap: false, pageStep: 3 })).toBe(1);
  });

  it('should stay put when the active item is the only enabled one, and give -1 when none is', () => {
    const one: NavigableItem[] = [{ disabled: true }, {}, { disabled: true }];
    expect(moveIndex(one, 1, 'next', { wrap: true })).toBe(1);
    expect(moveIndex([{ disabled: true }], -1, 'next', { wrap: true })).toBe(-1);
  });
});

describe('findTypeahead', () => {
  it('should find the next enabled item starting with a letter after the active one, wrapping', () => {
    expect(findTypeahead(items, -1, 'b')).toBe(2);
    expect(findTypeahead(items, 2, 'b')).toBe(3);
    expect(findTypeahead(items, 3, 'b')).toBe(2);
    expect(findTypeahead(items, 0, 'a')).toBe(0);
  });

  it('should cycle on a repeated letter and match a longer string from the active item on', () => {
    expect(findTypeahead(items, 2, 'bb')).toBe(3);
    expect(findTypeahead(items, 2, 'ba')).toBe(2);
    expect(findTypeahead(items, 0, 'bl')).toBe(3);
  });

  it('should compare by the rule given: case only by default, accents too with startsWithQuery', () => {
    const cities = [{ label: 'Warszawa' }, { label: 'Łódź' }, { label: ' lublin' }];
    expect(findTypeahead(cities, 0, 'L')).toBe(2);
    expect(findTypeahead(cities, 0, 'L', startsWithQuery)).toBe(1);
    expect(startsWithText('Orders', 'OR')).toBe(true);
  });

  it('should skip disabled items and answer null without a match', () => {
    expect(findTypeahead(items, 0, 'c')).toBeNull();
    expect(findTypeahead(items, 0, 'x')).toBeNull();
  });
});

const key = (value: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({ key: value, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

describe('isTypeaheadKey', () => {
  it('should take one printable character without modifiers, and a space only inside a search', () => {
    expect(isTypeaheadKey(key('a'), false)).toBe(true);
    expect(isTypeaheadKey(key('a', { ctrlKey: true }), false)).toBe(false);
    expect(isTypeaheadKey(key('ArrowDown'), false)).toBe(false);
    expect(isTypeaheadKey(key(' '), false)).toBe(false);
    expect(isTypeaheadKey(key(' '), true)).toBe(true);
  });
});
