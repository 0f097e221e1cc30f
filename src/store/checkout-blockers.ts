import { computed, type ReadonlySignal } from '@preact/signals-react';
import { summaryBlockers as blockersOf, type SummaryBlocker } from '../domain/summary-blockers.ts';
import { cartTotals } from './cart.ts';
import { checkoutState } from './checkout.ts';
import { pageSingleton } from '../page-singleton.ts';
import { user } from './session.ts';
import { isPointsShop, shop } from './shop.ts';

/**
 * What stops the checkout summary from placing the order (`summaryBlockers` of
 * src/domain/summary-blockers.ts) for the current checkout, cart, shop and budgets: one computed value,
 * read by the summary. Apart from `checkout.ts` so that only the summary's code loads it.
 */
export const summaryBlockers: ReadonlySignal<readonly SummaryBlocker[]> = pageSingleton('checkout.blockers', () =>
  computed(() =>
    blockersOf({
      state: checkoutState.value,
      website: shop.value,
      points: isPointsShop.value,
      lines: cartTotals.value.lines.map(({ line, total }) => ({ budget: line.budget, total })),
      assignments: user.value?.budgets ?? [],
    }),
  ),
);
