import { useEffect, useState } from 'react';
import { fetchAddresses } from '../../../api/addresses.ts';
import type { Address } from '../../../api/contract.ts';
import { isApiClientError } from '../../../api/errors.ts';

/** The address book as the account screen holds it. `data` keeps the last list while a reload runs. */
export interface AddressBook {
  status: 'loading' | 'ready' | 'error';
  data: Address[] | null;
  error: unknown;
  /** Loads the book again (after an error). */
  retry: () => void;
  /** Puts a saved address in the list: replaces the entry with its id, else adds it first (newest first). */
  put: (address: Address) => void;
  /** Takes an entry out of the list. */
  remove: (id: number) => void;
}

interface State {
  status: AddressBook['status'];
  data: Address[] | null;
  error: unknown;
}

/**
 * The buyer's address book (`GET /api/user/addresses`, newest first), loaded for `userId` (null: not
 * logged in, nothing loads). Saving and deleting change the list in place from the server's answers,
 * so it needs no reload; a newer load aborts the one on its way.
 */
export function useAddressBook(userId: number | null): AddressBook {
  const [state, setState] = useState<State>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (userId === null) return undefined;
    const controller = new AbortController();
    setState((previous) => (previous.status === 'loading' ? previous : { ...previous, status: 'loading', error: null }));
    fetchAddresses(undefined, { signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isApiClientError(error, 'aborted')) return;
        setState((previous) => ({ status: 'error', data: previous.data, error }));
      },
    );
    return () => controller.abort();
  }, [userId, attempt]);
  return {
    ...state,
    retry: () => setAttempt((count) => count + 1),
    put: (address) =>
      setState((previous) => {
        const list = previous.data ?? [];
        const data = list.some((entry) => entry.id === address.id) ? list.map((entry) => (entry.id === address.id ? address : entry)) : [address, ...list];
        return { ...previous, data };
      }),
    remove: (id) => setState((previous) => ({ ...previous, data: previous.data ? previous.data.filter((entry) => entry.id !== id) : previous.data })),
  };
}
