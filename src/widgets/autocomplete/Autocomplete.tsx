import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Field } from '../field/Field.tsx';
import { useListPosition } from '../shared/use-list-position.ts';
import { AutocompletePopup } from './AutocompletePopup.tsx';
import { useAutocomplete } from './use-autocomplete.ts';
import css from './autocomplete.css?inline';

registerStyles('autocomplete', css);

export { AUTOCOMPLETE_MAX_HEIGHT_PX } from './AutocompletePopup.tsx';

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
  /**
   * The field's purpose for the browser's autofill (WCAG 1.3.5), e.g. `country-name`; `off` by default. Autofilled
   * text that is exactly an option's label chooses that option, as typing it would.
   */
  autoComplete?: string;
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
  autoComplete = 'off',
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
  const inputRef = useRef<HTMLInputElement | null>(null);
  const wrapperRef = useRef<HTMLDivElement | null>(null);
  const popupRef = useRef<HTMLDivElement | null>(null);
  const { value, inputValue, matches, open, active, setActive, choose, settle, type, toggle, onKeyDown } = useAutocomplete({
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
  });
  const expanded = open && matches.length > 0;
  const { setReference: setWrapper, setFloating: setPopup, floatingStyles } = useListPosition(open, wrapperRef, popupRef);

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
            autoComplete={autoComplete}
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
            onChange={(event) => type(event.target.value)}
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
              toggle();
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
            <AutocompletePopup
              listId={listId}
              labelId={labelId}
              optionId={optionId}
              matches={matches}
              value={value}
              active={active}
              setPopup={setPopup}
              floatingStyles={floatingStyles}
              onHover={setActive}
              onChoose={choose}
            />
          )}
        </div>
      )}
    </Field>
  );
}
