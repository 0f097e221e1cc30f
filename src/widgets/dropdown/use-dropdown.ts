import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { firstEnabledIndex, lastEnabledIndex } from '../shared/list-navigation.ts';
import { startsWithQuery } from '../shared/match.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { useDismiss } from '../shared/use-dismiss.ts';
import { useListNavigation } from '../shared/use-list-navigation.ts';
import type { DropdownOption } from './Dropdown.tsx';

/** How many options PageUp / PageDown jump. */
const PAGE_STEP = 10;

/** What {@link useDropdown} needs: the options, the controlled/uncontrolled value and open state, and the two nodes. */
export interface DropdownStateOptions {
  options: readonly DropdownOption[];
  value: string | null | undefined;
  defaultValue: string | null;
  onValueChange: ((value: string) => void) | undefined;
  open: boolean | undefined;
  defaultOpen: boolean;
  onOpenChange: ((open: boolean) => void) | undefined;
  disabled: boolean;
  triggerRef: RefObject<HTMLElement | null>;
  listRef: RefObject<HTMLElement | null>;
}

/**
 * The state and keys of a select-only combobox (APG "Select-Only Combobox"): the value, whether the
 * list is open, the active option, and the trigger's keydown. Closed, ↓ ↑ Enter Space open at the
 * chosen option, Home End open at an end and typed letters open at the match; open, ↓ ↑ Home End
 * PageUp PageDown move without wrapping (as the APG example does), typed letters jump, Enter Space Tab
 * or Alt+↑ choose and Escape closes.
 */
export function useDropdown({ options, value: valueProp, defaultValue, onValueChange, open: openProp, defaultOpen, onOpenChange, disabled, triggerRef, listRef }: DropdownStateOptions) {
  const [value, setValue] = useControllableState<string | null>(valueProp, defaultValue, (next) => {
    if (next !== null) onValueChange?.(next);
  });
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const [active, setActive] = useState(-1);
  const navigation = useListNavigation({ wrap: false, pageStep: PAGE_STEP, typeahead: startsWithQuery });

  const selectedIndex = options.findIndex((option) => option.value === value);
  const initialActive = () => (selectedIndex >= 0 && !options[selectedIndex]?.disabled ? selectedIndex : firstEnabledIndex(options));

  // Opened from outside (controlled `open`, `defaultOpen`): start at the chosen option.
  useEffect(() => {
    if (open) setActive((current) => (current >= 0 ? current : initialActive()));
    else setActive(-1);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- runs only when the list opens or closes, not on every option change.
  }, [open]);

  // Keep the active option visible inside the scrolling list.
  useEffect(() => {
    if (!open || active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, listRef]);

  useDismiss({ open, onDismiss: () => setOpen(false), inside: [triggerRef, listRef], escape: true });

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (option && !option.disabled) setValue(option.value);
    setOpen(false);
  };
  /** A click on the trigger: opens at the chosen option, or closes. */
  const toggle = () => {
    if (disabled) return;
    if (open) setOpen(false);
    else openAt(initialActive());
  };

  const onClosedKey = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
      case 'Enter':
      case ' ':
        event.preventDefault();
        openAt(initialActive());
        return;
      case 'Home':
        event.preventDefault();
        openAt(firstEnabledIndex(options));
        return;
      case 'End':
        event.preventDefault();
        openAt(lastEnabledIndex(options));
        return;
      default:
        return;
    }
  };

  const onOpenKey = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'Enter':
      case ' ':
        event.preventDefault();
        choose(active);
        return;
      case 'Escape':
        // Handled here so an enclosing dialog or drawer does not close as well.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        return;
      case 'Tab':
        // Choose and let the browser move focus on.
        choose(active);
        return;
      default:
        return;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (disabled) return;
    if (open && event.key === 'ArrowUp' && event.altKey) {
      event.preventDefault();
      choose(active);
      return;
    }
    // Closed, only typed letters search; the other keys open the list (`onClosedKey`).
    const result = open || event.key.length === 1 ? navigation.keyDown(event, options, open ? active : selectedIndex) : null;
    if (result?.kind === 'typeahead') {
      if (!open) openAt(result.index ?? initialActive());
      else if (result.index !== null) setActive(result.index);
    } else if (result) setActive(result.index);
    else if (open) onOpenKey(event);
    else onClosedKey(event);
  };

  return { value, open, active, setActive, selectedIndex, choose, toggle, onKeyDown };
}
