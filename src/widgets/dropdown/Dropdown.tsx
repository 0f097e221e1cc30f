import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Field } from '../field/Field.tsx';
import { startsWithQuery } from '../shared/match.ts';
import { Portal } from '../shared/Portal.tsx';
import { useListPosition } from '../shared/use-list-position.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { useDismiss } from '../shared/use-dismiss.ts';
import css from './dropdown.css?inline';

registerStyles('dropdown', css);

/** The open list is at most this tall and scrolls beyond it (spec §9 "Dropdown max height 400 px"). */
export const DROPDOWN_MAX_HEIGHT_PX = 400;
/** Type-ahead: letters typed within this time form one search string (APG select-only combobox). */
export const TYPEAHEAD_RESET_MS = 500;
/** How many options PageUp / PageDown jump. */
const PAGE_STEP = 10;

/** One choice of a dropdown. */
export interface DropdownOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface DropdownProps {
  /** The visible label (the combobox's accessible name). */
  label: ReactNode;
  options: readonly DropdownOption[];
  /** Controlled chosen value (`null`: none yet); leave undefined for an uncontrolled dropdown. */
  value?: string | null;
  /** Initial value of an uncontrolled dropdown. */
  defaultValue?: string | null;
  /** The newly chosen value. */
  onValueChange?: (value: string) => void;
  /** Controlled open state of the list. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Shown while nothing is chosen; defaults to "Select…". */
  placeholder?: string;
  hint?: ReactNode;
  /** The first failing rule's message; marks the combobox invalid. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  hideLabel?: boolean;
  /** With a name, a hidden input carries the value in native form submissions. */
  name?: string;
  /** A fixed id for the combobox (otherwise generated). */
  id?: string;
  className?: string;
}

/**
 * A select-only combobox (WAI-ARIA APG "Select-Only Combobox", spec §2 "dropdown"): a focusable trigger
 * with role `combobox` shows the chosen label; its `listbox` opens in the element's overlay layer under
 * the trigger (flipping above when there is no room), at most 400 px tall. Focus stays on the trigger
 * and the active option is announced through `aria-activedescendant`. Keys: Enter, Space, ↓, ↑ open;
 * ↓ ↑ Home End PageUp PageDown move; typed letters jump to the first matching label (accents ignored);
 * Enter, Space or Tab choose; Escape or a click outside closes without choosing.
 * Parts: `field`, `label`, `button` (the trigger), `listbox`, `option`, `hint`, `error`.
 */
export function Dropdown({
  label,
  options,
  value: valueProp,
  defaultValue = null,
  onValueChange,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  placeholder,
  hint,
  error,
  required,
  disabled = false,
  hideLabel,
  name,
  id,
  className,
}: DropdownProps) {
  useSignals();
  const baseId = useId();
  const listId = `${baseId}listbox`;
  const optionId = (index: number) => `${baseId}option-${index}`;
  const [value, setValue] = useControllableState<string | null>(valueProp, defaultValue, (next) => {
    if (next !== null) onValueChange?.(next);
  });
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const [active, setActive] = useState(-1);
  const triggerRef = useRef<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  const search = useRef<{ text: string; timer: ReturnType<typeof setTimeout> | undefined }>({ text: '', timer: undefined });

  const selectedIndex = options.findIndex((option) => option.value === value);
  const selected = selectedIndex >= 0 ? options[selectedIndex] : undefined;
  const isEnabled = (index: number) => {
    const option = options[index];
    return option !== undefined && !option.disabled;
  };
  const firstEnabled = () => options.findIndex((option) => !option.disabled);
  const lastEnabled = () => options.findLastIndex((option) => !option.disabled);
  /** The nearest enabled option `count` steps away in `direction`, stopping at the ends (no wrap). */
  const moveFrom = (from: number, direction: 1 | -1, count = 1) => {
    let result = from;
    let index = from;
    let moved = 0;
    while (moved < count) {
      index += direction;
      if (index < 0 || index >= options.length) break;
      if (isEnabled(index)) {
        result = index;
        moved += 1;
      }
    }
    return result < 0 ? (direction === 1 ? firstEnabled() : lastEnabled()) : result;
  };
  const initialActive = () => (selectedIndex >= 0 && isEnabled(selectedIndex) ? selectedIndex : firstEnabled());

  const { setReference: setTrigger, setFloating: setList, floatingStyles } = useListPosition(open, triggerRef, listRef);

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
  }, [open, active]);

  useEffect(() => () => clearTimeout(search.current.timer), []);

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

  /** Type-ahead: the next option whose label starts with the typed letters, or null. */
  const findTyped = (character: string): number | null => {
    clearTimeout(search.current.timer);
    search.current.text += character;
    search.current.timer = setTimeout(() => {
      search.current.text = '';
    }, TYPEAHEAD_RESET_MS);
    const text = search.current.text;
    const repeated = [...text].every((letter) => letter === text[0]);
    const query = repeated ? text.slice(0, 1) : text;
    const from = open ? active : selectedIndex;
    // One letter (or the same letter again) moves on to the next match; a longer string may stay put.
    const start = repeated ? from + 1 : Math.max(from, 0);
    for (let step = 0; step < options.length; step += 1) {
      const index = (((start + step) % options.length) + options.length) % options.length;
      const option = options[index];
      if (option && !option.disabled && startsWithQuery(option.label, query)) return index;
    }
    return null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const { key, altKey, ctrlKey, metaKey } = event;
    const printable = key.length === 1 && !ctrlKey && !metaKey && !altKey && (key !== ' ' || search.current.text !== '');
    if (printable) {
      event.preventDefault();
      const found = findTyped(key);
      if (!open) openAt(found ?? initialActive());
      else if (found !== null) setActive(found);
      return;
    }
    if (!open) {
      switch (key) {
        case 'ArrowDown':
        case 'ArrowUp':
        case 'Enter':
        case ' ':
          event.preventDefault();
          openAt(initialActive());
          return;
        case 'Home':
          event.preventDefault();
          openAt(firstEnabled());
          return;
        case 'End':
          event.preventDefault();
          openAt(lastEnabled());
          return;
        default:
          return;
      }
    }
    switch (key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(moveFrom(active, 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (altKey) choose(active);
        else setActive(moveFrom(active, -1));
        return;
      case 'PageDown':
        event.preventDefault();
        setActive(moveFrom(active, 1, PAGE_STEP));
        return;
      case 'PageUp':
        event.preventDefault();
        setActive(moveFrom(active, -1, PAGE_STEP));
        return;
      case 'Home':
        event.preventDefault();
        setActive(firstEnabled());
        return;
      case 'End':
        event.preventDefault();
        setActive(lastEnabled());
        return;
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

  const emptyText = placeholder ?? t('widgets.select_placeholder');
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      id={id}
      className={className}
      control="custom"
      onLabelClick={() => triggerRef.current?.focus()}
    >
      {(control, { labelId }) => (
        <div className="shop-dropdown" data-state={open ? 'open' : 'closed'}>
          <div
            ref={setTrigger}
            id={control.id}
            role="combobox"
            tabIndex={disabled ? -1 : 0}
            className="shop-dropdown__trigger shop-control"
            part="button"
            aria-labelledby={labelId}
            aria-describedby={control['aria-describedby']}
            aria-invalid={control['aria-invalid']}
            aria-required={control['aria-required']}
            aria-disabled={disabled || undefined}
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            data-state={open ? 'open' : 'closed'}
            data-placeholder={selected ? undefined : ''}
            onClick={() => {
              if (disabled) return;
              if (open) setOpen(false);
              else openAt(initialActive());
            }}
            onKeyDown={onKeyDown}
          >
            <span className="shop-dropdown__value">{selected ? selected.label : emptyText}</span>
            <span className="shop-dropdown__chevron" aria-hidden="true" />
          </div>
          {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
          {open && (
            <Portal>
              <ul
                ref={setList}
                id={listId}
                role="listbox"
                aria-labelledby={labelId}
                className="shop-dropdown__list"
                part="listbox"
                style={{ ...floatingStyles, maxHeight: `${DROPDOWN_MAX_HEIGHT_PX}px` }}
                // Keep focus on the trigger while the pointer works the list.
                onMouseDown={(event) => event.preventDefault()}
              >
                {options.length === 0 && (
                  <li role="option" aria-selected="false" aria-disabled="true" className="shop-dropdown__empty">
                    {t('widgets.no_data')}
                  </li>
                )}
                {options.map((option, index) => (
                  <li
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    aria-disabled={option.disabled || undefined}
                    data-index={index}
                    data-active={index === active || undefined}
                    data-checked={option.value === value || undefined}
                    className="shop-dropdown__option"
                    part="option"
                    onMouseMove={() => {
                      if (!option.disabled && index !== active) setActive(index);
                    }}
                    onClick={() => {
                      if (option.disabled) return;
                      choose(index);
                      triggerRef.current?.focus();
                    }}
                  >
                    {option.label}
                  </li>
                ))}
              </ul>
            </Portal>
          )}
        </div>
      )}
    </Field>
  );
}
