import { useSignals } from '@preact/signals-react/runtime';
import { useMemo } from 'react';
import type { Address, DeliveryMethod } from '../../contract/contract.ts';
import { needsDeliveryAddress } from '../../domain/checkout.ts';
import { normaliseAddress } from '../../domain/typed-address.ts';
import { isPlainLeftClick } from '../../kit/plain-click.ts';
import { t } from '../../i18n/index.ts';
import { cartLines } from '../../store/cart.ts';
import {
  checkoutState,
  chooseDeliveryAddress,
  chooseDeliveryMethod,
  completeCheckoutStep,
  setBillingAddress,
  setBillingSameAsDelivery,
  setMpkCode,
  updateContact,
} from '../../store/checkout.ts';
import { user } from '../../store/session.ts';
import { isPointsShop, shop } from '../../store/shop.ts';
import { Button } from '../../widgets/button/Button.tsx';
import type { FieldIssue } from '../../widgets/field/validate-field.ts';
import { LoginFirst, ShopPending } from '../ScreenFrame.tsx';
import { useFormState } from '../use-form-state.ts';
import { CheckoutFrame, checkoutPath, useCheckoutNavigation } from './CheckoutFrame.tsx';
import { AddressChoice } from './delivery/AddressChoice.tsx';
import { BillingSection } from './delivery/BillingSection.tsx';
import { ContactFields } from './delivery/ContactFields.tsx';
import {
  addressChoice,
  ADDRESS_FIELDS,
  billingBookAddresses,
  billingFollowsDelivery,
  BILLING_FIELDS,
  CONTACT_FIELDS,
  deliveryBookAddresses,
  deliveryIssues,
  emptyNewAddress,
  newAddressDraft,
  nipMissingForInvoice,
  shopInvoices,
  toCheckoutAddress,
  type AddressField,
  type BillingField,
  type ContactField,
  type DeliveryFieldId,
} from './delivery/delivery-rules.ts';
import { MethodChoice } from './delivery/MethodChoice.tsx';
import { MpkField } from './delivery/MpkField.tsx';
import { PickupAddress } from './delivery/PickupAddress.tsx';
import { chosenMethod, useChoicesFollowServer } from './delivery/use-choices-follow-server.ts';
import { useAddressBook } from '../account/addresses/use-address-book.ts';
import { useDeliveryMethods } from './delivery/use-delivery-data.ts';
import { ErrorSummary } from '../ErrorSummary.tsx';

/** Props of {@link Delivery}: the router's, when it is the storefront's `checkout-delivery` screen. */
export interface DeliveryProps {
  routeId?: string;
  params?: Readonly<Record<string, string>>;
}

const onChooseMethod = (next: DeliveryMethod) => chooseDeliveryMethod(chosenMethod(next));
const onChooseBook = (address: Address) => chooseDeliveryAddress(toCheckoutAddress(address));
/** "New address": the one being typed, else the one typed last time, else an empty one. */
const onChooseNew = () => chooseDeliveryAddress(newAddressDraft(checkoutState.peek(), shop.peek()?.country));
/** Typing into the new address keeps it as the delivery address (and as `savedSpecificAddress`). */
const onDraftChange = (field: AddressField, value: string) => chooseDeliveryAddress({ ...newAddressDraft(checkoutState.peek(), shop.peek()?.country), [field]: value });
const onBillingFieldChange = (field: BillingField, value: string) => setBillingAddress({ ...checkoutState.peek().billingAddress, [field]: value });
const onContactChange = (field: ContactField, value: string) => updateContact({ [field]: value });

/**
 * Checkout step 1, delivery details (spec §2 `/checkout/delivery`, §3 client checkout state, §5).
 *
 * - Contact information, pre-filled from the stored contact or the profile; phone, name, surname and
 *   e-mail must be filled and valid to go on.
 * - The delivery method, as the server offers it for this cart (loading, error with a retry, "No
 *   delivery methods available"); a single method is chosen by itself. Self-pickup shows where the
 *   order is collected and needs no delivery address.
 * - The delivery address for other methods: an entry of the address book (only `specific` ones in a
 *   shop that ships only to a specific address) or a new one, kept with `id: null` and type `specific`;
 *   a one-off address typed earlier (`savedSpecificAddress`) is offered again.
 * - The billing address, "same as delivery" or entered (or filled from the book's billing addresses);
 *   "Nip missing from address" when the shop invoices and that address has no tax ID.
 * - The cost-centre (MPK) code in `mpk_required` shops.
 *
 * Every edit goes into the checkout store at once (so a reload loses nothing). Fields show their first
 * failing rule once left; Continue checks everything, shows each field's message, focuses the first
 * invalid field, or saves and goes to the payment step.
 */
export function Delivery(_props: DeliveryProps) {
  useSignals();
  const navigation = useCheckoutNavigation();
  const website = shop.value;
  const me = user.value;
  const state = checkoutState.value;
  const lines = cartLines.value;
  const items = useMemo(
    () => lines.map((line) => ({ product_id: line.product_id, variant_id: line.variant_id, quantity: line.quantity, card_info: line.card_info })),
    [lines],
  );
  const ready = website !== null && me !== null;
  const methods = useDeliveryMethods(ready ? website.id : null, items);
  const book = useAddressBook(ready ? me.id : null);

  const specificOnly = website?.shipping_only_to_specific_address ?? false;
  const invoicing = website ? shopInvoices(website) : false;
  const bookData = book.data;
  const usable = useMemo(() => (bookData ? deliveryBookAddresses(bookData, specificOnly) : []), [bookData, specificOnly]);
  const billingEntries = useMemo(() => (bookData ? billingBookAddresses(bookData) : []), [bookData]);
  const usableOrUnknown = book.status === 'ready' ? usable : null;
  const methodList = methods.status === 'ready' ? methods.data : null;

  const needsAddress = needsDeliveryAddress(state.deliveryMethod);
  useChoicesFollowServer(methodList, bookData ?? null, book.status === 'ready', usable, needsAddress);

  // The values live in the checkout store: the check reads them there, and a field's message follows
  // every change once the field was left or Continue pressed.
  const form = useFormState<DeliveryFieldId, never>(
    {},
    () => (website ? deliveryIssues({ state: checkoutState.peek(), website, methods: methodList, usable: usableOrUnknown }) : new Map<DeliveryFieldId, FieldIssue>()),
    { live: true },
  );

  if (!website) {
    return (
      <CheckoutFrame step="delivery">
        <ShopPending />
      </CheckoutFrame>
    );
  }
  if (!me) {
    return (
      <CheckoutFrame step="delivery">
        <LoginFirst />
      </CheckoutFrame>
    );
  }

  const method = state.deliveryMethod;
  const choice = addressChoice(state.deliveryAddress, usableOrUnknown);
  const draft = newAddressDraft(state, website.country);
  const follows = billingFollowsDelivery(state, invoicing);
  const pickup = method?.type === 'self_pickup';

  // Continue: every field is checked (focus goes to the first invalid one) before anything is saved.
  const onSubmit = form.handleSubmit(async () => {
    const current = checkoutState.peek();
    const contact = { ...current.contactInformation };
    for (const field of CONTACT_FIELDS) contact[field] = contact[field].trim();
    updateContact(contact);
    if (needsDeliveryAddress(current.deliveryMethod) && addressChoice(current.deliveryAddress, usableOrUnknown).kind === 'new') {
      chooseDeliveryAddress({ ...emptyNewAddress(), ...normaliseAddress(newAddressDraft(current, website.country), ADDRESS_FIELDS) });
    }
    if (!billingFollowsDelivery(current, invoicing)) {
      if (current.billingAddressSameAsDelivery) setBillingSameAsDelivery(false);
      setBillingAddress({ ...current.billingAddress, ...normaliseAddress(current.billingAddress, BILLING_FIELDS) });
    }
    setMpkCode(current.mpkCode.trim());
    completeCheckoutStep('delivery');
    navigation.go('payment');
  });

  return (
    <CheckoutFrame step="delivery" busy={methods.status === 'loading'}>
      <form className="shop-checkout-delivery" noValidate onSubmit={onSubmit}>
        <ErrorSummary summary={form.summary} />
        <ContactFields contact={state.contactInformation} onChange={onContactChange} form={form} />

        <MethodChoice
          methods={methods}
          chosen={method?.id ?? null}
          onChoose={onChooseMethod}
          currency={website.currency}
          pointsShop={isPointsShop.value}
          isGross={website.is_gross}
          form={form}
        />

        {method?.type === 'self_pickup' && method.pickup_address && <PickupAddress address={method.pickup_address} />}

        {needsDeliveryAddress(method) && (
          <AddressChoice
            book={book}
            usable={usable}
            choice={choice}
            draft={draft}
            remembered={state.savedSpecificAddress}
            specificOnly={specificOnly}
            onChooseBook={onChooseBook}
            onChooseNew={onChooseNew}
            onDraftChange={onDraftChange}
            form={form}
          />
        )}

        <BillingSection
          billing={state.billingAddress}
          sameAsDelivery={state.billingAddressSameAsDelivery}
          follows={follows}
          pickup={pickup}
          invoicing={invoicing}
          nipMissing={nipMissingForInvoice(state, choice, invoicing)}
          bookEntries={billingEntries}
          onSameChange={setBillingSameAsDelivery}
          onFieldChange={onBillingFieldChange}
          onFill={setBillingAddress}
          form={form}
        />

        {website.mpk_required && <MpkField value={state.mpkCode} onChange={setMpkCode} form={form} />}

        <div className="shop-checkout__actions">
          <a
            href={checkoutPath('cart')}
            className="shop-checkout__link"
            onClick={(event) => {
              if (event.defaultPrevented || !isPlainLeftClick(event)) return;
              event.preventDefault();
              navigation.go('cart');
            }}
          >
            {t('checkout.delivery_step.back_to_cart')}
          </a>
          <Button type="submit">{t('checkout.next')}</Button>
        </div>
      </form>
    </CheckoutFrame>
  );
}
