import { useSignals } from '@preact/signals-react/runtime';
import { deactivateAssignment } from '../../../api/coordinator.ts';
import type { CoordinatorBuyer, UserBudget } from '../../../contract/contract.ts';
import { errorMessage } from '../../../api/errors.ts';
import { formatPoints } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';
import { fullName } from './people.ts';

/** Props of {@link DeactivateDialog}. */
export interface DeactivateDialogProps {
  buyer: CoordinatorBuyer;
  assignment: UserBudget;
  /** Closed without deactivating. */
  onCancel: () => void;
  /** Deactivated: the server's answer (the assignment, now inactive). */
  onDeactivated: (next: UserBudget) => void;
}

/**
 * Asks before deactivating a buyer's budget assignment (mount it to open it), saying whose budget it
 * is and how many points the buyer loses with it, so the coordinator knows what they stop. A failure
 * shows in the dialog, which stays open to try again.
 */
export function DeactivateDialog({ buyer, assignment, onCancel, onDeactivated }: DeactivateDialogProps) {
  useSignals();
  return (
    <ConfirmDialog
      title={t('coordinator.deactivate_title')}
      description={t('coordinator.deactivate_description', { name: fullName(buyer), left: formatPoints(assignment.points_left), budget: assignment.name })}
      cancelLabel={t('coordinator.cancel')}
      confirmLabel={t('coordinator.deactivate_confirm')}
      onConfirm={async () => onDeactivated(await deactivateAssignment(assignment.id))}
      onCancel={onCancel}
      renderFailure={(failure) => (
        <p className="shop-screen-frame__error" role="alert">
          {errorMessage(failure)}
        </p>
      )}
    />
  );
}

