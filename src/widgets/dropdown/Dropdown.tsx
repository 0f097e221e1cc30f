import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Field } from '../field/Field.tsx';
import { useListPosition } from '../shared/use-list-position.ts';
import { DropdownList } from './DropdownList.tsx';
import { useDropdown } from './use-dropdown.ts';
import css from './dropdown.css?inline';

registerStyles('dropdown', css);

export { DROPDOWN_MAX_HEIGHT_PX } from './DropdownList.tsx';

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
  const triggerRef = useRef<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  const { value, open, active, setActive, selectedIndex, choose, toggle, onKeyDown } = useDropdown({
    options,
    value: valueProp,
    defaultValue,
    onValueChange,
    open: openProp,
    defaultOpen,
    onOpenChange,
    disabled,
    triggerRef,
    listRef,
  });
  const selected = selectedIndex >= 0 ? options[selectedIndex] : undefined;
  const { setReference: setTrigger, setFloating: setList, floatingStyles } = useListPosition(open, triggerRef, listRef);

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
            onClick={toggle}
            onKeyDown={onKeyDown}
          >
            <span className="shop-dropdown__value">{selected ? selected.label : emptyText}</span>
            <span className="shop-dropdown__chevron" aria-hidden="true" />
          </div>
          {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
          {open && (
            <DropdownList
              listId={listId}
              labelId={labelId}
              optionId={optionId}
              options={options}
              value={value}
              active={active}
              setList={setList}
              floatingStyles={floatingStyles}
              onHover={setActive}
              onChoose={(index) => {
                choose(index);
                triggerRef.current?.focus();
              }}
            />
          )}
        </div>
      )}
    </Field>
  );
}
