import { useCallback, useEffect, useState } from 'react';
import { isApiClientError } from '../../../api/errors.ts';

/** Where a load stands; `data` stays from the last success while the next one loads. */
export interface Remote<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: T | null;
  error: unknown;
  /** Loads again (the same key). */
  reload: () => void;
}

/**
 * Loads `load(signal)` whenever `key` changes (and on `reload`), while `enabled`. A newer load, or
 * leaving the screen, aborts the one in flight; only the answer of the load started last is kept.
 */
export function useRemote<T>(key: string, enabled: boolean, load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<Remote<T>, 'reload'>>({ status: 'idle', data: null, error: null });
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isApiClientError(error, 'aborted')) return;
        setState((previous) => ({ status: 'error', data: previous.data, error }));
      },
    );
    return () => controller.abort();
    // `load` is a new closure each render; `key` names what it loads.
  }, [key, enabled, attempt]);

  return { ...state, reload };
}
