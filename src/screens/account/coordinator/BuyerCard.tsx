import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { CoordinatorBuyer, UserBudget } from '../../../contract/contract.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { FactRows } from '../../FactRow.tsx';
import { AssignmentList } from './AssignmentList.tsx';
import { fullName } from './people.ts';

/** Props of {@link BuyerCard}. */
export interface BuyerCardProps {
  buyer: CoordinatorBuyer;
  /** A points shop: budgets exist, so the card shows the buyer's assignments and Assign. */
  points: boolean;
  onAssign: () => void;
  onDeactivate: (assignment: UserBudget) => void;
}

/**
 * One buyer of the shop: their details and, in a points shop, Assign (named after the buyer, as a
 * list has many) and their budget assignments ({@link AssignmentList}).
 */
export function BuyerCard({ buyer, points, onAssign, onDeactivate }: BuyerCardProps) {
  useSignals();
  const titleId = useId();
  const name = fullName(buyer);
  const facts: [string, string][] = [
    [t('coordinator.email'), buyer.email],
    [t('coordinator.job_title'), buyer.job_title],
    [t('coordinator.buyer_id'), buyer.buyer_id],
    [t('coordinator.cost_center'), buyer.cost_center],
  ];
  return (
    <li className="shop-coordinator__card" aria-labelledby={titleId}>
      <div className="shop-coordinator__head">
        <h2 id={titleId} className="shop-coordinator__name">
          {name}
        </h2>
        {points && (
          <Button size="small" variant="secondary" onClick={onAssign} aria-label={t('coordinator.assign_named', { name })}>
            {t('coordinator.assign')}
          </Button>
        )}
      </div>
      <dl className="shop-coordinator__facts">
        <FactRows facts={facts} />
      </dl>
      {points && <AssignmentList name={name} assignments={buyer.budgets} onDeactivate={onDeactivate} />}
    </li>
  );
}
