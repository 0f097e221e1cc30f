import { useCallback, useRef, type MutableRefObject } from 'react';
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

/**
 * The registered field nodes of a form, and `register(id)`: one stable ref callback per field (so
 * React does not detach and re-attach it on every render) that keeps `nodes` up to date.
 */
export function useFieldRegistry(): { nodes: MutableRefObject<Map<DeliveryFieldId, HTMLElement>>; register: StepForm['register'] } {
  const nodes = useRef(new Map<DeliveryFieldId, HTMLElement>());
  const refs = useRef(new Map<DeliveryFieldId, (node: HTMLElement | null) => void>());
  const register = useCallback((id: DeliveryFieldId) => {
    let ref = refs.current.get(id);
    if (!ref) {
      ref = (node: HTMLElement | null) => {
        if (node) nodes.current.set(id, node);
        else nodes.current.delete(id);
      };
      refs.current.set(id, ref);
    }
    return ref;
  }, []);
  return { nodes, register };
}
