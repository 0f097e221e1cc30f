import { useSignals } from '@preact/signals-react/runtime';
import { useId, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './field.css?inline';

registerStyles('field', css);

/**
 * What `Field` hands to its control so the label, hint and error reach assistive technology: plain DOM
 * attributes, so a native control can take them all with `{...control}`.
 */
export interface FieldControlProps {
  /** The control's id (the `<label for>` target). */
  id: string;
  /** The error (first) and the hint, when present. */
  'aria-describedby': string | undefined;
  /** Set while the field shows an error. */
  'aria-invalid': true | undefined;
  /** Set when the field is required (the visible mark is hidden from assistive technology). */
  'aria-required': true | undefined;
}

export interface FieldProps {
  /** The visible label; every field has one (hide it visually with `hideLabel`, never drop it). */
  label: ReactNode;
  /** Shows the required mark and sets `aria-required` on the control. */
  required?: boolean;
  /** Help under the control, e.g. the phone example "e.g. +48 600 700 800". */
  hint?: ReactNode;
  /** The message of the first failing rule (spec §5); its presence marks the control invalid. */
  error?: ReactNode;
  /** Keeps the label for assistive technology only (e.g. a quantity counter inside a table row). */
  hideLabel?: boolean;
  /**
   * `native`: the label is a `<label for>` (inputs, textareas, buttons); `custom`: a plain element the
   * control points at with `aria-labelledby` (a `div` combobox, a radio group).
   */
  control?: 'native' | 'custom';
  /** A custom control's label is not a `<label>`; this moves focus to the control when it is clicked. */
  onLabelClick?: () => void;
  /** A fixed id for the control (otherwise generated). */
  id?: string;
  /** An extra class on the wrapper (layout by the caller). */
  className?: string;
  /**
   * Renders the control with the wiring props; the second argument has the label's id, for controls
   * named with `aria-labelledby` (a `div` combobox, a radio group, a popup listbox).
   */
  children: (control: FieldControlProps, field: { labelId: string }) => ReactNode;
}

/**
 * The chrome every form control shares: label with an optional required mark, the control, a hint and
 * the error message, wired with `id`, `aria-describedby` and `aria-invalid` (WCAG 1.3.1, 3.3.1).
 * Parts: `field`, `label`, `hint`, `error`.
 */
export function Field({ label, required = false, hint, error, hideLabel = false, control = 'native', onLabelClick, id: fixedId, className, children }: FieldProps) {
  useSignals();
  const generatedId = useId();
  const id = fixedId ?? `${generatedId}control`;
  const labelId = `${generatedId}label`;
  const hintId = `${generatedId}hint`;
  const errorId = `${generatedId}error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== '';
  const describedBy = [hasError ? errorId : null, hasHint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const labelClass = hideLabel ? 'shop-field__label shop-visually-hidden' : 'shop-field__label';
  const labelContent = (
    <>
      {label}
      {required && (
        <span className="shop-field__required" aria-hidden="true" title={t('widgets.required')}>
          *
        </span>
      )}
    </>
  );
  return (
    <div className={className ? `shop-field ${className}` : 'shop-field'} part="field" data-invalid={hasError || undefined}>
      {control === 'native' ? (
        <label id={labelId} htmlFor={id} className={labelClass} part="label">
          {labelContent}
        </label>
      ) : (
        <span id={labelId} className={labelClass} part="label" onClick={onLabelClick}>
          {labelContent}
        </span>
      )}
      {children(
        {
          id,
          'aria-describedby': describedBy,
          'aria-invalid': hasError || undefined,
          'aria-required': required || undefined,
        },
        { labelId },
      )}
      {hasHint && (
        <p id={hintId} className="shop-field__hint" part="hint">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} className="shop-field__error" part="error">
          {error}
        </p>
      )}
    </div>
  );
}
