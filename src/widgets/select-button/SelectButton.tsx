import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { registerStyles } from '../../theme/styles.ts';
import { Field } from '../field/Field.tsx';
import { useControllableState } from '../shared/use-controllable-state.ts';
import css from './select-button.css?inline';

registerStyles('select-button', css);

/** One segment of a select button. */
export interface SelectButtonOption {
  value: string;
  /** The segment's text (e.g. "EN", "Red", "Box of 30"). */
  label: ReactNode;
  disabled?: boolean;
  /** An accessible name when `label` is not text (an icon or a colour swatch). */
  ariaLabel?: string;
}

export interface SelectButtonProps {
  /** The group's label (its accessible name), e.g. "Language". */
  label: ReactNode;
  options: readonly SelectButtonOption[];
  /** Controlled chosen value (`null`: none); leave undefined for an uncontrolled control. */
  value?: string | null;
  defaultValue?: string | null;
  onValueChange?: (value: string) => void;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Disables every segment. */
  disabled?: boolean;
  /** Keeps the label for assistive technology only (the language switch in a header). */
  hideLabel?: boolean;
  size?: 'medium' | 'small';
  /** With a name, a hidden input carries the value in native form submissions. */
  name?: string;
  /** A fixed id for the group (otherwise generated). */
  id?: string;
  className?: string;
}

/**
 * A segmented single choice (spec §2 "select button"): the language switch and variant pickers. It is
 * a radio group (WAI-ARIA APG "Radio Group"): one tab stop (the chosen segment, else the first enabled
 * one), ←/↑ and →/↓ move to the previous/next enabled segment and choose it, wrapping around; Space or
 * Enter chooses the focused one. Parts: `field`, `label`, `base`, `option`, `hint`, `error`.
 */
export function SelectButton({
  label,
  options,
  value: valueProp,
  defaultValue = null,
  onValueChange,
  hint,
  error,
  required,
  disabled = false,
  hideLabel,
  size = 'medium',
  name,
  id,
  className,
}: SelectButtonProps) {
  const [value, setValue] = useControllableState<string | null>(valueProp, defaultValue, (next) => {
    if (next !== null) onValueChange?.(next);
  });
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const usable = (index: number) => {
    const option = options[index];
    return option !== undefined && !option.disabled && !disabled;
  };
  const checkedIndex = options.findIndex((option) => option.value === value);
  const tabStop = checkedIndex >= 0 && usable(checkedIndex) ? checkedIndex : options.findIndex((_, index) => usable(index));

  const moveFrom = (from: number, direction: 1 | -1) => {
    for (let offset = 1; offset <= options.length; offset += 1) {
      const index = (((from + direction * offset) % options.length) + options.length) % options.length;
      if (usable(index)) return index;
    }
    return from;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const direction = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (direction === 0) return;
    event.preventDefault();
    // Right-to-left pages flip the horizontal arrows.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl' && (event.key === 'ArrowLeft' || event.key === 'ArrowRight');
    const next = moveFrom(index, rtl ? (-direction as 1 | -1) : direction);
    const option = options[next];
    if (!option) return;
    setValue(option.value);
    buttons.current[next]?.focus();
  };

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
      onLabelClick={() => buttons.current[tabStop]?.focus()}
    >
      {(control, { labelId }) => (
        <div
          id={control.id}
          role="radiogroup"
          className="shop-select-button"
          part="base"
          data-size={size}
          aria-labelledby={labelId}
          aria-describedby={control['aria-describedby']}
          aria-invalid={control['aria-invalid']}
          aria-required={control['aria-required']}
          aria-disabled={disabled || undefined}
        >
          {options.map((option, index) => {
            const checked = index === checkedIndex;
            return (
              <button
                key={option.value}
                ref={(node) => {
                  buttons.current[index] = node;
                }}
                type="button"
                role="radio"
                className="shop-select-button__option"
                part="option"
                aria-checked={checked}
                aria-label={option.ariaLabel}
                data-state={checked ? 'on' : 'off'}
                disabled={disabled || option.disabled}
                tabIndex={index === tabStop ? 0 : -1}
                onClick={() => setValue(option.value)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {option.label}
              </button>
            );
          })}
          {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
        </div>
      )}
    </Field>
  );
}
