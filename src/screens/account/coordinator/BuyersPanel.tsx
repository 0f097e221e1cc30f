import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { fetchBuyers, fetchShopBudgets } from '../../../api/coordinator.ts';
import type { CoordinatorBuyer, UserBudget } from '../../../contract/contract.ts';
import { t } from '../../../i18n/index.ts';
import { showAlert } from '../../../store/alerts.ts';
import { isPointsShop } from '../../../store/shop.ts';
import { useRemote } from '../../use-remote.ts';
import { AssignDialog } from './AssignDialog.tsx';
import { BuyerCard } from './BuyerCard.tsx';
import { withAssignment, type BuyersData } from './buyers-data.ts';
import { DeactivateDialog } from './DeactivateDialog.tsx';
import { LoadState } from './LoadState.tsx';
import { fullName } from './people.ts';

/** Props of {@link BuyersPanel}. */
export interface BuyersPanelProps {
  /** Changes when an approval added a buyer: the list loads again. */
  version: number;
}

/**
 * The "Buyers" tab: the shop's buyers, and in a points shop their budget assignments with Assign
 * ({@link AssignDialog}) and Deactivate ({@link DeactivateDialog}). A change takes the server's answer
 * in place (see {@link withAssignment}) and is confirmed with a toast.
 */
export function BuyersPanel({ version }: BuyersPanelProps) {
  useSignals();
  const points = isPointsShop.value;
  // Loaded again when an approval adds a buyer (`version`).
  const remote = useRemote<BuyersData>(`${version}|${points}`, async (signal) => {
    const [buyers, budgets] = await Promise.all([fetchBuyers({ signal }), points ? fetchShopBudgets({ signal }) : Promise.resolve([])]);
    return { buyers, budgets };
  });
  const [assigningTo, setAssigningTo] = useState<CoordinatorBuyer | null>(null);
  const [deactivating, setDeactivating] = useState<{ buyer: CoordinatorBuyer; assignment: UserBudget } | null>(null);

  const replaceAssignment = (buyerId: number, next: UserBudget) => remote.update((data) => data && withAssignment(data, buyerId, next));

  return (
    <LoadState remote={remote}>
      {(data) => (
        <>
          {data.buyers.length === 0 ? (
            <p className="shop-screen-frame__message">{t('coordinator.no_buyers')}</p>
          ) : (
            <ul className="shop-coordinator__list" aria-label={t('coordinator.buyers')}>
              {data.buyers.map((buyer) => (
                <BuyerCard
                  key={buyer.id}
                  buyer={buyer}
                  points={points}
                  onAssign={() => setAssigningTo(buyer)}
                  onDeactivate={(assignment) => setDeactivating({ buyer, assignment })}
                />
              ))}
            </ul>
          )}
          {assigningTo && (
            <AssignDialog
              buyer={assigningTo}
              budgets={data.budgets}
              onCancel={() => setAssigningTo(null)}
              onAssigned={(assignment) => {
                const buyer = assigningTo;
                setAssigningTo(null);
                replaceAssignment(buyer.id, assignment);
                showAlert({ type: 'success', content: t('coordinator.assigned', { budget: assignment.name, name: fullName(buyer) }) });
              }}
            />
          )}
          {deactivating && (
            <DeactivateDialog
              buyer={deactivating.buyer}
              assignment={deactivating.assignment}
              onCancel={() => setDeactivating(null)}
              onDeactivated={(assignment) => {
                const { buyer } = deactivating;
                setDeactivating(null);
                replaceAssignment(buyer.id, assignment);
                showAlert({ type: 'success', content: t('coordinator.deactivated', { budget: assignment.name, name: fullName(buyer) }) });
              }}
            />
          )}
        </>
      )}
    </LoadState>
  );
}
