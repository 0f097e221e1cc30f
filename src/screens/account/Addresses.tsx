import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import type { Address } from '../../contract/contract.ts';
import { errorMessage } from '../../api/errors.ts';
import { t } from '../../i18n/index.ts';
import { showAlert } from '../../store/alerts.ts';
import { user } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { shopInvoices } from '../checkout/delivery/delivery-rules.ts';
import { LoginFirst, ShopPending } from '../ScreenFrame.tsx';
import { AccountFrame } from './AccountFrame.tsx';
import { ADDRESS_TYPES, entriesOfType, syncCheckoutAfterDelete, syncCheckoutAfterSave } from './addresses/address-book-rules.ts';
import { AddressEntry } from './addresses/AddressEntry.tsx';
import { AddressFormDialog } from './addresses/AddressFormDialog.tsx';
import css from './addresses/addresses.css?inline';
import { DeleteAddressDialog } from './addresses/DeleteAddressDialog.tsx';
import { useAddressBook } from './addresses/use-address-book.ts';

registerStyles('account-addresses', css);

/** Props of {@link Addresses}: the router's, when it is the storefront's `/user/addresses` screen. */
export interface AddressesProps {
  routeId?: string;
  params?: Readonly<Record<string, string>>;
}

/** What the screen has open: the form (a new address, or an entry to edit) or the delete question. */
type Open = { kind: 'none' } | { kind: 'form'; editing: Address | null } | { kind: 'delete'; address: Address };

/** Where focus goes once a dialog has closed: an entry (added or edited), or the screen's heading. */
type FocusTarget = { kind: 'entry'; id: number } | { kind: 'heading' } | null;

/**
 * Addresses (spec §2 `/user/addresses`, §3 Address, §5; docs/api.md "Address book"): the buyer's
 * saved addresses grouped by type (delivery, billing, specific), each with Edit and Delete; Add
 * address opens the form. The checkout uses the same book (its delivery step offers these entries;
 * an entry the checkout has chosen follows an edit, and a deleted one is no longer chosen).
 *
 * Loading, an error with a retry, and "You have no saved addresses yet." when the book is empty.
 * A save or delete is confirmed by a toast; focus then moves to the added or edited entry, or, after
 * a delete (the entry and its button are gone), to the screen's heading.
 */
export function Addresses(_props: AddressesProps) {
  useSignals();
  const website = shop.value;
  const me = user.value;
  const book = useAddressBook(me ? me.id : null);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const idPrefix = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const entries = useRef(new Map<number, HTMLLIElement>());

  // After the dialog's own clean-up (which returns focus to its opener, when that is still there).
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.kind === 'entry') (entries.current.get(focusTarget.id) ?? heading.current)?.focus();
    else heading.current?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const title = t('account.addresses');
  if (!website) {
    return (
      <AccountFrame title={title} className="shop-account-addresses">
        <ShopPending />
      </AccountFrame>
    );
  }
  if (!me) {
    return (
      <AccountFrame title={title} className="shop-account-addresses">
        <LoginFirst />
      </AccountFrame>
    );
  }

  const invoicing = shopInvoices(website);
  const list = book.data;
  const close = () => setOpen({ kind: 'none' });

  const onSaved = (address: Address, created: boolean) => {
    book.put(address);
    syncCheckoutAfterSave(address);
    setOpen({ kind: 'none' });
    setFocusTarget({ kind: 'entry', id: address.id });
    showAlert({ type: 'success', content: created ? t('account.addresses_screen.added') : t('account.addresses_screen.updated') });
  };

  const onDeleted = (address: Address) => {
    book.remove(address.id);
    syncCheckoutAfterDelete(address.id);
    setOpen({ kind: 'none' });
    setFocusTarget({ kind: 'heading' });
    showAlert({ type: 'success', content: t('account.addresses_screen.deleted') });
  };

  const entryRef = (id: number) => (node: HTMLLIElement | null) => {
    if (node) entries.current.set(id, node);
    else entries.current.delete(id);
  };

  return (
    <AccountFrame title={title} className="shop-account-addresses" busy={book.status === 'loading'} headingRef={heading}>
      <div className="shop-account-addresses__bar">
        <p className="shop-account-addresses__intro">
          {website.shipping_only_to_specific_address ? t('account.addresses_screen.intro_specific_only') : t('account.addresses_screen.intro')}
        </p>
        <Button onClick={() => setOpen({ kind: 'form', editing: null })}>{t('account.add_address')}</Button>
      </div>

      {book.status === 'loading' && list === null && (
        <Loading loading label={t('account.addresses_screen.loading')}>
          <p className="shop-account-addresses__muted">{t('account.addresses_screen.loading')}</p>
        </Loading>
      )}

      {book.status === 'error' && (
        <div className="shop-account-addresses__notice" data-tone="danger" role="alert">
          <p>{`${t('account.addresses_screen.load_failed')} ${errorMessage(book.error)}`}</p>
          <Button variant="secondary" size="small" onClick={book.reload}>
            {t('app.retry')}
          </Button>
        </div>
      )}

      {list !== null && list.length === 0 && <p className="shop-account-addresses__empty">{t('account.no_addresses')}</p>}

      {list !== null &&
        ADDRESS_TYPES.map((type) => {
          const group = entriesOfType(list, type);
          if (group.length === 0) return null;
          const headingId = `${idPrefix}-${type}`;
          return (
            <section key={type} className="shop-account-addresses__group" aria-labelledby={headingId}>
              <h2 id={headingId} className="shop-account-addresses__group-title">
                {t(`account.address_type.${type}`)}
              </h2>
              <ul className="shop-account-addresses__list">
                {group.map((address) => (
                  <AddressEntry
                    key={address.id}
                    address={address}
                    invoicing={invoicing}
                    entryRef={entryRef(address.id)}
                    onEdit={(entry) => setOpen({ kind: 'form', editing: entry })}
                    onDelete={(entry) => setOpen({ kind: 'delete', address: entry })}
                  />
                ))}
              </ul>
            </section>
          );
        })}

      {open.kind === 'form' && <AddressFormDialog editing={open.editing} invoicing={invoicing} onCancel={close} onSaved={onSaved} />}
      {open.kind === 'delete' && <DeleteAddressDialog address={open.address} onCancel={close} onDeleted={onDeleted} />}
    </AccountFrame>
  );
}
