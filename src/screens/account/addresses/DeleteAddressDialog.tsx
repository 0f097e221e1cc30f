import { useSignals } from '@preact/signals-react/runtime';
import { deleteAddress } from '../../../api/addresses.ts';
import type { Address } from '../../../contract/contract.ts';
import { errorMessage, isApiClientError } from '../../../api/errors.ts';
import { t } from '../../../i18n/index.ts';
import { formatAddress } from '../../checkout/delivery/AddressFields.tsx';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';

/** Props of {@link DeleteAddressDialog}. */
export interface DeleteAddressDialogProps {
  address: Address;
  onCancel: () => void;
  /** Deleted (or already gone: the server answered 404 `errors.not_found`). */
  onDeleted: (address: Address) => void;
}

/**
 * Asks before deleting an address (mount it to open it): the address, then Cancel (focused first, the
 * safe choice) and Delete. A failure shows in the dialog, which stays open to try again.
 */
export function DeleteAddressDialog({ address, onCancel, onDeleted }: DeleteAddressDialogProps) {
  useSignals();
  const remove = async () => {
    try {
      await deleteAddress(address.id);
    } catch (error) {
      // Deleted meanwhile (another tab): it is gone either way.
      if (!isApiClientError(error, 'http') || error.status !== 404) throw error;
    }
    onDeleted(address);
  };

  return (
    <ConfirmDialog
      title={t('account.delete_address')}
      description={t('account.addresses_screen.delete_question')}
      cancelLabel={t('account.addresses_screen.cancel')}
      confirmLabel={t('account.addresses_screen.confirm_delete')}
      onConfirm={remove}
      onCancel={onCancel}
      renderFailure={(failure) => (
        <p className="shop-account-addresses__notice" data-tone="danger" role="alert">
          {`${t('account.addresses_screen.delete_failed')} ${errorMessage(failure)}`}
        </p>
      )}
    >
      <p className="shop-account-addresses__quoted">{formatAddress(address)}</p>
    </ConfirmDialog>
  );
}
