import { useCallback, useEffect, useState } from 'react';
import { isApiClientError } from '../api/errors.ts';

/** Where a screen's load stands; `data` stays from the last success while the next one loads. */
export interface Remote<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | null;
  error: unknown;
  /** Loads again (the same key), e.g. after an error. */
  reload: () => void;
  /** Changes the loaded data in place from a server's answer (a saved address, an approval) without a reload. */
  update: (change: (data: T | null) => T | null) => void;
}

type RemoteState<T> = Pick<Remote<T>, 'status' | 'data' | 'error'>;

/**
 * The one way a screen loads what it shows: runs `load(signal)` whenever `key` changes and on
 * `reload`; a `null` key loads nothing and stays `loading` (no shop or user yet). A newer load, or
 * leaving the screen, aborts the one in flight, and only the answer of the load started last is kept.
 */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading', data: null, error: null });
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const update = useCallback((change: (data: T | null) => T | null) => setState((previous) => ({ ...previous, data: change(previous.data) })), []);

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    setState((previous) => (previous.status === 'loading' ? previous : { ...previous, status: 'loading', error: null }));
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
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `load` is a new closure each render; `key` names what it loads.
  }, [key, attempt]);

  return { ...state, reload, update };
}
