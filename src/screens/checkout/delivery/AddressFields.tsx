import { useSignals } from '@preact/signals-react/runtime';
import type { MessageKey } from '../../../i18n/index.ts';
import { countryName, countryOptions } from '../../../i18n/countries.ts';
import { t } from '../../../i18n/index.ts';
import { Autocomplete } from '../../../widgets/autocomplete/Autocomplete.tsx';
import { registerStyles } from '../../../theme/styles.ts';
import { TextField } from '../../../widgets/text-field/TextField.tsx';
import css from '../checkout.css?inline';
import type { AddressField, BillingField, DeliveryFieldId } from './delivery-rules.ts';
import type { FormFields } from '../../use-form-state.ts';

/** The parts of an address a one-line summary shows. */
export interface AddressLike {
  name?: string;
  surname?: string;
  company?: string;
  street: string;
  city: string;
  zip: string;
  country: string;
}

/** An address as its lines: person, company, street, zip and town, country name (empty lines left out). */
export function addressLines(address: AddressLike): string[] {
  const person = [address.name, address.surname].filter(Boolean).join(' ');
  const town = [address.zip, address.city].filter(Boolean).join(' ');
  return [person, address.company ?? '', address.street, town, address.country ? countryName(address.country) : ''].filter((line) => line.trim() !== '');
}

/** An address on one line: "Anna Nowak, Acme, ul. Długa 1, 00-950 Warszawa, Poland" (empty parts left out). */
export function formatAddress(address: AddressLike): string {
  return addressLines(address).join(', ');
}

/**
 * An address shown as lines (`<address>`, one `<span>` per line): {@link addressLines}, then the tax ID
 * and, with `withPhone`, the phone, each labelled. Used by the checkout summary and the order page.
 */
export function AddressLines({ address, className, withPhone = false }: { address: AddressLike & { nip?: string; phone?: string }; className: string; withPhone?: boolean }) {
  useSignals();
  const lines = [
    ...addressLines(address),
    ...(address.nip ? [`${t('checkout.address.nip')}: ${address.nip}`] : []),
    ...(withPhone && address.phone ? [`${t('checkout.contact.phone')}: ${address.phone}`] : []),
  ];
  return (
    <address className={className}>
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

// The grid and field messages live in the checkout's styles; registered here too (once, by id) so the
// fields look the same wherever they are used (the account's address book).
registerStyles('checkout', css);

type AnyField = AddressField | BillingField;

const LABELS: Record<AnyField, MessageKey> = {
  name: 'checkout.address.name',
  surname: 'checkout.address.surname',
  company: 'checkout.address.company',
  nip: 'checkout.address.nip',
  street: 'checkout.address.street',
  city: 'checkout.address.city',
  zip: 'checkout.address.zip',
  country: 'checkout.address.country',
  phone: 'checkout.delivery_step.phone',
};

/** The name fields of an address that goes to a person: "Recipient's first name", "Recipient's surname". */
const RECIPIENT_LABELS: Partial<Record<AnyField, MessageKey>> = {
  name: 'checkout.address.recipient_name',
  surname: 'checkout.address.recipient_surname',
};

/** `autocomplete` tokens (WCAG 1.3.5), within the `shipping` or `billing` group. */
const AUTOCOMPLETE: Record<Exclude<AnyField, 'nip'>, string> = {
  name: 'given-name',
  surname: 'family-name',
  company: 'organization',
  street: 'address-line1',
  city: 'address-level2',
  zip: 'postal-code',
  // The name, not the code: the field shows country names, and autofilled text that is an option's name chooses it.
  country: 'country-name',
  phone: 'tel',
};

/** Props of {@link AddressFields}. */
export interface AddressFieldsProps<F extends AnyField> {
  /** `address`: the one-off delivery address; `billing`: the billing address. */
  section: 'address' | 'billing';
  /** The address goes to a person (a delivery or specific one): the name fields ask for the recipient's. */
  recipient?: boolean;
  fields: readonly F[];
  values: Readonly<Record<F, string>>;
  required: ReadonlySet<F>;
  onChange: (field: F, value: string) => void;
  form: FormFields<DeliveryFieldId>;
}

/**
 * The fields of an address, in a grid that wraps to one column on narrow screens: text fields, the
 * phone with its example, and the country as an autocomplete of the offered countries (names in the
 * buyer's language, matched ignoring accents).
 */
export function AddressFields<F extends AnyField>({ section, recipient = false, fields, values, required, onChange, form }: AddressFieldsProps<F>) {
  useSignals();
  const group = section === 'address' ? 'shipping' : 'billing';
  return (
    <div className="shop-checkout__grid">
      {fields.map((field) => {
        const id = `${section}.${field}` as DeliveryFieldId;
        const label = t((recipient ? RECIPIENT_LABELS[field] : undefined) ?? LABELS[field]);
        if (field === 'country') {
          return (
            <div key={field} ref={form.register(id)} onBlur={() => form.touch(id)}>
              <Autocomplete
                label={label}
                options={countryOptions()}
                value={values[field] === '' ? null : values[field].toUpperCase()}
                onValueChange={(value) => onChange(field, value ?? '')}
                error={form.error(id)}
                required={required.has(field)}
                autoComplete={`${group} ${AUTOCOMPLETE.country}`}
              />
            </div>
          );
        }
        return (
          <TextField
            key={field}
            ref={form.register(id)}
            label={label}
            value={values[field]}
            onValueChange={(value) => onChange(field, value)}
            onBlur={() => form.touch(id)}
            error={form.error(id)}
            required={required.has(field)}
            type={field === 'phone' ? 'tel' : 'text'}
            inputMode={field === 'nip' ? 'numeric' : field === 'phone' ? 'tel' : undefined}
            hint={field === 'phone' ? t('validation.phone_hint') : undefined}
            autoComplete={field === 'nip' ? 'off' : `${group} ${AUTOCOMPLETE[field as Exclude<AnyField, 'nip'>]}`}
          />
        );
      })}
    </div>
  );
}
