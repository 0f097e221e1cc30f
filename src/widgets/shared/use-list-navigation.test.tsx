import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NavigableItem } from './list-navigation.ts';
import { startsWithQuery } from './match.ts';
import { TYPEAHEAD_RESET_MS, useListNavigation, type ListKeyResult, type ListNavigationOptions } from './use-list-navigation.ts';

const fruits: NavigableItem[] = [{ label: 'Apple' }, { label: 'Banana' }, { label: 'Blueberry' }, { label: 'Cherry' }];

/** A list that reports every key result and starts from `from`. */
function Probe({ options, from, onResult }: { options: ListNavigationOptions; from: number; onResult: (result: ListKeyResult | null) => void }) {
  const navigation = useListNavigation(options);
  return <div role="listbox" tabIndex={0} aria-label="Fruit" onKeyDown={(event) => onResult(navigation.keyDown(event, fruits, from))} />;
}

describe('useListNavigation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should answer moves and prevent their default, and leave other keys alone', () => {
    const onResult = vi.fn();
    render(<Probe options={{ wrap: true }} from={3} onResult={onResult} />);
    const list = screen.getByRole('listbox');
    expect(fireEvent.keyDown(list, { key: 'ArrowDown' })).toBe(false);
    expect(onResult).toHaveBeenLastCalledWith({ kind: 'move', index: 0 });
    expect(fireEvent.keyDown(list, { key: 'Enter' })).toBe(true);
    expect(onResult).toHaveBeenLastCalledWith(null);
    expect(fireEvent.keyDown(list, { key: 'b' })).toBe(true);
    expect(onResult).toHaveBeenLastCalledWith(null);
  });

  it('should build a type-ahead string from quick letters and start a new one after the pause', () => {
    vi.useFakeTimers();
    const onResult = vi.fn();
    render(<Probe options={{ wrap: false, typeahead: startsWithQuery }} from={0} onResult={onResult} />);
    const list = screen.getByRole('listbox');
    fireEvent.keyDown(list, { key: 'b' });
    expect(onResult).toHaveBeenLastCalledWith({ kind: 'typeahead', index: 1 });
    fireEvent.keyDown(list, { key: 'l' });
    expect(onResult).toHaveBeenLastCalledWith({ kind: 'typeahead', index: 2 });
    // A space inside a search is part of it, not a choice (matching ignores the trailing space).
    expect(fireEvent.keyDown(list, { key: ' ' })).toBe(false);
    expect(onResult).toHaveBeenLastCalledWith({ kind: 'typeahead', index: 2 });
    fireEvent.keyDown(list, { key: 'x' });
    expect(onResult).toHaveBeenLastCalledWith({ kind: 'typeahead', index: null });
    act(() => {
      vi.advanceTimersByTime(TYPEAHEAD_RESET_MS);
    });
    fireEvent.keyDown(list, { key: ' ' });
    expect(onResult).toHaveBeenLastCalledWith(null);
    fireEvent.keyDown(list, { key: 'c' });
    expect(onResult).toHaveBeenLastCalledWith({ kind: 'typeahead', index: 3 });
  });
});
