import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import type { Address } from '../../../contract/contract.ts';
import { errorMessage } from '../../../api/errors.ts';
import { isFilled, type CheckoutAddress } from '../../../domain/checkout.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { Loading } from '../../../widgets/loading/Loading.tsx';
import { AddressFields, formatAddress } from './AddressFields.tsx';
import { ChoiceList } from './ChoiceList.tsx';
import { ADDRESS_FIELDS, RECIPIENT_ADDRESS_REQUIRED, type AddressChoice as Choice, type AddressField, type DeliveryFieldId } from './delivery-rules.ts';
import type { FormFields } from '../../use-form-state.ts';
import type { Remote } from '../../use-remote.ts';

const NEW = 'new';

/** Props of {@link AddressChoice}. */
export interface AddressChoiceProps {
  book: Remote<Address[]>;
  /** The book's entries a delivery may go to (only `specific` ones in a specific-only shop). */
  usable: readonly Address[];
  choice: Choice;
  /** The one-off address the "new address" form shows. */
  draft: CheckoutAddress;
  /** A one-off address typed earlier (`savedSpecificAddress`), offered again under "New address". */
  remembered: CheckoutAddress | null;
  specificOnly: boolean;
  onChooseBook: (address: Address) => void;
  onChooseNew: () => void;
  onDraftChange: (field: AddressField, value: string) => void;
  form: FormFields<DeliveryFieldId>;
}

/** Whether `address` is a one-off address typed earlier with anything worth offering again. */
function offeredAgain(address: CheckoutAddress | null): address is CheckoutAddress {
  return address !== null && address.id === null && [address.street, address.city, address.zip].some(isFilled);
}

/**
 * The delivery address (for methods other than self-pickup): an entry of the address book or a new
 * one typed in, which the order saves as the buyer's `specific` address. "No addresses available"
 * when the book has no usable entry (then the new-address form shows straight away).
 */
export function AddressChoice({ book, usable, choice, draft, remembered, specificOnly, onChooseBook, onChooseNew, onDraftChange, form }: AddressChoiceProps) {
  useSignals();
  const errorId = useId();
  const error = form.error('address');
  const loaded = book.status === 'ready';
  const value = choice.kind === 'book' ? String(choice.id) : choice.kind === 'new' ? NEW : null;
  const offerNew = !loaded || usable.length > 0;
  return (
    <fieldset className="shop-checkout__section" ref={form.register('address')}>
      <legend>{t('checkout.delivery_address')}</legend>
      {specificOnly && <p className="shop-checkout__muted">{t('checkout.delivery_step.specific_only')}</p>}
      {book.status === 'loading' && book.data === null && (
        <Loading loading label={t('checkout.delivery_step.loading_addresses')}>
          <p className="shop-checkout__muted">{t('checkout.delivery_step.loading_addresses')}</p>
        </Loading>
      )}
      {book.status === 'error' && (
        <div className="shop-checkout-delivery__notice" data-tone="warning" role="alert">
          <p>{`${t('checkout.delivery_step.addresses_failed')} ${errorMessage(book.error)}`}</p>
          <Button variant="secondary" size="small" onClick={book.reload}>
            {t('app.retry')}
          </Button>
        </div>
      )}
      {loaded && usable.length === 0 && (
        <p className="shop-checkout-delivery__notice" data-tone="info" role="status">
          {t('errors.no_addresses')}
        </p>
      )}
      {offerNew && (
        <ChoiceList
          value={value}
          errorId={error ? errorId : undefined}
          onChange={(next) => {
            if (next === NEW) {
              onChooseNew();
              return;
            }
            const address = usable.find((entry) => String(entry.id) === next);
            if (address) onChooseBook(address);
          }}
          choices={[
            ...usable.map((address) => {
              const person = [address.name, address.surname].filter(Boolean).join(' ');
              return {
                value: String(address.id),
                label: person || address.company || address.street,
                details: <span className="shop-checkout-delivery__choice-detail">{formatAddress({ ...address, name: '', surname: '', company: person ? address.company : '' })}</span>,
              };
            }),
            {
              value: NEW,
              label: t('checkout.new_address'),
              details:
                choice.kind !== 'new' && offeredAgain(remembered) ? (
                  <span className="shop-checkout-delivery__choice-detail">{t('checkout.delivery_step.last_entered', { address: formatAddress(remembered) })}</span>
                ) : undefined,
            },
          ]}
        />
      )}
      {error && (
        <p id={errorId} className="shop-checkout__error">
          {error}
        </p>
      )}
      {choice.kind === 'new' && (
        <div className="shop-checkout-delivery__new-address">
          <AddressFields section="address" recipient fields={ADDRESS_FIELDS} values={draft} required={RECIPIENT_ADDRESS_REQUIRED} onChange={onDraftChange} form={form} />
        </div>
      )}
    </fieldset>
  );
}
