import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../i18n/index.ts';

/** Props of {@link TableScroll}. */
export interface TableScrollProps {
  /** The wrapper's class (its `overflow-x: auto` and layout). */
  className: string;
  /** What the table holds ("Products"): the region is named "Products, table". */
  name: string;
  children: ReactNode;
}

/**
 * The sideways scroller around a data table on a narrow screen. While the table is wider than the
 * scroller it is a named region that takes focus, so keyboard users can scroll it with the arrow keys
 * (WCAG 2.1.1; axe `scrollable-region-focusable`); while the table fits it is a plain box, not an empty
 * Tab stop.
 */
export function TableScroll({ className, name, children }: TableScrollProps) {
  useSignals();
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const node = box.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(node.scrollWidth > node.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    if (node.firstElementChild) observer.observe(node.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={className} {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': t('app.table_scroll', { name }) } : {})}>
      {children}
    </div>
  );
}
