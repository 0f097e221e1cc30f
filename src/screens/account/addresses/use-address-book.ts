import { fetchAddresses } from '../../../api/addresses.ts';
import type { Address } from '../../../contract/contract.ts';
import { useRemote, type Remote } from '../../use-remote.ts';

/** The address book as the account screen and the checkout's delivery step hold it. */
export interface AddressBook extends Remote<Address[]> {
  /** Puts a saved address in the list: replaces the entry with its id, else adds it first (newest first). */
  put: (address: Address) => void;
  /** Takes an entry out of the list. */
  remove: (id: number) => void;
}

/**
 * The buyer's address book (`GET /api/user/addresses`, newest first), loaded for `userId` (null: not
 * logged in, nothing loads) and again for another user. Saving and deleting change the list in place
 * from the server's answers, so it needs no reload.
 */
export function useAddressBook(userId: number | null): AddressBook {
  const book = useRemote(userId === null ? null : String(userId), (signal) => fetchAddresses(undefined, { signal }));
  return {
    ...book,
    put: (address) =>
      book.update((data) => {
        const list = data ?? [];
        return list.some((entry) => entry.id === address.id) ? list.map((entry) => (entry.id === address.id ? address : entry)) : [address, ...list];
      }),
    remove: (id) => book.update((data) => (data ? data.filter((entry) => entry.id !== id) : data)),
  };
}
