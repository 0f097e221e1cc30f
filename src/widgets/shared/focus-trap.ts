import { useEffect, useRef, type RefObject } from 'react';
import { pageSingleton } from '../../page-singleton.ts';

/** What can take focus with Tab (before filtering out disabled, hidden and `tabindex="-1"` nodes). */
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/**
 * The element that really has focus under `root`, descending through open shadow roots. In a shadow
 * root `document.activeElement` is only the host, so widgets ask their own root (the element's
 * `ShadowRoot` from `useElement().root`, or the node's `getRootNode()`) instead.
 */
export function getDeepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Whether `node` is `container` or inside it, also when it sits in a shadow root nested in it. */
export function containsDeep(container: Node | null, node: Node | null): boolean {
  let current: Node | null = node;
  while (current) {
    if (current === container) return true;
    current = current.parentNode ?? (current instanceof ShadowRoot ? current.host : null);
  }
  return false;
}

function isTabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0) return false;
  if ((element as HTMLButtonElement).disabled) return false;
  if (element.closest('[hidden], [inert], fieldset:disabled')) return false;
  if (typeof element.checkVisibility === 'function' && !element.checkVisibility({ visibilityProperty: true })) return false;
  return true;
}

/**
 * The Tab stops inside `container`, in document order, walking into open shadow roots of custom
 * elements. A radio group counts once (its checked radio, or its first one), as the browser does.
 */
export function getTabbables(container: ParentNode): HTMLElement[] {
  const found: HTMLElement[] = [];
  const radioGroups = new Map<string, HTMLInputElement[]>();
  const visit = (parent: ParentNode) => {
    for (const child of Array.from(parent.children)) {
      if (child instanceof HTMLElement) {
        if (child.matches(FOCUSABLE) && isTabbable(child)) {
          if (child instanceof HTMLInputElement && child.type === 'radio' && child.name) {
            const key = `${child.form ? 'f' : 'n'}:${child.name}`;
            const group = radioGroups.get(key);
            if (group) group.push(child);
            else {
              radioGroups.set(key, [child]);
              found.push(child);
            }
          } else found.push(child);
        }
        if (child.shadowRoot) visit(child.shadowRoot);
      }
      visit(child);
    }
  };
  visit(container);
  // Replace each group's placeholder (its first radio) by the checked one when there is one.
  for (const group of radioGroups.values()) {
    const checked = group.find((radio) => radio.checked);
    const first = group[0];
    if (checked && first && checked !== first) found[found.indexOf(first)] = checked;
  }
  return found;
}

/** Focuses `element` if it can take focus; returns whether focus landed on it. */
export function focusElement(element: Element | null | undefined, root?: Document | ShadowRoot): boolean {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  element.focus({ preventScroll: false });
  const active = getDeepActiveElement(root ?? (element.getRootNode() as Document | ShadowRoot));
  return active === element;
}

/**
 * Keeps Tab and Shift+Tab inside `container`: from the last stop Tab wraps to the first, from the
 * first (or the container itself) Shift+Tab wraps to the last. Returns whether it moved focus.
 * Exported for widgets that handle their own keydown; {@link useFocusTrap} uses it.
 */
export function wrapTab(event: KeyboardEvent, container: HTMLElement, root: Document | ShadowRoot): boolean {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return false;
  const stops = getTabbables(container);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) {
    // Nothing to move to: keep focus on the container rather than letting it leave.
    event.preventDefault();
    container.focus();
    return true;
  }
  const active = getDeepActiveElement(root);
  const inside = containsDeep(container, active);
  if (event.shiftKey) {
    if (!inside || active === container || active === first) {
      event.preventDefault();
      last.focus();
      return true;
    }
  } else if (!inside || active === container || active === last) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

/** Open traps, innermost last: only the innermost one handles Tab. Shared by every bundle on the page. */
const trapStack = pageSingleton('widgets.focus-trap-stack', () => [] as symbol[]);

/** Options of {@link useFocusTrap}. */
export interface FocusTrapOptions {
  /** Whether the trap holds (the drawer or modal is open). */
  active: boolean;
  /** The element focus stays in; a state-backed callback ref, so a trap set up before the node exists starts once it does. */
  container: HTMLElement | null;
  /** The element's root (`useElement().root`); defaults to the container's own root node. */
  root?: Document | ShadowRoot;
  /** What gets focus on activation; defaults to `[autofocus]`, then the first Tab stop, then the container. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Give focus back to the element that had it before activation (default true). */
  restoreFocus?: boolean;
}

/**
 * Modal focus handling (WAI-ARIA dialog pattern): moves focus into `container` when it activates,
 * wraps Tab and Shift+Tab inside it, and returns focus to the opener when it deactivates or unmounts.
 * Focus is read from the container's own root (its `ShadowRoot` inside an element), never from
 * `document.activeElement` alone, so it works in shadow DOM. Nested traps stack: the innermost wins.
 */
export function useFocusTrap({ active, container, root, initialFocus, restoreFocus = true }: FocusTrapOptions): void {
  const initialRef = useRef(initialFocus);
  initialRef.current = initialFocus;
  const restoreRef = useRef(restoreFocus);
  restoreRef.current = restoreFocus;

  useEffect(() => {
    if (!active || !container) return;
    const nodeRoot = container.getRootNode();
    const ownRoot: Document | ShadowRoot =
      root instanceof ShadowRoot && containsDeep(root, container) ? root : nodeRoot instanceof ShadowRoot ? nodeRoot : container.ownerDocument;
    const opener = getDeepActiveElement(container.ownerDocument);
    const token = Symbol('focus-trap');
    trapStack.push(token);

    if (!containsDeep(container, getDeepActiveElement(ownRoot))) {
      const preferred = initialRef.current?.current ?? container.querySelector<HTMLElement>('[autofocus]') ?? getTabbables(container)[0];
      if (!focusElement(preferred, ownRoot)) container.focus();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (trapStack[trapStack.length - 1] !== token) return;
      wrapTab(event, container, ownRoot);
    };
    container.addEventListener('keydown', onKeyDown);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      const index = trapStack.indexOf(token);
      if (index !== -1) trapStack.splice(index, 1);
      if (restoreRef.current && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [active, container, root]);
}
