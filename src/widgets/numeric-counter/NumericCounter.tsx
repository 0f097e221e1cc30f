import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Field } from '../field/Field.tsx';
import { useControllableState } from '../shared/use-controllable-state.ts';
import css from './numeric-counter.css?inline';

registerStyles('numeric-counter', css);

/** The step of the buttons and arrow keys when none is given. */
export const NUMERIC_COUNTER_DEFAULT_STEP = 1;

export interface NumericCounterProps {
  /** The visible label; defaults to "Quantity". */
  label?: ReactNode;
  /** Controlled value; leave undefined and use `defaultValue` for an uncontrolled counter. */
  value?: number;
  /** Initial value of an uncontrolled counter (clamped); defaults to 0 clamped to `min`. */
  defaultValue?: number;
  /** The new value, always a whole number within the bounds. */
  onValueChange?: (value: number) => void;
  /** Optional lower bound (e.g. a product's minimum quantity); without it the floor is 0. */
  min?: number;
  /** Optional upper bound (e.g. the stock). */
  max?: number;
  /** How much the buttons and ↑ ↓ change the value (e.g. a box quantity of 30). */
  step?: number;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Keeps the label for assistive technology only (a quantity cell in a cart row). */
  hideLabel?: boolean;
  /** With a name, the input takes part in native form submissions. */
  name?: string;
  /** A fixed id for the input (otherwise generated). */
  id?: string;
  className?: string;
}

/** Digits only: everything else typed or pasted is dropped (spec §5 "non-digits are stripped"). */
function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * A whole-number input with decrease/increase buttons (spec §2 "numeric counter", §5): non-digits are
 * stripped as they are typed; a value above `max` becomes `max` at once; below `min` (an empty field
 * counts as 0) the value is `min`, and the text shows it when the field is left, so a user can clear
 * the field and type a new number. The buttons do nothing at the bounds and are disabled there. The
 * input is a `spinbutton` (↑ ↓ step, Home/End go to the bounds).
 * Parts: `field`, `label`, `base`, `input`, `decrease`, `increase`, `hint`, `error`.
 */
export function NumericCounter({
  label,
  value: valueProp,
  defaultValue,
  onValueChange,
  min,
  max,
  step = NUMERIC_COUNTER_DEFAULT_STEP,
  hint,
  error,
  required,
  disabled = false,
  hideLabel,
  name,
  id,
  className,
}: NumericCounterProps) {
  useSignals();
  const low = min ?? 0;
  const high = max ?? Number.MAX_SAFE_INTEGER;
  const clamp = (n: number) => Math.min(high, Math.max(low, Number.isFinite(n) ? Math.trunc(n) : 0));
  const [value, setValue] = useControllableState(valueProp, clamp(defaultValue ?? 0), onValueChange);
  const [text, setText] = useState(() => String(value));
  const inputRef = useRef<HTMLInputElement | null>(null);

  // A value set from outside shows at once, unless the text already stands for it (mid-typing).
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (clamp(text === '' ? 0 : Number(text)) !== value) setText(String(value));
  }

  const commit = (next: number) => {
    const bounded = clamp(next);
    setValue(bounded);
    setText(String(bounded));
    return bounded;
  };

  const onType = (raw: string) => {
    const digits = digitsOf(raw);
    if (digits === '') {
      setText('');
      setValue(clamp(0));
      return;
    }
    const typed = Number(digits);
    if (typed > high) {
      commit(high);
    } else if (typed < low) {
      // Keep what was typed (the user may be on the way to a bigger number); the value is the minimum.
      setText(digits);
      setValue(low);
    } else {
      commit(typed);
    }
  };

  const stepBy = (direction: 1 | -1, event?: MouseEvent<HTMLButtonElement>) => {
    if (disabled) return;
    if (direction === 1 ? value >= high : value <= low) return;
    const next = commit(value + direction * step);
    // The pressed button is about to be disabled: move focus to the input rather than losing it.
    const button = event?.currentTarget;
    const atBound = direction === 1 ? next >= high : next <= low;
    if (button && atBound && (button.getRootNode() as Document | ShadowRoot).activeElement === button) inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowUp':
        event.preventDefault();
        stepBy(1);
        return;
      case 'ArrowDown':
        event.preventDefault();
        stepBy(-1);
        return;
      case 'Home':
        if (min === undefined) return;
        event.preventDefault();
        commit(low);
        return;
      case 'End':
        if (max === undefined) return;
        event.preventDefault();
        commit(high);
        return;
      default:
        return;
    }
  };

  return (
    <Field label={label ?? t('widgets.quantity')} hint={hint} error={error} required={required} hideLabel={hideLabel} id={id} className={className}>
      {(control) => (
        <div className="shop-numeric-counter" part="base" data-disabled={disabled || undefined}>
          <button
            type="button"
            className="shop-numeric-counter__button"
            part="decrease"
            aria-label={t('widgets.decrease')}
            aria-controls={control.id}
            disabled={disabled || value <= low}
            onClick={(event) => stepBy(-1, event)}
          >
            <span aria-hidden="true">−</span>
          </button>
          <input
            ref={inputRef}
            id={control.id}
            type="text"
            role="spinbutton"
            inputMode="numeric"
            autoComplete="off"
            className="shop-numeric-counter__input shop-control"
            part="input"
            name={name}
            disabled={disabled}
            value={text}
            aria-valuenow={value}
            aria-valuemin={low}
            aria-valuemax={max}
            aria-describedby={control['aria-describedby']}
            aria-invalid={control['aria-invalid']}
            aria-required={control['aria-required']}
            onChange={(event) => onType(event.target.value)}
            onBlur={() => setText(String(value))}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            className="shop-numeric-counter__button"
            part="increase"
            aria-label={t('widgets.increase')}
            aria-controls={control.id}
            disabled={disabled || value >= high}
            onClick={(event) => stepBy(1, event)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      )}
    </Field>
  );
}
