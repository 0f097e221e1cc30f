import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { readableTextColor } from '../../theme/colour.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './badge.css?inline';

export { readableTextColor };

registerStyles('badge', css);

/** The kit's status colours; each maps to a theme token, so a shop's theme restyles them. */
export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'color' | 'prefix'> {
  /** The status colour (default neutral). Ignored when a valid `color` is given. */
  tone?: BadgeTone;
  /**
   * A colour from data (e.g. a budget's `#2563eb` from the API): `#rgb`, `#rgba`, `#rrggbb`,
   * `#rrggbbaa`, `rgb()` or `rgba()`. Used as the background with black or white text, whichever
   * contrasts more. Anything else (names, `url(…)`, garbage) falls back to the neutral tone.
   */
  color?: string;
  /** Text read before the label by screen readers only, giving context ("Status:", "Budget:"). */
  hiddenPrefix?: string;
  children: ReactNode;
}

/**
 * A small status label: an order's status, a product's availability, a budget's name in its colour.
 * Either a theme `tone` or a data-driven `color` (text colour computed for contrast; invalid colours
 * fall back to neutral, never to an unreadable or injected style). `data-tone` carries the result
 * (`custom` for a colour). An optional `hiddenPrefix` gives screen readers context ("Status: New").
 *
 * Parts: `base`.
 */
export function Badge({ tone = 'neutral', color, hiddenPrefix, className, style, children, ...rest }: BadgeProps) {
  const text = color === undefined ? null : readableTextColor(color);
  const custom = color !== undefined && text !== null;
  const resolvedTone = custom ? 'custom' : color === undefined ? tone : 'neutral';
  const customStyle: CSSProperties | undefined = custom ? { ...style, backgroundColor: color.trim(), color: text } : style;
  return (
    <span {...rest} className={className ? `shop-badge ${className}` : 'shop-badge'} part="base" data-tone={resolvedTone} style={customStyle}>
      {hiddenPrefix && <span className="shop-visually-hidden">{`${hiddenPrefix} `}</span>}
      {children}
    </span>
  );
}
