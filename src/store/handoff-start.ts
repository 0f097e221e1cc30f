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

/**
 * A handoff is being taken in (the sign-in offer waiting for the person's answer, signing in, adopting
 * the cart): the storefront's guards wait meanwhile, so nobody is sent elsewhere while they choose.
 */
export const handoffArriving = pageSingleton('handoff.arriving', () => signal(false));

/** How many arrivals run now: a second link opened while the first is asked about keeps the guards waiting. */
const running = pageSingleton('handoff.running', () => ({ count: 0 }));

/**
 * The storefront's session start once its shop is known: with a handoff (`raw`, or one kept from a
 * load that failed) its code is loaded and takes it in, the guards waiting meanwhile, so a link into
 * the checkout is not sent back to an empty cart before the lines are in; without one, the session is
 * restored as usual.
 */
export async function startSession(raw: RawArrival): Promise<void> {
  if (!hasArrival(raw)) return restoreSession();
  running.count += 1;
  handoffArriving.value = true;
  try {
    const arrival = await import('./handoff-arrival.ts');
    await arrival.arriveAtStorefront(raw);
  } catch {
    await restoreSession();
  } finally {
    running.count -= 1;
    if (running.count === 0) handoffArriving.value = false;
  }
}
