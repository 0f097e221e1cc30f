import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { registerStyles } from '../../theme/styles.ts';
import css from './divider.css?inline';

registerStyles('divider', css);

export interface DividerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'children'> {
  /** Horizontal (default) separates stacked content; vertical separates items in a row. */
  orientation?: 'horizontal' | 'vertical';
  /** Text shown in the middle of the line ("or"); it also becomes the separator's accessible name. */
  label?: ReactNode;
}

/**
 * A separating line (`role="separator"` with `aria-orientation`), optionally with a label in the
 * middle. A separator's content is presentational for assistive technology, so the label is also
 * referenced by `aria-labelledby` to be announced.
 *
 * Parts: `base`, `label`.
 */
export function Divider({ orientation = 'horizontal', label, className, ...rest }: DividerProps) {
  const labelId = useId();
  const hasLabel = label !== undefined && label !== null && label !== false && label !== '';
  return (
    <div
      aria-labelledby={hasLabel ? labelId : undefined}
      {...rest}
      role="separator"
      aria-orientation={orientation}
      className={className ? `shop-divider ${className}` : 'shop-divider'}
      part="base"
      data-orientation={orientation}
      data-labelled={hasLabel ? '' : undefined}
    >
      {hasLabel && (
        <span id={labelId} className="shop-divider__label" part="label">
          {label}
        </span>
      )}
    </div>
  );
}
