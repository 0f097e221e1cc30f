import { useSignals } from '@preact/signals-react/runtime';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './button.css?inline';
import { heldForScripts, useScriptsPending } from '../../kit/scripts-pending.tsx';

registerStyles('button', css);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: accent filled (the "primary button" of spec §2); secondary: outlined; ghost: text only. */
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'medium' | 'small';
  /** Shows a spinner, announces busy and ignores clicks (e.g. while an order is being placed). */
  loading?: boolean;
  fullWidth?: boolean;
  children: ReactNode;
}

/**
 * The kit's button. Its corner radius follows the shop's `button_style` (round, medium, square) through
 * `--button-radius`. While `loading` it stays focusable but inert, so a double click cannot submit twice.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'medium', loading = false, fullWidth = false, type = 'button', disabled, onClick, children, ...rest },
  ref,
) {
  useSignals();
  const scriptsPending = useScriptsPending();
  return (
    <button
      ref={ref}
      type={type}
      className="shop-button"
      part="button"
      data-variant={variant}
      data-size={size}
      data-full-width={fullWidth || undefined}
      {...heldForScripts(scriptsPending, disabled)}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {loading && <span className="shop-button__spinner" aria-hidden="true" />}
      {children}
      {loading && <span className="shop-visually-hidden">{t('widgets.loading')}</span>}
    </button>
  );
});
