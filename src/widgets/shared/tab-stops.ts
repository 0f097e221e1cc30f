/**
 * The Tab stops of a container, as the browser would visit them, walking into open shadow roots. The
 * popover uses them to move focus into itself and on past it; kept apart from `deep-focus.ts` so the
 * modal dialogs, which let the browser pick their first control, do not carry the walk.
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

