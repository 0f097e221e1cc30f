import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useId, useMemo, useRef, type RefObject } from 'react';
import { createAddress, updateAddress, type AddressType } from '../../../api/addresses.ts';
import { needsRecipient, type Address } from '../../../contract/contract.ts';
import { shop } from '../../../store/shop.ts';
import { errorMessage } from '../../../api/errors.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { Dialog } from '../../../widgets/dialog/Dialog.tsx';
import { SelectButton } from '../../../widgets/select-button/SelectButton.tsx';
import { AddressFields } from '../../checkout/delivery/AddressFields.tsx';
import { ADDRESS_FIELDS, addressIssues, addressRequired, type AddressField, type DeliveryFieldId } from '../../checkout/delivery/delivery-rules.ts';
import { useFormState, type FormCheck, type FormFields } from '../../use-form-state.ts';
import { ADDRESS_TYPES, draftOf, toAddressInput } from './address-book-rules.ts';
import { ErrorSummary } from '../../ErrorSummary.tsx';

/** Props of {@link AddressFormDialog}. */
export interface AddressFormDialogProps {
  /** The entry to edit, or null to add a new address. */
  editing: Address | null;
  /** The shop invoices: a billing address without a tax ID gets "Nip missing from address". */
  invoicing: boolean;
  /** Closed without saving (Cancel, Close, Escape). */
  onCancel: () => void;
  /** Saved: the server's answer (201 for a new address). */
  onSaved: (address: Address, created: boolean) => void;
}

/** The form's fields: the address's, and its type (which only the server's answer may refuse). */
type AddressFormField = AddressField | 'type';

/** The checkout's rules of an address of the chosen type. */
const checkAddress: FormCheck<AddressFormField> = (values) => addressIssues(values, values.type as AddressType);

/** Where a refused save's field errors land, in the order focus goes to them: the address's fields first, then the type. */
const SERVER_FIELDS: readonly AddressFormField[] = [...ADDRESS_FIELDS, 'type'];

/** `address.zip` → `zip`: the checkout's fields name their ids by section. */
const fieldOf = (id: DeliveryFieldId) => id.slice('address.'.length) as AddressField;

/**
 * Adding or editing an address of the book, in a dialog (mount it to open it): its type (delivery,
 * billing or specific), then the checkout's address fields, in the checkout's order and with its rules
 * (`AddressInputSchema`, the postal code against the country). A field shows its first failing rule
 * once left; Save checks every field and focuses the first invalid one, else saves. Field errors of a
 * refused save show on their fields (until the field is edited; the postal code's also when the
 * country is); any other failure above the actions.
 */
export function AddressFormDialog({ editing, invoicing, onCancel, onSaved }: AddressFormDialogProps) {
  useSignals();
  const formId = useId();
  const form = useFormState<AddressFormField>({ ...draftOf(editing, shop.peek()?.country), type: editing?.type ?? 'delivery' }, checkAddress, {
    live: true,
    fields: SERVER_FIELDS,
    dependents: { country: ['zip'] },
  });
  const type = form.values.type as AddressType;
  const typeBox = useRef<HTMLDivElement | null>(null);
  const registerType = form.register('type');
  const typeRef = useCallback(
    (node: HTMLDivElement | null) => {
      typeBox.current = node;
      registerType(node);
    },
    [registerType],
  );
  // Focus on open: the chosen type (the first control of the form), not the dialog's Close button.
  const initialFocus = useMemo<RefObject<HTMLElement | null>>(
    () => ({
      get current() {
        return typeBox.current?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ?? null;
      },
    }),
    [],
  );

  // The address fields are the checkout's, named `address.…`.
  const fields: FormFields<DeliveryFieldId> = {
    error: (id) => form.error(fieldOf(id)),
    touch: (id) => form.touch(fieldOf(id)),
    register: (id) => form.register(fieldOf(id)),
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const input = toAddressInput(values, type);
    const saved = editing ? await updateAddress(editing.id, input) : await createAddress(input);
    onSaved(saved, editing === null);
  });

  const failure = form.formError;
  const nipMissing = invoicing && type === 'billing' && form.values.nip.trim() === '';

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={editing ? t('account.edit_address') : t('account.add_address')}
      initialFocus={initialFocus}
      className="shop-account-addresses__dialog"
    >
      <form id={formId} className="shop-account-addresses__form" noValidate onSubmit={onSubmit} aria-busy={form.pending || undefined}>
        <ErrorSummary summary={form.summary} />
        <div ref={typeRef}>
          <SelectButton
            label={t('account.addresses_screen.type')}
            options={ADDRESS_TYPES.map((value) => ({ value, label: t(`account.address_type.${value}`) }))}
            value={type}
            onValueChange={(value) => form.setValue('type', value)}
            hint={t(`account.addresses_screen.type_hint.${type}`)}
            error={form.error('type')}
            required
          />
        </div>
        <AddressFields
          section="address"
          recipient={needsRecipient(type)}
          fields={ADDRESS_FIELDS}
          values={form.values}
          required={addressRequired(type)}
          onChange={form.setValue}
          form={fields}
        />
        <div role="status">
          {nipMissing && (
            <p className="shop-account-addresses__notice" data-tone="warning">
              <strong>{t('validation.nip_missing')}</strong> {t('checkout.delivery_step.nip_for_invoice')}
            </p>
          )}
        </div>
        {failure !== null && (
          <p className="shop-account-addresses__notice" data-tone="danger" role="alert">
            {`${t('account.addresses_screen.save_failed')} ${errorMessage(failure)}`}
          </p>
        )}
        <div className="shop-account-addresses__form-actions">
          <Button variant="secondary" onClick={onCancel} disabled={form.pending}>
            {t('account.addresses_screen.cancel')}
          </Button>
          <Button type="submit" loading={form.pending}>
            {t('account.addresses_screen.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
