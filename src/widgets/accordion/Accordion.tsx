import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { registerStyles } from '../../theme/styles.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import css from './accordion.css?inline';

registerStyles('accordion', css);

/** One section of an accordion. */
export interface AccordionItem {
  /** Stable identifier, used in `value`. */
  value: string;
  /** The header text (inside the heading's button). */
  title: ReactNode;
  /** The panel's content. */
  content: ReactNode;
  /** A disabled item cannot be toggled and is skipped by the arrow keys. */
  disabled?: boolean;
}

interface AccordionBaseProps {
  items: AccordionItem[];
  /** Level of the header headings, to fit the page's outline (default 3). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/** At most one panel open; `value` is its item value, `''` when none is. */
export interface AccordionSingleProps extends AccordionBaseProps {
  type?: 'single';
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Whether the open panel may be closed again by its header (default false, as in the APG example). */
  collapsible?: boolean;
}

/** Any number of panels open; `value` lists the open item values. Every panel can be closed. */
export interface AccordionMultipleProps extends AccordionBaseProps {
  type: 'multiple';
  value?: string[];
  defaultValue?: string[];
  onValueChange?: (value: string[]) => void;
}

export type AccordionProps = AccordionSingleProps | AccordionMultipleProps;

const EMPTY: string[] = [];

/**
 * Stacked sections whose panels open and close (WAI-ARIA APG "Accordion"), e.g. product details or
 * FAQ. Each header is a heading holding a button with `aria-expanded` and `aria-controls`; each panel
 * is a `region` labelled by its header. Up/Down (wrapping), Home and End move focus between headers;
 * Enter and Space toggle. `type="single"` keeps one panel open (closable when `collapsible`; otherwise
 * the open header reports `aria-disabled`), `type="multiple"` any number. Items carry
 * `data-state="open|closed"`.
 *
 * Parts: `base`, `item`, `header` (the heading), `button`, `body` (the panel).
 */
export function Accordion(props: AccordionProps) {
  const { items, headingLevel = 3, className } = props;
  const multiple = props.type === 'multiple';
  const single = multiple ? undefined : props;
  const many = multiple ? props : undefined;
  const [singleValue, setSingleValue] = useControllableState<string>(single?.value, single?.defaultValue ?? '', single?.onValueChange);
  const [manyValue, setManyValue] = useControllableState<string[]>(many?.value, many?.defaultValue ?? EMPTY, many?.onValueChange);
  const collapsible = multiple || single?.collapsible === true;
  const baseId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const Heading = `h${headingLevel}` as const;

  const isOpen = (value: string) => (multiple ? manyValue.includes(value) : singleValue === value);
  const toggle = (value: string) => {
    if (multiple) setManyValue(manyValue.includes(value) ? manyValue.filter((v) => v !== value) : [...manyValue, value]);
    else if (singleValue !== value) setSingleValue(value);
    else if (collapsible) setSingleValue('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const root = rootRef.current;
    if (!root || !(event.target instanceof HTMLElement) || !event.target.hasAttribute('data-shop-accordion-trigger')) return;
    // Only this accordion's headers, not those of an accordion nested in a panel.
    const triggers = [...root.querySelectorAll<HTMLButtonElement>('[data-shop-accordion-trigger]')].filter((el) => el.closest('.shop-accordion') === root && !el.disabled);
    const at = triggers.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    let next: number;
    if (event.key === 'ArrowDown') next = (at + 1) % triggers.length;
    else if (event.key === 'ArrowUp') next = (at - 1 + triggers.length) % triggers.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = triggers.length - 1;
    else return;
    event.preventDefault();
    triggers[next]?.focus();
  };

  return (
    <div ref={rootRef} className={className ? `shop-accordion ${className}` : 'shop-accordion'} part="base" onKeyDown={onKeyDown}>
      {items.map((item, i) => {
        const open = isOpen(item.value);
        const state = open ? 'open' : 'closed';
        const headerId = `${baseId}-header-${i}`;
        const panelId = `${baseId}-panel-${i}`;
        const locked = open && !collapsible;
        return (
          <div key={item.value} className="shop-accordion__item" part="item" data-state={state} data-disabled={item.disabled ? '' : undefined}>
            <Heading className="shop-accordion__heading" part="header">
              <button
                type="button"
                id={headerId}
                className="shop-accordion__trigger"
                part="button"
                data-shop-accordion-trigger=""
                data-state={state}
                aria-expanded={open}
                aria-controls={panelId}
                aria-disabled={locked || undefined}
                disabled={item.disabled}
                onClick={() => toggle(item.value)}
              >
                <span className="shop-accordion__title">{item.title}</span>
                <svg className="shop-accordion__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="M6 9l6 6 6-6" />
                </svg>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={headerId} className="shop-accordion__panel" part="body" data-state={state} hidden={!open}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
