import { signal } from '@preact/signals-react';
import { pageSingleton } from '../page-singleton.ts';
import { hasArrival, type RawArrival } from './handoff-address.ts';
import { restoreSession } from './session.ts';

/**
 * The storefront's session start, taking in a handoff from widgets on another origin when one came.
 * Apart from the address-bar reading (`./handoff-address.ts`), which the arrival code imports, so that
 * this module's dynamic import of `./handoff-arrival.ts` is no import circle.
 *
 * @module
 */

/** A handoff is being taken in (signing in, adopting the cart): the storefront's guards wait meanwhile. */
export const handoffArriving = pageSingleton('handoff.arriving', () => signal(false));

/**
 * The storefront's session start once its shop is known: with a handoff (`raw`, or one kept from a
 * load that failed) its code is loaded and takes it in, the guards waiting meanwhile, so a link into
 * the checkout is not sent back to an empty cart before the lines are in; without one, the session is
 * restored as usual.
 */
export async function startSession(raw: RawArrival): Promise<void> {
  if (!hasArrival(raw)) return restoreSession();
  handoffArriving.value = true;
  try {
    const arrival = await import('./handoff-arrival.ts');
    await arrival.arriveAtStorefront(raw);
  } catch {
    await restoreSession();
  } finally {
    handoffArriving.value = false;
  }
}
