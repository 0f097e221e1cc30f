import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Field } from '../field/Field.tsx';
import { matchesQuery, normaliseForMatch } from '../shared/match.ts';
import { Portal } from '../shared/Portal.tsx';
import { useListPosition } from '../shared/use-list-position.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { useDismiss } from '../shared/use-dismiss.ts';
import css from './autocomplete.css?inline';

registerStyles('autocomplete', css);

/** The suggestion list is at most this tall and scrolls beyond it (spec §9 "autocomplete list 250 px"). */
export const AUTOCOMPLETE_MAX_HEIGHT_PX = 250;

/** One suggestion of an autocomplete. */
export interface AutocompleteOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface AutocompleteProps {
  /** The visible label (the input's accessible name). */
  label: ReactNode;
  options: readonly AutocompleteOption[];
  /** Controlled chosen value (`null`: none); leave undefined for an uncontrolled autocomplete. */
  value?: string | null;
  defaultValue?: string | null;
  /** The chosen option's value, or null when the text was cleared. */
  onValueChange?: (value: string | null) => void;
  /** Controlled text of the input. */
  inputValue?: string;
  /** Initial text; defaults to the label of the initial value. */
  defaultInputValue?: string;
  /** The text after every edit (and after a choice, the chosen label). */
  onInputValueChange?: (text: string) => void;
  placeholder?: string;
  hint?: ReactNode;
  /** The first failing rule's message; marks the input invalid. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  hideLabel?: boolean;
  /** With a name, a hidden input carries the chosen value in native form submissions. */
  name?: string;
  /** A fixed id for the input (otherwise generated). */
  id?: string;
  className?: string;
}

/**
 * An editable combobox with list autocomplete (WAI-ARIA APG "Combobox With Listbox Popup", manual
 * selection; spec §2 "autocomplete", used for countries). Typing filters the options whose label
 * matches ignoring case, accents and punctuation (spec §5; "lodz" finds "Łódź"), and shows "No data"
 * when nothing matches; a polite status announces the number of results. ↓ ↑ move through the
 * suggestions (opening the list), Enter chooses, Escape closes the list or, when it is closed, clears
 * the text. Leaving the field keeps only a real choice: text naming an option exactly chooses it, empty
 * text clears the value, anything else returns to the chosen label.
 * Parts: `field`, `label`, `input`, `button` (show options), `popup`, `listbox`, `option`, `empty`.
 */
export function Autocomplete({
  label,
  options,
  value: valueProp,
  defaultValue = null,
  onValueChange,
  inputValue: inputValueProp,
  defaultInputValue,
  onInputValueChange,
  placeholder,
  hint,
  error,
  required,
  disabled = false,
  hideLabel,
  name,
  id,
  className,
}: AutocompleteProps) {
  useSignals();
  const baseId = useId();
  const listId = `${baseId}listbox`;
  const optionId = (index: number) => `${baseId}option-${index}`;
  const [value, setValue] = useControllableState<string | null>(valueProp, defaultValue, onValueChange);
  const labelOf = (candidate: string | null) => options.find((option) => option.value === candidate)?.label ?? '';
  const selectedLabel = labelOf(value);
  const [inputValue, setInputValue] = useControllableState(inputValueProp, defaultInputValue ?? labelOf(valueProp ?? defaultValue), onInputValueChange);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** What the list is filtered by: the typed text, or null right after opening (then every option shows). */
  const [filter, setFilter] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const wrapperRef = useRef<HTMLDivElement | null>(null);
  const popupRef = useRef<HTMLDivElement | null>(null);

  const matches = useMemo(() => (filter === null ? [...options] : options.filter((option) => matchesQuery(option.label, filter))), [options, filter]);
  const expanded = open && matches.length > 0;

  const { setReference: setWrapper, setFloating: setPopup, floatingStyles } = useListPosition(open, wrapperRef, popupRef);

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
  }, [open, active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
    setFilter(null);
  };
  useDismiss({ open, onDismiss: close, inside: [wrapperRef, popupRef], escape: false });

  const enabledIndexes = matches.flatMap((option, index) => (option.disabled ? [] : [index]));
  /** The next enabled suggestion in `direction`, wrapping around; from -1 it starts at an end. */
  const step = (from: number, direction: 1 | -1) => {
    if (enabledIndexes.length === 0) return -1;
    const position = enabledIndexes.indexOf(from);
    if (position < 0) return direction === 1 ? (enabledIndexes[0] ?? -1) : (enabledIndexes.at(-1) ?? -1);
    const next = (position + direction + enabledIndexes.length) % enabledIndexes.length;
    return enabledIndexes[next] ?? -1;
  };

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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        if (!event.altKey) setActive(step(open ? active : -1, 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive(step(open ? active : -1, -1));
        return;
      case 'Enter': {
        const option = open && active >= 0 ? matches[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        } else if (open) close();
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (inputValue !== '') {
          event.preventDefault();
          event.stopPropagation();
          setInputValue('');
          setValue(null);
        }
        return;
      default:
        return;
    }
  };

  const status = open ? (matches.length > 0 ? t('widgets.options_count', { count: matches.length }) : t('widgets.no_data')) : '';

  return (
    <Field label={label} hint={hint} error={error} required={required} hideLabel={hideLabel} id={id} className={className}>
      {(control, { labelId }) => (
        <div
          ref={setWrapper}
          className="shop-autocomplete shop-control"
          data-state={open ? 'open' : 'closed'}
          data-disabled={disabled || undefined}
        >
          <input
            ref={inputRef}
            id={control.id}
            type="text"
            role="combobox"
            className="shop-autocomplete__input"
            part="input"
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            disabled={disabled}
            value={inputValue}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-describedby={control['aria-describedby']}
            aria-invalid={control['aria-invalid']}
            aria-required={control['aria-required']}
            onChange={(event) => {
              const text = event.target.value;
              setInputValue(text);
              setFilter(text);
              setActive(-1);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={(event) => {
              const next = event.relatedTarget;
              if (next instanceof Node && (popupRef.current?.contains(next) || wrapperRef.current?.contains(next))) return;
              settle();
            }}
          />
          <button
            type="button"
            tabIndex={-1}
            className="shop-autocomplete__toggle"
            part="button"
            aria-label={t('widgets.show_options')}
            aria-expanded={expanded}
            aria-controls={listId}
            disabled={disabled}
            // The input keeps focus, so leaving the field is never triggered by the toggle itself.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (open) close();
              else {
                setFilter(null);
                setOpen(true);
              }
              inputRef.current?.focus();
            }}
          >
            <span className="shop-autocomplete__chevron" aria-hidden="true" />
          </button>
          <span className="shop-visually-hidden" role="status" aria-atomic="true">
            {status}
          </span>
          {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
          {open && (
            <Portal>
              <div
                ref={setPopup}
                className="shop-autocomplete__popup"
                part="popup"
                style={floatingStyles}
                onMouseDown={(event) => event.preventDefault()}
              >
                {matches.length > 0 ? (
                  <ul
                    id={listId}
                    role="listbox"
                    aria-labelledby={labelId}
                    className="shop-autocomplete__list"
                    part="listbox"
                    style={{ maxHeight: `${AUTOCOMPLETE_MAX_HEIGHT_PX}px` }}
                  >
                    {matches.map((option, index) => (
                      <li
                        key={option.value}
                        id={optionId(index)}
                        role="option"
                        aria-selected={index === active}
                        aria-disabled={option.disabled || undefined}
                        data-index={index}
                        data-active={index === active || undefined}
                        data-checked={option.value === value || undefined}
                        className="shop-autocomplete__option"
                        part="option"
                        onMouseMove={() => {
                          if (!option.disabled && index !== active) setActive(index);
                        }}
                        onClick={() => choose(option)}
                      >
                        {option.label}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="shop-autocomplete__empty" part="empty">
                    {t('widgets.no_data')}
                  </p>
                )}
              </div>
            </Portal>
          )}
        </div>
      )}
    </Field>
  );
}
