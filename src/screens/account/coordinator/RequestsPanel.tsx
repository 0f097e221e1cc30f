import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { approveRegistration, fetchRegistrations } from '../../../api/coordinator.ts';
import type { RegistrationRequest } from '../../../contract/contract.ts';
import { errorMessage, isApiClientError } from '../../../api/errors.ts';
import { t } from '../../../i18n/index.ts';
import { showAlert } from '../../../store/alerts.ts';
import { useRemote } from '../../use-remote.ts';
import { LoadState } from './LoadState.tsx';
import { fullName } from './people.ts';
import { RejectDialog } from './RejectDialog.tsx';
import { RequestCard } from './RequestCard.tsx';

/** Props of {@link RequestsPanel}. */
export interface RequestsPanelProps {
  /** A request was approved: the new buyer belongs in the buyers' tab. */
  onApproved: () => void;
}

/**
 * The "Registration requests" tab: the requests naming this coordinator, each approved in place or
 * rejected through {@link RejectDialog}. One approval runs at a time (the other buttons wait), and
 * the list takes the server's answer in place rather than loading again.
 */
export function RequestsPanel({ onApproved }: RequestsPanelProps) {
  useSignals();
  const requests = useRemote('registrations', (signal) => fetchRegistrations({ signal }));
  const [rejecting, setRejecting] = useState<RegistrationRequest | null>(null);
  const [approving, setApproving] = useState<number | null>(null);

  const replace = (next: RegistrationRequest) => requests.update((list) => list && list.map((item) => (item.id === next.id ? next : item)));

  const approve = async (request: RegistrationRequest) => {
    if (approving !== null) return;
    setApproving(request.id);
    try {
      replace(await approveRegistration(request.id));
      onApproved();
      showAlert({ type: 'success', content: t('coordinator.approved', { name: fullName(request) }) });
    } catch (error) {
      showAlert({ type: 'error', content: errorMessage(error) });
      // Reviewed or withdrawn meanwhile: show the list as it is now.
      if (isApiClientError(error, 'http') && (error.status === 404 || error.status === 409)) requests.reload();
    } finally {
      setApproving(null);
    }
  };

  return (
    <>
      <LoadState remote={requests}>
        {(list) =>
          list.length === 0 ? (
            <p className="shop-screen-frame__message">{t('coordinator.no_requests')}</p>
          ) : (
            <ul className="shop-coordinator__list" aria-label={t('coordinator.requests')}>
              {list.map((request) => (
                <RequestCard
                  key={request.id}
                  request={request}
                  approving={approving === request.id}
                  busy={approving !== null}
                  onApprove={() => void approve(request)}
                  onReject={() => setRejecting(request)}
                />
              ))}
            </ul>
          )
        }
      </LoadState>
      {rejecting && (
        <RejectDialog
          request={rejecting}
          onCancel={() => setRejecting(null)}
          onRejected={(next) => {
            setRejecting(null);
            replace(next);
            showAlert({ type: 'success', content: t('coordinator.rejected', { name: fullName(next) }) });
          }}
        />
      )}
    </>
  );
}
