/**
 * Focus across shadow roots: which element really has focus, whether a node is inside another, the
 * Tab stops of a container and a checked focus move. Widgets render inside custom elements' shadow
 * roots, where `document.activeElement` is only the host; the modal dialogs (`use-modal-dialog.ts`)
 * and the popover use these to place focus and give it back.
 */

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
