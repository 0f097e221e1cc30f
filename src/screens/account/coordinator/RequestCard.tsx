import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { RegistrationRequest } from '../../../contract/contract.ts';
import { formatDate } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import { Badge, type BadgeTone } from '../../../widgets/badge/Badge.tsx';
import { Button } from '../../../widgets/button/Button.tsx';
import { FactRow, FactRows } from '../../FactRow.tsx';
import { fullName } from './people.ts';

/** The badge colour of each request status: pending ones are the coordinator's to-do. */
const REQUEST_TONE: Record<RegistrationRequest['status'], BadgeTone> = { pending: 'warning', approved: 'success', rejected: 'neutral' };

/** Props of {@link RequestCard}. */
export interface RequestCardProps {
  request: RegistrationRequest;
  /** This request's approval is on its way. */
  approving: boolean;
  /** Some approval is on its way: the other buttons wait for it. */
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}

/**
 * One registration request: the person's details, its status, when it was made and reviewed, the
 * reason of a rejection, and for a pending one Approve and Reject, whose accessible names say whom
 * they act on (a list of cards has many of each).
 */
export function RequestCard({ request, approving, busy, onApprove, onReject }: RequestCardProps) {
  useSignals();
  const titleId = useId();
  const name = fullName(request);
  const facts: [string, string][] = [
    [t('coordinator.email'), request.email],
    [t('coordinator.phone'), request.phone],
    [t('coordinator.job_title'), request.job_title],
    [t('coordinator.cost_center'), request.cost_center],
    [t('coordinator.buyer_id'), request.buyer_id],
  ];
  return (
    <li className="shop-coordinator__card" aria-labelledby={titleId} data-status={request.status}>
      <div className="shop-coordinator__head">
        <h2 id={titleId} className="shop-coordinator__name">
          {name}
        </h2>
        <Badge tone={REQUEST_TONE[request.status]}>{t(`coordinator.request_status.${request.status}`)}</Badge>
      </div>
      <dl className="shop-coordinator__facts">
        <FactRows facts={facts} />
        {request.status === 'rejected' && request.reason && (
          <FactRow term={t('coordinator.reason')}>{request.reason}</FactRow>
        )}
      </dl>
      <p className="shop-coordinator__meta">
        {t('coordinator.requested_on', { date: formatDate(request.created_at) })}
        {request.reviewed_at && ` · ${t('coordinator.reviewed_on', { date: formatDate(request.reviewed_at) })}`}
      </p>
      {request.status === 'pending' && (
        <div className="shop-coordinator__actions">
          <Button size="small" onClick={onApprove} loading={approving} disabled={busy && !approving} aria-label={t('coordinator.approve_named', { name })}>
            {t('coordinator.approve')}
          </Button>
          <Button size="small" variant="secondary" onClick={onReject} disabled={busy} aria-label={t('coordinator.reject_named', { name })}>
            {t('coordinator.reject')}
          </Button>
        </div>
      )}
    </li>
  );
}
