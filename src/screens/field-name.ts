import { fieldControl } from './form-focus.ts';

/**
 * The name a person knows a registered form field by, read from the rendered form: the group's name
 * for a wrapper (a radio group's legend or label), else its control's label. Used by the error
 * summary, whose field messages ("This element is required") say nothing without it.
 *
 * @module
 */

/** The text of `node` without what is hidden from assistive technology (a required mark "*"). */
function spokenText(node: Node): string {
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  return Array.from(node.childNodes, spokenText).join('');
}

/** What names a group of controls in the storefront's forms. */
const GROUPS = 'fieldset, [role="radiogroup"], [role="group"]';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The name `element` has of its own: `aria-labelledby`, `aria-label`, its `<label>`s or a fieldset's legend. */
function ownName(element: HTMLElement): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const root = element.getRootNode() as Document | ShadowRoot;
    return squash(
      labelledBy
        .split(/\s+/)
        .map((id) => root.getElementById(id))
        .map((label) => (label ? spokenText(label) : ''))
        .join(' '),
    );
  }
  const label = element.getAttribute('aria-label');
  if (label) return squash(label);
  const labels = 'labels' in element ? (element as HTMLInputElement).labels : null;
  if (labels && labels.length > 0) return squash(Array.from(labels, spokenText).join(' '));
  const legend = element instanceof HTMLFieldSetElement ? element.querySelector('legend') : null;
  return legend ? squash(spokenText(legend)) : '';
}

/** The field's name: the wrapper's own when it has one, else its control's; '' when it has none. */
export function fieldName(node: HTMLElement): string {
  const control = fieldControl(node);
  if (control !== node) {
    // A wrapper: the group's own name (a fieldset's legend, a radio group's label), not its first option's.
    const group = node.matches(GROUPS) ? node : node.querySelector<HTMLElement>(GROUPS);
    const name = group ? ownName(group) : '';
    if (name) return name;
  }
  return control ? ownName(control) : '';
}
