import { useCallback, useState } from 'react';

/**
 * The fields a form's last failed submit found wrong (client rules or a refused request's field
 * errors), in the order focus goes to them, and how many failed submits there were: the error summary
 * (`ErrorSummary.tsx`) lists those fields while they are still wrong, and a new failure (its `attempt`)
 * mounts it afresh so that it is announced again. Used by `useFormState` (`./use-form-state.ts`).
 *
 * @module
 */

/** One wrong field in a form's error summary: its message now, and its control (for its name and focus). */
export interface ErrorSummaryItem {
  id: string;
  text: string;
  /** The registered node of the field (its control or a wrapper); undefined while it is not rendered. */
  node: () => HTMLElement | undefined;
}

/** The error summary of a form: the failed submit's number (a new one is announced again) and what is still wrong. */
export interface ErrorSummaryState {
  attempt: number;
  items: readonly ErrorSummaryItem[];
}

/** One failed submit: its number (from 1; 0 before any) and its wrong fields, in screen order. */
export interface FailedSubmit<F extends string> {
  attempt: number;
  fields: readonly F[];
}

/** The last failed submit, `fail(fields)` to record one, and `clear()` when a submit gets through the rules. */
export function useFailedSubmit<F extends string>(): { failed: FailedSubmit<F>; fail: (fields: Iterable<F>) => void; clear: () => void } {
  const [failed, setFailed] = useState<FailedSubmit<F>>({ attempt: 0, fields: [] });
  const fail = useCallback((fields: Iterable<F>) => {
    const list = [...fields];
    setFailed((previous) => ({ attempt: previous.attempt + 1, fields: list }));
  }, []);
  const clear = useCallback(() => {
    setFailed((previous) => (previous.fields.length === 0 ? previous : { attempt: previous.attempt, fields: [] }));
  }, []);
  return { failed, fail, clear };
}

/** The summary of `failed`: its fields still wrong now (`errorOf`), with their nodes (`nodeOf`). */
export function summaryOf<F extends string>(failed: FailedSubmit<F>, errorOf: (id: F) => string | undefined, nodeOf: (id: F) => HTMLElement | undefined): ErrorSummaryState {
  return {
    attempt: failed.attempt,
    items: failed.fields.flatMap((id) => {
      const text = errorOf(id);
      return text === undefined ? [] : [{ id, text, node: () => nodeOf(id) }];
    }),
  };
}
