import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { registerStyles } from '../../theme/styles.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import css from './checkbox.css?inline';
import { heldForScripts, useScriptsPending } from '../../kit/scripts-pending.tsx';

registerStyles('checkbox', css);

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'defaultChecked' | 'children'> {
  /** The visible label beside the box (its accessible name); may hold a link, e.g. to terms. */
  label: ReactNode;
  /** Longer text under the label, linked as the description. */
  description?: ReactNode;
  /** The error message (e.g. "You must accept the cost-centre statement"); marks the box invalid. */
  error?: ReactNode;
  /** Controlled state; leave undefined and use `defaultChecked` for an uncontrolled box. */
  checked?: boolean;
  /** Initial state of an uncontrolled box. */
  defaultChecked?: boolean;
  /** The new state after each toggle. */
  onCheckedChange?: (checked: boolean) => void;
}

/**
 * A labelled native checkbox (spec §2 "checkbox"): the browser keeps its role, Space toggling and form
 * behaviour; the kit adds the label, a description, an error linked with `aria-describedby` and the
 * accent colour. Parts: `base`, `input`, `label`, `description`, `error`.
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, description, error, checked: checkedProp, defaultChecked = false, onCheckedChange, onChange, id: fixedId, required, className, ...rest },
  ref,
) {
  const baseId = useId();
  const scriptsPending = useScriptsPending();
  const id = fixedId ?? `${baseId}input`;
  const descriptionId = `${baseId}description`;
  const errorId = `${baseId}error`;
  const [checked, setChecked] = useControllableState(checkedProp, defaultChecked, onCheckedChange);
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hasDescription = description !== undefined && description !== null && description !== false && description !== '';
  const describedBy = [hasError ? errorId : null, hasDescription ? descriptionId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `shop-checkbox ${className}` : 'shop-checkbox'} part="base" data-invalid={hasError || undefined}>
      <input
        ref={ref}
        type="checkbox"
        id={id}
        className="shop-checkbox__input"
        part="input"
        checked={checked}
        aria-describedby={describedBy}
        aria-invalid={hasError || undefined}
        aria-required={required || undefined}
        onChange={(event) => {
          setChecked(event.target.checked);
          onChange?.(event);
        }}
        {...rest}
        {...heldForScripts(scriptsPending, rest.disabled)}
      />
      <label htmlFor={id} className="shop-checkbox__label" part="label">
        {label}
      </label>
      {hasDescription && (
        <p id={descriptionId} className="shop-checkbox__description" part="description">
          {description}
        </p>
      )}
      {hasError && (
        <p id={errorId} className="shop-checkbox__error" part="error">
          {error}
        </p>
      )}
    </div>
  );
});
