import { useCallback, useRef, type MutableRefObject } from 'react';

/**
 * Where a form's focus goes: the registered nodes of its fields (one stable ref per field), moving focus
 * to one of them, and telling a blur towards the submit button from any other. Used by `useFormState`
 * (`./use-form-state.ts`).
 *
 * @module
 */

/** `register(id)` of a form: a stable ref callback for the field's control, or a wrapper holding it. */
export type RegisterField<F extends string> = (id: F) => (node: HTMLElement | null) => void;

/** Whether `target` is a submit button of `form`. */
export function isSubmitOf(target: EventTarget | null, form: HTMLFormElement | null): boolean {
  return form !== null && target instanceof HTMLButtonElement && target.type === 'submit' && target.form === form;
}

/** The control of a registered field node: the node itself when it is one, else its checked or first control. */
export function fieldControl(node: HTMLElement): HTMLElement | null {
  if (node.matches('input, select, textarea, button')) return node;
  return node.querySelector<HTMLElement>('input:checked') ?? node.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button');
}

/**
 * Moves focus to a registered field: the node itself when it is a control, else its checked or first
 * control, else the group itself.
 */
export function focusField(node: HTMLElement | undefined): void {
  if (!node) return;
  const target = fieldControl(node);
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
export function useFieldRegistry<F extends string>(): { nodes: MutableRefObject<Map<F, HTMLElement>>; register: RegisterField<F> } {
  const nodes = useRef(new Map<F, HTMLElement>());
  const refs = useRef(new Map<F, (node: HTMLElement | null) => void>());
  const register = useCallback((id: F) => {
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
