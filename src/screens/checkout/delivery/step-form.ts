import type { DeliveryFieldId } from './delivery-rules.ts';

/**
 * What the delivery step's sections need from the step's form: the message a field shows (its first
 * failing rule, once the buyer left the field or pressed Continue), marking a field as visited, and a
 * ref so Continue can move focus to the first invalid field.
 */
export interface StepForm {
  /** The text a field shows, or undefined. */
  error(id: DeliveryFieldId): string | undefined;
  /** The buyer left the field: from now on it shows its message. */
  touch(id: DeliveryFieldId): void;
  /**
   * A ref for the field's control (an input), or for a wrapper holding it (a radio group's fieldset, a
   * combobox's wrapper): focus goes to the checked radio, else the first control inside.
   */
  register(id: DeliveryFieldId): (node: HTMLElement | null) => void;
}

/**
 * Moves focus to a registered field: the node itself when it is a control, else its checked or first
 * control, else the group itself.
 */
export function focusField(node: HTMLElement | undefined): void {
  if (!node) return;
  if (node.matches('input, select, textarea, button')) {
    node.focus();
    return;
  }
  const target = node.querySelector<HTMLElement>('input:checked') ?? node.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button');
  if (target) {
    target.focus();
    return;
  }
  // Nothing to choose yet (no delivery method offered): the group itself, so its message is read.
  node.tabIndex = -1;
  node.focus();
}
