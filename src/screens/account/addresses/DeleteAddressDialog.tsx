import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import { deleteAddress } from '../../../api/addresses.ts';
import type { Address } from '../../../api/contract.ts';
import { errorMessage, isApiClientError } from '../../../api/errors.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { Dialog } from '../../../widgets/dialog/Dialog.tsx';
import { formatAddress } from '../../checkout/delivery/AddressFields.tsx';

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
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    if (deleting) return;
    setDeleting(true);
    setFailure(null);
    try {
      await deleteAddress(address.id);
      onDeleted(address);
    } catch (error) {
      // Deleted meanwhile (another tab): it is gone either way.
      if (isApiClientError(error, 'http') && error.status === 404) {
        onDeleted(address);
        return;
      }
      setDeleting(false);
      setFailure(error);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('account.delete_address')}
      description={t('account.addresses_screen.delete_question')}
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={deleting}>
            {t('account.addresses_screen.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={deleting}>
            {t('account.addresses_screen.confirm_delete')}
          </Button>
        </>
      }
    >
      <p className="shop-account-addresses__quoted">{formatAddress(address)}</p>
      {failure !== null && (
        <p className="shop-account-addresses__notice" data-tone="danger" role="alert">
          {`${t('account.addresses_screen.delete_failed')} ${errorMessage(failure)}`}
        </p>
      )}
    </Dialog>
  );
}
