import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Field } from '../field/Field.tsx';
import { useQuantityText } from './use-quantity-text.ts';
import css from './numeric-counter.css?inline';
import { heldForScripts, useScriptsPending } from '../../kit/scripts-pending.tsx';

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
  /**
   * Whether the typed text is refused ("2.5", "abc"): the value then stays what it was, so a form
   * should not submit it as if it were what the buyer typed.
   */
  onTextErrorChange?: (refused: boolean) => void;
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

/**
 * A whole-number input with decrease/increase buttons (spec §2 "numeric counter", §5), which never
 * changes a quantity silently: text that is not a whole number ("2.5", "2,5", "abc") is
 * refused, kept as typed, marked `aria-invalid` and explained, and the value stays what it was; a
 * number above `max` becomes `max` at once and the field says so; below `min` (an empty field counts
 * as 0) the value is `min`, and when the field is left the text shows it and the field says so, so a
 * user can clear the field and type a new number. The message is a polite live region the input
 * points at (`aria-describedby`). The buttons do nothing at the bounds and are disabled there. The
 * input is a `spinbutton` (↑ ↓ step, Home/End go to the bounds).
 * Parts: `field`, `label`, `base`, `input`, `decrease`, `increase`, `note`, `hint`, `error`.
 */
export function NumericCounter({
  label,
  value: valueProp,
  defaultValue,
  onValueChange,
  onTextErrorChange,
  min,
  max,
  step = NUMERIC_COUNTER_DEFAULT_STEP,
  hint,
  error,
  required,
  disabled: disabledProp = false,
  hideLabel,
  name,
  id,
  className,
}: NumericCounterProps) {
  useSignals();
  const scriptsPending = useScriptsPending();
  const disabled = disabledProp || scriptsPending;
  const low = min ?? 0;
  const high = max ?? Number.MAX_SAFE_INTEGER;
  const { value, text, note, commit, onType, onBlur } = useQuantityText({ value: valueProp, defaultValue, onValueChange, onTextErrorChange, low, high });
  const inputRef = useRef<HTMLInputElement | null>(null);
  const noteId = `${useId()}note`;

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
        <>
        <div className="shop-numeric-counter" part="base" data-disabled={disabledProp || undefined}>
          <button
            type="button"
            className="shop-numeric-counter__button"
            part="decrease"
            aria-label={t('widgets.decrease')}
            aria-controls={control.id}
            {...heldForScripts(scriptsPending, disabledProp || value <= low)}
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
            {...heldForScripts(scriptsPending, disabledProp)}
            value={text}
            aria-valuenow={value}
            aria-valuemin={low}
            aria-valuemax={max}
            aria-describedby={[note ? noteId : '', control['aria-describedby'] ?? ''].join(' ').trim() || undefined}
            aria-invalid={note?.kind === 'refused' || control['aria-invalid'] || undefined}
            aria-required={control['aria-required']}
            onChange={(event) => onType(event.target.value)}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            className="shop-numeric-counter__button"
            part="increase"
            aria-label={t('widgets.increase')}
            aria-controls={control.id}
            {...heldForScripts(scriptsPending, disabledProp || value >= high)}
            onClick={(event) => stepBy(1, event)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
          {/* Always present, so that a screen reader hears the message when it appears. */}
          <p id={noteId} aria-live="polite" aria-atomic="true" className="shop-numeric-counter__note" part="note" data-kind={note?.kind}>
            {note?.text}
          </p>
        </>
      )}
    </Field>
  );
}
