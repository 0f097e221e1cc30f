import { useCallback, useRef, useState } from 'react';

/**
 * State that a caller may control (`value` + `onChange`) or leave to the widget (`defaultValue`), the
 * Radix convention: `value`/`defaultValue`/`onValueChange`, `open`/`defaultOpen`/`onOpenChange`.
 */
export function useControllableState<T>(
  controlled: T | undefined,
  defaultValue: T,
  onChange?: (value: T) => void,
): [T, (next: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const isControlled = controlled !== undefined;
  const value = isControlled ? controlled : own;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const setValue = useCallback(
    (next: T) => {
      if (!isControlled) setOwn(next);
      if (!Object.is(next, value)) onChangeRef.current?.(next);
    },
    [isControlled, value],
  );
  return [value, setValue];
}
