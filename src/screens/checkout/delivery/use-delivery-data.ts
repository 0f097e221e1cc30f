import { useEffect, useState } from 'react';
import { fetchAddresses } from '../../../api/addresses.ts';
import type { Address, CartItemInput, DeliveryMethod } from '../../../api/contract.ts';
import { fetchDeliveryMethods } from '../../../api/delivery.ts';
import { isApiClientError } from '../../../api/errors.ts';

/**
 * What the delivery step loads from the provider: the delivery methods for the cart
 * (`POST /api/delivery-methods`) and the buyer's address book (`GET /api/user/addresses`). Each load
 * can be retried; a newer load (the cart changed, a retry) cancels the one still on its way.
 */

/** A load's state. `data` keeps the last answer while a newer load runs (no flicker on a refresh). */
export interface Loaded<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | null;
  error: unknown;
  /** Loads again (after an error). */
  retry: () => void;
}

interface LoadState<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | null;
  error: unknown;
}

/**
 * Runs `load` whenever `key` changes (or on a retry); null `key` loads nothing and stays `loading`.
 * A superseded or unmounted load is aborted and its outcome ignored.
 */
function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
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
    // `load` is rebuilt every render; `key` says what it loads.
  }, [key, attempt]);
  return { ...state, retry: () => setAttempt((count) => count + 1) };
}

/** The delivery methods the shop offers for these cart lines, in the shop's order. */
export function useDeliveryMethods(websiteId: number | null, items: readonly CartItemInput[]): Loaded<DeliveryMethod[]> {
  const key = websiteId === null ? null : JSON.stringify([websiteId, items]);
  return useLoad(key, (signal) => fetchDeliveryMethods({ website_id: websiteId ?? 0, items: items.map((item) => ({ ...item })) }, { signal }));
}

/** The buyer's address book, newest first (loaded again for another user). */
export function useAddressBook(userId: number | null): Loaded<Address[]> {
  return useLoad(userId === null ? null : String(userId), (signal) => fetchAddresses(undefined, { signal }));
}
