/**
 * Focus across shadow roots: which element really has focus, whether a node is inside another, and a
 * checked focus move. Widgets render inside custom elements' shadow roots, where
 * `document.activeElement` is only the host; the modal dialogs (`use-modal-dialog.ts`) and the
 * popover use these to place focus and give it back. The Tab stops of a container are in
 * `tab-stops.ts`.
 */

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

/** Focuses `element` if it can take focus; returns whether focus landed on it. */
export function focusElement(element: Element | null | undefined, root?: Document | ShadowRoot): boolean {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  element.focus({ preventScroll: false });
  const active = getDeepActiveElement(root ?? (element.getRootNode() as Document | ShadowRoot));
  return active === element;
}
