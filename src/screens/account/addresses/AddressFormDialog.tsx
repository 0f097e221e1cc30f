import { useSignals } from '@preact/signals-react/runtime';
import { useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { createAddress, updateAddress, type AddressType } from '../../../api/addresses.ts';
import { needsRecipient, type Address } from '../../../contract/contract.ts';
import { shop } from '../../../store/shop.ts';
import { errorMessage } from '../../../api/errors.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { Dialog } from '../../../widgets/dialog/Dialog.tsx';
import { fieldMessage, type FieldIssue } from '../../../widgets/field/validate-field.ts';
import { SelectButton } from '../../../widgets/select-button/SelectButton.tsx';
import { AddressFields } from '../../checkout/delivery/AddressFields.tsx';
import { ADDRESS_FIELDS, addressIssues, addressRequired, type AddressField, type DeliveryFieldId } from '../../checkout/delivery/delivery-rules.ts';
import { focusField, useFieldRegistry, type StepForm } from '../../checkout/delivery/step-form.ts';
import { ADDRESS_TYPES, draftOf, serverFieldIssues, toAddressInput, type AddressDraft } from './address-book-rules.ts';

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

/** `address.zip` → `zip`: the checkout's fields name their ids by section. */
const fieldOf = (id: DeliveryFieldId) => id.slice('address.'.length) as AddressField;

/**
 * Adding or editing an address of the book, in a dialog (mount it to open it): its type (delivery,
 * billing or specific), then the checkout's address fields, in the checkout's order and with its rules
 * (`AddressInputSchema`, the postal code against the country). A field shows its first failing rule
 * once left; Save checks every field and focuses the first invalid one, else saves. Field errors of a
 * refused save show on their fields (until the field is edited); any other failure above the actions.
 */
export function AddressFormDialog({ editing, invoicing, onCancel, onSaved }: AddressFormDialogProps) {
  useSignals();
  const formId = useId();
  const [type, setType] = useState<AddressType>(editing?.type ?? 'delivery');
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(editing, shop.peek()?.country));
  const [touched, setTouched] = useState<ReadonlySet<DeliveryFieldId>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [server, setServer] = useState<ReadonlyMap<string, FieldIssue>>(() => new Map());
  const [failure, setFailure] = useState<unknown>(null);
  const { nodes, register } = useFieldRegistry();
  const typeBox = useRef<HTMLDivElement>(null);
  // Focus on open: the chosen type (the first control of the form), not the dialog's Close button.
  const initialFocus = useMemo<RefObject<HTMLElement | null>>(
    () => ({
      get current() {
        return typeBox.current?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ?? null;
      },
    }),
    [],
  );

  const issues = useMemo(() => addressIssues(draft, type), [draft, type]);

  const form: StepForm = {
    error: (id) => {
      const field = fieldOf(id);
      const fromServer = server.get(field);
      if (fromServer) return fieldMessage(fromServer.key, fromServer.params);
      if (!submitted && !touched.has(id)) return undefined;
      const issue = issues.get(field);
      return issue ? fieldMessage(issue.key, issue.params) : undefined;
    },
    touch: (id) => setTouched((previous) => (previous.has(id) ? previous : new Set(previous).add(id))),
    register,
  };

  const forget = (field: string) =>
    setServer((previous) => {
      if (!previous.has(field)) return previous;
      const next = new Map(previous);
      next.delete(field);
      return next;
    });

  const onChange = (field: AddressField, value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    forget(field);
    // The postal code is checked against the country: a new country may change its message.
    if (field === 'country') forget('zip');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    setFailure(null);
    const [first] = addressIssues(draft, type).keys();
    if (first !== undefined) {
      focusField(nodes.current.get(`address.${first}`));
      return;
    }
    setSaving(true);
    try {
      const input = toAddressInput(draft, type);
      const saved = editing ? await updateAddress(editing.id, input) : await createAddress(input);
      onSaved(saved, editing === null);
    } catch (error) {
      setSaving(false);
      const fields = serverFieldIssues(error);
      setServer(fields);
      const firstField = ADDRESS_FIELDS.find((field) => fields.has(field));
      if (firstField) {
        focusField(nodes.current.get(`address.${firstField}`));
        return;
      }
      if (fields.has('type')) {
        focusField(typeBox.current ?? undefined);
        return;
      }
      setFailure(error);
    }
  };

  const typeIssue = server.get('type');
  const nipMissing = invoicing && type === 'billing' && draft.nip.trim() === '';

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
      <form id={formId} className="shop-account-addresses__form" noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
        <div ref={typeBox}>
          <SelectButton
            label={t('account.addresses_screen.type')}
            options={ADDRESS_TYPES.map((value) => ({ value, label: t(`account.address_type.${value}`) }))}
            value={type}
            onValueChange={(value) => {
              setType(value as AddressType);
              forget('type');
            }}
            hint={t(`account.addresses_screen.type_hint.${type}`)}
            error={typeIssue ? fieldMessage(typeIssue.key, typeIssue.params) : undefined}
            required
          />
        </div>
        <AddressFields
          section="address"
          recipient={needsRecipient(type)}
          fields={ADDRESS_FIELDS}
          values={draft}
          required={addressRequired(type)}
          onChange={onChange}
          form={form}
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
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            {t('account.addresses_screen.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('account.addresses_screen.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
