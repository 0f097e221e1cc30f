import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { Address } from '../../../contract/contract.ts';
import type { BillingAddress } from '../../../domain/checkout.ts';
import { t } from '../../../i18n/index.ts';
import { Checkbox } from '../../../widgets/checkbox/Checkbox.tsx';
import { Dropdown } from '../../../widgets/dropdown/Dropdown.tsx';
import { AddressFields, formatAddress } from './AddressFields.tsx';
import { BILLING_FIELDS, toBillingAddress, type BillingField, type DeliveryFieldId } from './delivery-rules.ts';
import type { FormFields } from '../../use-form-state.ts';

const REQUIRED = new Set<BillingField>(['name', 'surname', 'street', 'city', 'zip', 'country']);

/** Props of {@link BillingSection}. */
export interface BillingSectionProps {
  billing: BillingAddress;
  /** The stored "same as the delivery address". */
  sameAsDelivery: boolean;
  /** Whether billing really follows delivery (never for a self-pickup in a shop that invoices). */
  follows: boolean;
  /** The chosen method is a self-pickup (no delivery address). */
  pickup: boolean;
  /** The shop invoices: a self-pickup needs the billing address entered. */
  invoicing: boolean;
  /** "Nip missing from address": the billing address the order would use has no tax ID. */
  nipMissing: boolean;
  /** The book's billing addresses, to fill the fields from. */
  bookEntries: readonly Address[];
  onSameChange: (same: boolean) => void;
  /** One field was edited. */
  onFieldChange: (field: BillingField, value: string) => void;
  /** The fields were filled from a book entry. */
  onFill: (billing: BillingAddress) => void;
  form: FormFields<DeliveryFieldId>;
}

/**
 * The billing address (spec §3): "same as the delivery address" (for a self-pickup, which has no
 * delivery address, "no billing address needed"; never in a shop that invoices, where the fields
 * show), or the fields, which can be filled from one of the book's billing addresses. When an invoice
 * would lack a tax ID, "Nip missing from address" says so here (it does not block going on: the
 * payment step refuses an invoice without one).
 */
export function BillingSection({ billing, sameAsDelivery, follows, pickup, invoicing, nipMissing, bookEntries, onSameChange, onFieldChange, onFill, form }: BillingSectionProps) {
  useSignals();
  const [fromBook, setFromBook] = useState<string | null>(null);
  const forced = pickup && invoicing;
  return (
    <fieldset className="shop-checkout__section">
      <legend>{t('checkout.billing_address')}</legend>
      {forced ? (
        <p className="shop-checkout__muted">{t('checkout.delivery_step.billing_for_pickup')}</p>
      ) : (
        <Checkbox
          label={pickup ? t('checkout.delivery_step.billing_not_needed') : t('checkout.same_as_delivery')}
          checked={sameAsDelivery}
          onCheckedChange={onSameChange}
        />
      )}
      <div role="status">
        {nipMissing && (
          <p className="shop-checkout-delivery__notice" data-tone="warning">
            <strong>{t('validation.nip_missing')}</strong> {t('checkout.delivery_step.nip_for_invoice')}
          </p>
        )}
      </div>
      {!follows && (
        <>
          {bookEntries.length > 0 && (
            <Dropdown
              label={t('checkout.delivery_step.fill_from_book')}
              options={bookEntries.map((entry) => ({ value: String(entry.id), label: formatAddress(entry) }))}
              value={fromBook}
              onValueChange={(value) => {
                setFromBook(value);
                const entry = bookEntries.find((candidate) => String(candidate.id) === value);
                if (entry) onFill(toBillingAddress(entry));
              }}
            />
          )}
          <AddressFields
            section="billing"
            fields={BILLING_FIELDS}
            values={billing}
            required={REQUIRED}
            onChange={onFieldChange}
            form={form}
          />
        </>
      )}
    </fieldset>
  );
}
