import type { Ref, RefCallback } from 'react';

/**
 * One callback ref that feeds several refs: a widget that clones its trigger (tooltip, popover) needs
 * the node too, without taking it away from a ref the caller put on that trigger.
 */
export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    const cleanups: (() => void)[] = [];
    for (const ref of refs) {
      if (typeof ref === 'function') {
        const cleanup = ref(node);
        cleanups.push(typeof cleanup === 'function' ? cleanup : () => ref(null));
      } else if (ref) {
        ref.current = node;
        cleanups.push(() => {
          ref.current = null;
        });
      }
    }
    // React 19 calls the returned cleanup instead of calling the ref with null.
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  };
}

/** Runs the trigger's own handler, then the widget's: cloning a trigger must not drop the caller's handlers. */
export function composeHandlers<E>(theirs: ((event: E) => void) | undefined, ours: (event: E) => void): (event: E) => void {
  return (event) => {
    theirs?.(event);
    ours(event);
  };
}
