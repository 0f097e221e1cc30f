import { useEffect } from 'react';
import type { Address, DeliveryMethod } from '../../../contract/contract.ts';
import type { ChosenDeliveryMethod } from '../../../domain/checkout.ts';
import { checkoutState, chooseDeliveryAddress, chooseDeliveryMethod } from '../../../store/checkout.ts';
import { preselectedAddress, toCheckoutAddress } from './delivery-rules.ts';

/** The server's method as the checkout keeps it. */
export function chosenMethod(method: DeliveryMethod): ChosenDeliveryMethod {
  return {
    id: method.id,
    type: method.type,
    name: method.name,
    price: method.price,
    pickup_address: method.pickup_address ? { ...method.pickup_address } : null,
    budgets: method.budgets.map((budget) => ({ ...budget })),
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps the delivery step's stored choices in line with what the server answers: the method follows
 * the current offer, a chosen book entry follows the book, and a saved address is preselected.
 * `methodList` and `bookData` are null until loaded; `usable` is the book's entries this shop ships to.
 */
export function useChoicesFollowServer(methodList: DeliveryMethod[] | null, bookData: Address[] | null, bookReady: boolean, usable: Address[], needsAddress: boolean): void {
  // The stored method follows the server's current offer: refreshed, dropped when no longer offered,
  // and chosen by itself when it is the only one.
  useEffect(() => {
    if (!methodList) return;
    const current = checkoutState.peek().deliveryMethod;
    const fresh = current ? methodList.find((method) => method.id === current.id) : undefined;
    if (current && !fresh) chooseDeliveryMethod(null);
    else if (current && fresh && !sameJson(chosenMethod(fresh), current)) chooseDeliveryMethod(chosenMethod(fresh));
    const only = methodList.length === 1 ? methodList[0] : undefined;
    if (!checkoutState.peek().deliveryMethod && only) chooseDeliveryMethod(chosenMethod(only));
  }, [methodList]);

  // A chosen book entry follows the book (it may have been edited in the account since).
  useEffect(() => {
    if (!bookData) return;
    const current = checkoutState.peek().deliveryAddress;
    const fresh = current && current.id !== null ? bookData.find((entry) => entry.id === current.id) : undefined;
    if (current && fresh && !sameJson(toCheckoutAddress(fresh), current)) chooseDeliveryAddress(toCheckoutAddress(fresh));
  }, [bookData]);

  // Nothing chosen yet: a saved address is chosen by itself (the last used, else the newest), so a
  // buyer with an address book goes on without a click. "New address" and any other entry stay a click away.
  useEffect(() => {
    if (!bookReady || !needsAddress) return;
    const current = checkoutState.peek();
    if (current.deliveryAddress !== null) return;
    const pick = preselectedAddress(usable, current.savedSpecificAddress);
    if (pick) chooseDeliveryAddress(toCheckoutAddress(pick));
  }, [bookReady, usable, needsAddress]);
}
