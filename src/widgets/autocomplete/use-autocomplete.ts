import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { matchesQuery, normaliseForMatch } from '../shared/match.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { useDismiss } from '../shared/use-dismiss.ts';
import { useListNavigation } from '../shared/use-list-navigation.ts';
import type { AutocompleteOption } from './Autocomplete.tsx';

/** What {@link useAutocomplete} needs: the options, the controlled/uncontrolled value and text, and the two nodes. */
export interface AutocompleteStateOptions {
  options: readonly AutocompleteOption[];
  value: string | null | undefined;
  defaultValue: string | null;
  onValueChange: ((value: string | null) => void) | undefined;
  inputValue: string | undefined;
  defaultInputValue: string | undefined;
  onInputValueChange: ((text: string) => void) | undefined;
  disabled: boolean;
  wrapperRef: RefObject<HTMLElement | null>;
  popupRef: RefObject<HTMLElement | null>;
}

/**
 * The state and keys of an editable combobox with list autocomplete (APG "Combobox With Listbox
 * Popup", manual selection): the value, the text, the filtered matches, whether the list is open and
 * the active suggestion. ↓ ↑ move through the matches and wrap (Alt+↓ only opens); Home and End stay
 * with the text's caret. Enter chooses, Escape closes the list or, when it is closed, clears the text;
 * `settle` is what leaving the field does.
 */
export function useAutocomplete({
  options,
  value: valueProp,
  defaultValue,
  onValueChange,
  inputValue: inputValueProp,
  defaultInputValue,
  onInputValueChange,
  disabled,
  wrapperRef,
  popupRef,
}: AutocompleteStateOptions) {
  const [value, setValue] = useControllableState<string | null>(valueProp, defaultValue, onValueChange);
  const labelOf = (candidate: string | null) => options.find((option) => option.value === candidate)?.label ?? '';
  const selectedLabel = labelOf(value);
  const [inputValue, setInputValue] = useControllableState(inputValueProp, defaultInputValue ?? labelOf(valueProp ?? defaultValue), onInputValueChange);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** What the list is filtered by: the typed text, or null right after opening (then every option shows). */
  const [filter, setFilter] = useState<string | null>(null);
  const navigation = useListNavigation({ wrap: true, homeEnd: false });

  const matches = useMemo(() => (filter === null ? [...options] : options.filter((option) => matchesQuery(option.label, filter))), [options, filter]);

  // A value chosen elsewhere (or options that arrive later) shows its label, unless the user is typing.
  const shown = useRef({ value, selectedLabel });
  useEffect(() => {
    if (shown.current.value === value && shown.current.selectedLabel === selectedLabel) return;
    shown.current = { value, selectedLabel };
    if (inputValueProp === undefined && !open) setInputValue(selectedLabel);
  });

  useEffect(() => {
    if (!open || active < 0) return;
    popupRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, popupRef]);

  const close = () => {
    setOpen(false);
    setActive(-1);
    setFilter(null);
  };
  useDismiss({ open, onDismiss: close, inside: [wrapperRef, popupRef], escape: false });

  const choose = (option: AutocompleteOption) => {
    if (option.disabled) return;
    setValue(option.value);
    setInputValue(option.label);
    close();
  };

  /** Leaving the field: keep a real choice only (see the component's description). */
  const settle = () => {
    close();
    const text = normaliseForMatch(inputValue);
    if (text === '') {
      setValue(null);
      if (inputValue !== '') setInputValue('');
      return;
    }
    const exact = options.filter((option) => !option.disabled && normaliseForMatch(option.label) === text);
    const [only] = exact;
    if (exact.length === 1 && only) choose(only);
    else setInputValue(selectedLabel);
  };

  const type = (text: string) => {
    setInputValue(text);
    setFilter(text);
    setActive(-1);
    setOpen(true);
  };
  const toggle = () => {
    if (open) close();
    else {
      setFilter(null);
      setOpen(true);
    }
  };

  const onEscape = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open && inputValue === '') return;
    event.preventDefault();
    event.stopPropagation();
    if (open) close();
    else {
      setInputValue('');
      setValue(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) return;
    if (event.key === 'Escape') return onEscape(event);
    if (event.key === 'Enter') {
      const option = open && active >= 0 ? matches[active] : undefined;
      if (option) {
        event.preventDefault();
        choose(option);
      } else if (open) close();
      return;
    }
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      setOpen(true);
      return;
    }
    // Closed, the list opens and the move starts from an end, as if nothing were active.
    const result = navigation.keyDown(event, matches, open ? active : -1);
    if (!result) return;
    if (!open) setOpen(true);
    setActive(result.index ?? -1);
  };

  return { value, inputValue, matches, open, active, setActive, choose, settle, type, toggle, onKeyDown };
}
