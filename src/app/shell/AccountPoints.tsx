import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { spendableTotal } from '../../domain/budget-display.ts';
import type { SpendableAssignment } from '../../domain/budget-spend.ts';
import { formatPoints } from '../../i18n/format.ts';
import { t } from '../../i18n/index.ts';

/**
 * The account menu button's "1,300 pts" in a points shop: the points the buyer can spend now over all
 * active budgets (`spendableTotal`), read as "Points to spend: 1,300 pts". The menu loads it after the
 * header shows (the budget rule and number formatting stay out of the first route), into a box of
 * fixed width, so nothing moves when it fills in.
 */
export default function AccountPoints({ budgets }: { budgets: readonly SpendableAssignment[] }): ReactNode {
  useSignals();
  return (
    <span className="shop-account-menu__points">
      <span className="shop-visually-hidden">{`, ${t('account.points_to_spend')}:`}</span> {formatPoints(spendableTotal(budgets, new Date()))}
    </span>
  );
}
