import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useElement } from '../../kit/element-context.tsx';

/**
 * Renders overlays (lists, tooltips, popovers, toasts) into the element's overlay layer: inside its
 * shadow root, so they keep the element's styles and theme, and above the rest of its content.
 * Outside an element (tests, plain React) it falls back to `document.body`.
 */
export function Portal({ children }: { children: ReactNode }) {
  const { overlayRoot } = useElement();
  const target = overlayRoot ?? (typeof document === 'undefined' ? null : document.body);
  return target ? createPortal(children, target) : null;
}
