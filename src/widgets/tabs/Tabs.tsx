import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { registerStyles } from '../../theme/styles.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import css from './tabs.css?inline';

registerStyles('tabs', css);

/** One tab and its panel. */
export interface TabItem {
  /** Stable identifier, used in `value`. */
  value: string;
  /** The tab's text. */
  label: ReactNode;
  /** The panel's content. */
  content: ReactNode;
  /** A disabled tab cannot be selected and is skipped by the arrow keys. */
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  /** Accessible name of the tab list (e.g. "Account sections"). */
  label?: string;
  /** The selected tab (controlled). */
  value?: string;
  /** The tab selected first when uncontrolled; the first enabled tab when absent. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Direction of the tab list and of its arrow keys: Left/Right or Up/Down (default horizontal). */
  orientation?: 'horizontal' | 'vertical';
  className?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, audio[controls], video[controls], summary, [contenteditable]:not([contenteditable="false"]), [tabindex]:not([tabindex="-1"])';

/**
 * A panel is a tab stop only when nothing inside it is (APG), so keyboard users can still reach and
 * read a text-only panel. Re-checked when the content changes.
 */
function TabPanel({ id, tabId, selected, children }: { id: string; tabId: string; selected: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [hasFocusable, setHasFocusable] = useState(false);
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- after every render on purpose (any render may change the panel's content); an unchanged value re-renders nothing.
  useLayoutEffect(() => {
    const panel = ref.current;
    if (panel) setHasFocusable(panel.querySelector(FOCUSABLE) !== null);
  });
  useEffect(() => {
    const panel = ref.current;
    if (!panel || typeof MutationObserver === 'undefined') return undefined;
    const observer = new MutationObserver(() => setHasFocusable(panel.querySelector(FOCUSABLE) !== null));
    observer.observe(panel, { childList: true, subtree: true, attributes: true, attributeFilter: ['tabindex', 'disabled', 'href', 'contenteditable', 'controls', 'type'] });
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      id={id}
      role="tabpanel"
      aria-labelledby={tabId}
      tabIndex={hasFocusable ? undefined : 0}
      hidden={!selected}
      className="shop-tabs__panel"
      part="body"
      data-state={selected ? 'active' : 'inactive'}
    >
      {children}
    </div>
  );
}

/**
 * Tabs with automatic activation (WAI-ARIA APG "Tabs"): `tablist` / `tab` / `tabpanel` roles, the
 * selected tab has `aria-selected="true"` and the only tab stop (roving tabindex); arrow keys
 * (Left/Right, or Up/Down when `orientation="vertical"`) move focus and select at once, wrapping at the
 * ends; Home/End go to the first/last enabled tab. Every panel stays mounted (hidden when inactive) so
 * each tab's `aria-controls` points at a real element. Tabs and panels carry
 * `data-state="active|inactive"` (spec §4 "tab active").
 *
 * Parts: `base`, `header` (the tab list), `tab`, `body` (the panel).
 */
export function Tabs({ items, label, value, defaultValue, onValueChange, orientation = 'horizontal', className }: TabsProps) {
  const firstEnabled = items.find((item) => !item.disabled)?.value ?? '';
  const [rawSelected, setSelected] = useControllableState(value, defaultValue ?? firstEnabled, onValueChange);
  // A value matching no enabled tab would leave no tab stop at all: fall back to the first enabled one.
  const selected = items.some((item) => item.value === rawSelected && !item.disabled) ? rawSelected : firstEnabled;
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, at: number) => {
    const prevKey = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
    const nextKey = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
    const enabled = items.map((item, i) => (item.disabled ? -1 : i)).filter((i) => i >= 0);
    const pos = enabled.indexOf(at);
    if (enabled.length === 0 || pos < 0) return;
    let target: number | undefined;
    if (event.key === nextKey) target = enabled[(pos + 1) % enabled.length];
    else if (event.key === prevKey) target = enabled[(pos - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') target = enabled[0];
    else if (event.key === 'End') target = enabled[enabled.length - 1];
    if (target === undefined) return;
    event.preventDefault();
    const item = items[target];
    if (!item) return;
    tabRefs.current[target]?.focus();
    setSelected(item.value);
  };

  return (
    <div className={className ? `shop-tabs ${className}` : 'shop-tabs'} part="base" data-orientation={orientation}>
      <div role="tablist" aria-label={label} aria-orientation={orientation} className="shop-tabs__list" part="header">
        {items.map((item, i) => {
          const isSelected = item.value === selected;
          return (
            <button
              key={item.value}
              ref={(node) => {
                tabRefs.current[i] = node;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${i}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${i}`}
              tabIndex={isSelected ? 0 : -1}
              disabled={item.disabled}
              className="shop-tabs__tab"
              part="tab"
              data-state={isSelected ? 'active' : 'inactive'}
              onClick={() => setSelected(item.value)}
              onKeyDown={(event) => onKeyDown(event, i)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item, i) => (
        <TabPanel key={item.value} id={`${baseId}-panel-${i}`} tabId={`${baseId}-tab-${i}`} selected={item.value === selected}>
          {item.content}
        </TabPanel>
      ))}
    </div>
  );
}
