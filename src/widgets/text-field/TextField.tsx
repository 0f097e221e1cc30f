import { useSignals } from '@preact/signals-react/runtime';
import { forwardRef, useImperativeHandle, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Field } from '../field/Field.tsx';
import css from './text-field.css?inline';
import { heldForScripts, useScriptsPending, useTypedBeforeScripts } from '../../kit/scripts-pending.tsx';

registerStyles('text-field', css);

/** The input types the kit's text field supports. */
export type TextFieldType = 'text' | 'email' | 'tel' | 'password' | 'number' | 'search';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'children'> {
  /** The visible label (the input's accessible name). */
  label: ReactNode;
  /** `password` gets a show/hide toggle; `email`/`tel` bring the matching mobile keyboards. */
  type?: TextFieldType;
  /** Help under the input, e.g. "e.g. +48 600 700 800" for phones. */
  hint?: ReactNode;
  /** The first failing rule's message (see `fieldError`); marks the input invalid. */
  error?: ReactNode;
  /** Shows the required mark and sets `aria-required` (native `required` is left off: no browser bubbles). */
  required?: boolean;
  /** Keeps the label for assistive technology only (a search box with a visible icon, say). */
  hideLabel?: boolean;
  /** A fixed id for the input (otherwise generated). */
  id?: string;
  /** The new text on every change (alongside the native `onChange`). */
  onValueChange?: (value: string) => void;
}

/**
 * A labelled single-line input with hint and error (spec §2 "text field"). Value handling is the native
 * input's: `value` + `onChange`/`onValueChange`, or `defaultValue`. A password field can be revealed
 * with a toggle button whose label says what it will do ("Show password" / "Hide password").
 * Parts: `field`, `label`, `input`, `hint`, `error`, `button` (the password toggle).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, type = 'text', hint, error, required, hideLabel, id, className, onChange, onValueChange, ...rest },
  ref,
) {
  useSignals();
  const [revealed, setRevealed] = useState(false);
  const scriptsPending = useScriptsPending();
  const held = heldForScripts(scriptsPending, rest.disabled);
  const own = useRef<HTMLInputElement>(null);
  // The caller's ref gets the input too.
  useImperativeHandle(ref, () => own.current as HTMLInputElement, []);
  useTypedBeforeScripts(own, rest.value, onValueChange);
  const isPassword = type === 'password';
  return (
    <Field label={label} hint={hint} error={error} required={required} hideLabel={hideLabel} id={id} className={className}>
      {(control) => (
        <div className="shop-text-field shop-control" data-password={isPassword || undefined} data-disabled={rest.disabled || undefined}>
          <input
            ref={own}
            className="shop-text-field__input"
            part="input"
            type={isPassword && revealed ? 'text' : type}
            id={control.id}
            aria-describedby={control['aria-describedby']}
            aria-invalid={control['aria-invalid']}
            aria-required={control['aria-required']}
            onChange={(event) => {
              onChange?.(event);
              onValueChange?.(event.target.value);
            }}
            {...rest}
            {...held}
          />
          {isPassword && (
            <button
              type="button"
              className="shop-text-field__toggle"
              part="button"
              aria-controls={control.id}
              {...held}
              onClick={() => setRevealed((value) => !value)}
            >
              {revealed ? t('widgets.hide_password') : t('widgets.show_password')}
            </button>
          )}
        </div>
      )}
    </Field>
  );
});
