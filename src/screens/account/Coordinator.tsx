import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Tabs } from '../../widgets/tabs/Tabs.tsx';
import { AccountFrame } from './AccountFrame.tsx';
import { BuyersPanel } from './coordinator/BuyersPanel.tsx';
import { RequestsPanel } from './coordinator/RequestsPanel.tsx';
import css from './coordinator.css?inline';

// Registered here, with the screen, so the styles of every panel and dialog of coordinator/ travel in this route's chunk.
registerStyles('coordinator', css);

/**
 * The coordinator area (route `coordinator` `/user/coordinator`, coordinators only): two
 * tabs, the registration requests naming this coordinator (approve, or reject with a reason) and the
 * shop's buyers with their budget assignments (assign a budget, deactivate one; budgets only in
 * points shops). Every change is confirmed with a toast.
 */
export function Coordinator(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  // An approval adds a buyer: the buyers' list (already loaded behind its tab) loads again.
  const [buyersVersion, setBuyersVersion] = useState(0);
  const onApproved = useCallback(() => setBuyersVersion((value) => value + 1), []);
  return (
    <AccountFrame title={t('account.coordinator_area')} className="shop-coordinator">
      <Tabs
        label={t('coordinator.sections')}
        items={[
          { value: 'requests', label: t('coordinator.requests'), content: <RequestsPanel onApproved={onApproved} /> },
          { value: 'buyers', label: t('coordinator.buyers'), content: <BuyersPanel version={buyersVersion} /> },
        ]}
      />
    </AccountFrame>
  );
}
