import { useSignals } from '@preact/signals-react/runtime';
import type { Ref } from 'react';
import type { Address } from '../../../contract/contract.ts';
import { countryName } from '../../../i18n/countries.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { formatAddress } from '../../checkout/delivery/AddressFields.tsx';

/** Props of {@link AddressEntry}. */
export interface AddressEntryProps {
  address: Address;
  /** The shop invoices: a billing address without a tax ID says "Nip missing from address". */
  invoicing: boolean;
  /** The entry itself (focusable from script), to move focus to it after it was added or edited. */
  entryRef?: Ref<HTMLLIElement>;
  onEdit: (address: Address) => void;
  onDelete: (address: Address) => void;
}

/**
 * One address of the book: its lines (person, company, street, postal code and city, country, tax ID,
 * phone) and its Edit and Delete buttons, whose accessible names say which address they act on.
 */
export function AddressEntry({ address, invoicing, entryRef, onEdit, onDelete }: AddressEntryProps) {
  useSignals();
  const person = [address.name, address.surname].filter(Boolean).join(' ');
  const town = [address.zip, address.city].filter(Boolean).join(' ');
  const oneLine = formatAddress(address);
  const nipMissing = invoicing && address.type === 'billing' && address.nip.trim() === '';
  return (
    <li ref={entryRef} className="shop-account-addresses__entry" tabIndex={-1} data-address-id={address.id}>
      <address className="shop-account-addresses__lines">
        {person && <span className="shop-account-addresses__person">{person}</span>}
        {address.company && <span>{address.company}</span>}
        <span>{address.street}</span>
        {town && <span>{town}</span>}
        {address.country && <span>{countryName(address.country)}</span>}
        {address.nip && <span>{t('account.addresses_screen.nip_line', { nip: address.nip })}</span>}
        {address.phone && <span>{t('account.addresses_screen.phone_line', { phone: address.phone })}</span>}
      </address>
      {nipMissing && (
        <p className="shop-account-addresses__notice" data-tone="warning">
          <strong>{t('validation.nip_missing')}</strong> {t('account.addresses_screen.nip_for_invoice')}
        </p>
      )}
      <div className="shop-account-addresses__entry-actions">
        <Button variant="secondary" size="small" aria-label={t('account.addresses_screen.edit_named', { address: oneLine })} onClick={() => onEdit(address)}>
          {t('account.addresses_screen.edit')}
        </Button>
        <Button variant="ghost" size="small" aria-label={t('account.addresses_screen.delete_named', { address: oneLine })} onClick={() => onDelete(address)}>
          {t('account.addresses_screen.delete')}
        </Button>
      </div>
    </li>
  );
}
