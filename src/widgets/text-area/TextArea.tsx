import { useSignals } from '@preact/signals-react/runtime';
import { forwardRef, useEffect, useId, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Field } from '../field/Field.tsx';
import css from './text-area.css?inline';
import { heldForScripts, useScriptsPending } from '../../kit/scripts-pending.tsx';

registerStyles('text-area', css);

/**
 * How long typing must pause before the remaining-characters count is announced: announcing every
 * keystroke would drown out what the user types (the GOV.UK character-count approach).
 */
export const CHARACTERS_LEFT_ANNOUNCE_DELAY_MS = 1000;

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children'> {
  /** The visible label (the textarea's accessible name). */
  label: ReactNode;
  /** Help under the textarea. */
  hint?: ReactNode;
  /** The first failing rule's message; marks the textarea invalid. */
  error?: ReactNode;
  /** Shows the required mark and sets `aria-required`. */
  required?: boolean;
  /** Keeps the label for assistive technology only. */
  hideLabel?: boolean;
  /** With `maxLength`, the textarea stops there and a live "N characters left" counter shows. */
  maxLength?: number;
  /** A fixed id for the textarea (otherwise generated). */
  id?: string;
  /** The new text on every change (alongside the native `onChange`). */
  onValueChange?: (value: string) => void;
}

/**
 * A labelled multi-line input (spec §2 "text area"). With `maxLength` it shows how many characters are
 * left, linked to the textarea as a description and announced politely once typing pauses.
 * Parts: `field`, `label`, `textarea`, `counter`, `hint`, `error`.
 */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, required, hideLabel, maxLength, id, className, value, defaultValue, onChange, onValueChange, rows = 4, ...rest },
  ref,
) {
  useSignals();
  const counterId = `${useId()}counter`;
  const [ownLength, setOwnLength] = useState(() => String(defaultValue ?? '').length);
  const length = value !== undefined ? String(value).length : ownLength;
  const left = maxLength === undefined ? null : Math.max(0, maxLength - length);
  const leftText = left === null ? '' : t('widgets.characters_left', { count: left });
  const [announced, setAnnounced] = useState('');
  const scriptsPending = useScriptsPending();
  useEffect(() => {
    if (!leftText) return;
    const timer = setTimeout(() => setAnnounced(leftText), CHARACTERS_LEFT_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [leftText]);

  return (
    <Field label={label} hint={hint} error={error} required={required} hideLabel={hideLabel} id={id} className={className}>
      {(control) => (
        <>
          <textarea
            ref={ref}
            className="shop-text-area shop-control"
            part="textarea"
            id={control.id}
            rows={rows}
            maxLength={maxLength}
            value={value}
            defaultValue={defaultValue}
            aria-describedby={[control['aria-describedby'], left === null ? null : counterId].filter(Boolean).join(' ') || undefined}
            aria-invalid={control['aria-invalid']}
            aria-required={control['aria-required']}
            onChange={(event) => {
              setOwnLength(event.target.value.length);
              onChange?.(event);
              onValueChange?.(event.target.value);
            }}
            {...rest}
            {...heldForScripts(scriptsPending, rest.disabled)}
          />
          {left !== null && (
            <>
              <p id={counterId} className="shop-text-area__counter" part="counter" data-exhausted={left === 0 || undefined}>
                {leftText}
              </p>
              <span className="shop-visually-hidden" aria-live="polite">
                {announced}
              </span>
            </>
          )}
        </>
      )}
    </Field>
  );
});
