import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiClientError } from '../api/errors.ts';
import { latestRequest } from '../store/latest-request.ts';

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
 * How a screen loads data that only it shows (an order, the address book, delivery methods, a homepage
 * carousel, the wait before ordering): runs `load(signal)` whenever `key` changes and on `reload`; a
 * `null` key loads nothing and stays `loading` (no shop or user yet).
 *
 * The rule for loading, one of two ways: data that several elements share, or that outlives the screen
 * (the shop, the catalogue page, the product, the cart check), sits in a store slot that starts its
 * loads on {@link latestRequest}; data of one screen is loaded here, on the same primitive, so "a newer
 * load aborts the one in flight, leaving the screen aborts it too, and only the answer of the load
 * started last is kept" has one implementation. A screen never loads from a hand-written effect.
 *
 * `options.initial`: data already in hand for the first key (the server's answer a homepage row was
 * rendered with, store/first-screen.ts): shown from the first render, with no load on mount.
 */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, options: { initial?: { data: T } | null } = {}): Remote<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RemoteState<T>>(() => (options.initial ? { status: 'ready', data: options.initial.data, error: null } : { status: 'loading', data: null, error: null }));
  // The key the initial data is for, until the mount that showed it has run its effect.
  const initialKey = useRef(options.initial ? key : null);
  const request = useMemo(latestRequest, []);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const update = useCallback((change: (data: T | null) => T | null) => setState((previous) => ({ ...previous, data: change(previous.data) })), []);

  useEffect(() => {
    if (key === null) return undefined;
    if (initialKey.current === key) {
      // Shown from the data in hand: this mount needs no load; a reload or another key loads.
      initialKey.current = null;
      return undefined;
    }
    const run = request.start();
    setState((previous) => (previous.status === 'loading' ? previous : { ...previous, status: 'loading', error: null }));
    load(run.signal).then(
      (data) => {
        if (run.settle()) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (!run.settle() || isApiClientError(error, 'aborted')) return;
        setState((previous) => ({ status: 'error', data: previous.data, error }));
      },
    );
    return request.cancel;
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `load` is a new closure each render; `key` names what it loads.
  }, [key, attempt, request]);

  return { ...state, reload, update };
}
