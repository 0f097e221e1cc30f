import { useSignals } from '@preact/signals-react/runtime';
import type { OrderSummary } from '../../../contract/contract.ts';
import { t } from '../../../i18n/index.ts';
import { Badge } from '../../../widgets/badge/Badge.tsx';
import { statusTone } from './order-view.ts';

/** An order's status as its label (spec §4: New, In Progress, Complete), read as "Status: New". */
export function OrderStatusBadge({ status }: { status: OrderSummary['status'] }) {
  useSignals();
  return (
    <Badge tone={statusTone(status)} hiddenPrefix={`${t('orders.status_label')}:`} data-status={status}>
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
