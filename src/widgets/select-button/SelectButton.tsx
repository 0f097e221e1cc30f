import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { registerStyles } from '../../theme/styles.ts';
import { Field } from '../field/Field.tsx';
import { firstEnabledIndex } from '../shared/list-navigation.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { useListNavigation } from '../shared/use-list-navigation.ts';
import css from './select-button.css?inline';
import { heldForScripts, useScriptsPending } from '../../kit/scripts-pending.tsx';

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
  /**
   * `radio` (default): a radio group, where the arrow keys choose. `toggle`: a group of toggle buttons
   * (`aria-pressed`), each its own tab stop, chosen only by Enter, Space or a click, for a choice that
   * changes much at once (the language of the whole interface), which must not follow focus (WCAG 3.2.2).
   */
  choice?: 'radio' | 'toggle';
}

/**
 * A segmented single choice (spec §2 "select button"): the language switch and variant pickers. It is
 * a radio group (WAI-ARIA APG "Radio Group"): one tab stop (the chosen segment, else the first enabled
 * one), ←/↑ and →/↓ move to the previous/next enabled segment and choose it, wrapping around; Space or
 * Enter chooses the focused one. With `choice="toggle"` it is a group of toggle buttons instead,
 * chosen only by Enter, Space or a click. Parts: `field`, `label`, `base`, `option`, `hint`, `error`.
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
  disabled: disabledProp = false,
  hideLabel,
  size = 'medium',
  name,
  id,
  className,
  choice = 'radio',
}: SelectButtonProps) {
  const radio = choice === 'radio';
  const scriptsPending = useScriptsPending();
  const disabled = disabledProp || scriptsPending;
  const [value, setValue] = useControllableState<string | null>(valueProp, defaultValue, (next) => {
    if (next !== null) onValueChange?.(next);
  });
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The radio group pattern: ← ↑ → ↓ move, wrapping; Home and End are not part of it.
  const navigation = useListNavigation({ wrap: true, orientation: 'both', homeEnd: false });
  const items = options.map((option) => ({ disabled: disabled || option.disabled }));
  const checkedIndex = options.findIndex((option) => option.value === value);
  const tabStop = checkedIndex >= 0 && !items[checkedIndex]?.disabled ? checkedIndex : firstEnabledIndex(items);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (!radio) return;
    const next = navigation.keyDown(event, items, index)?.index ?? -1;
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
          role={radio ? 'radiogroup' : 'group'}
          className="shop-select-button"
          part="base"
          data-size={size}
          aria-labelledby={labelId}
          aria-describedby={control['aria-describedby']}
          aria-invalid={radio ? control['aria-invalid'] : undefined}
          aria-required={radio ? control['aria-required'] : undefined}
          aria-disabled={disabledProp || undefined}
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
                role={radio ? 'radio' : undefined}
                className="shop-select-button__option"
                part="option"
                aria-checked={radio ? checked : undefined}
                aria-pressed={radio ? undefined : checked}
                aria-label={option.ariaLabel}
                data-state={checked ? 'on' : 'off'}
                {...heldForScripts(scriptsPending, disabledProp || option.disabled)}
                tabIndex={!radio || index === tabStop ? 0 : -1}
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
