import { useSignals } from '@preact/signals-react/runtime';
import type { ContactInformation } from '../../../domain/checkout.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';
import { TextField, type TextFieldType } from '../../../widgets/text-field/TextField.tsx';
import { CONTACT_FIELDS, type ContactField, type DeliveryFieldId } from './delivery-rules.ts';
import type { FormFields } from '../../use-form-state.ts';

interface ContactFieldSpec {
  label: MessageKey;
  type: TextFieldType;
  autoComplete: string;
  required: boolean;
  hint?: MessageKey;
}

/** Spec §5: phone, name, surname and e-mail must be filled before checkout goes on. */
const SPECS: Record<ContactField, ContactFieldSpec> = {
  name: { label: 'checkout.contact.first_name', type: 'text', autoComplete: 'given-name', required: true },
  surname: { label: 'checkout.contact.surname', type: 'text', autoComplete: 'family-name', required: true },
  email: { label: 'checkout.contact.email', type: 'email', autoComplete: 'email', required: true },
  phone: { label: 'checkout.contact.phone', type: 'tel', autoComplete: 'tel', required: true, hint: 'validation.phone_hint' },
  job_title: { label: 'checkout.contact.job_title', type: 'text', autoComplete: 'organization-title', required: false },
  buyer_id: { label: 'checkout.contact.buyer_id', type: 'text', autoComplete: 'off', required: false, hint: 'checkout.contact.buyer_id_hint' },
};

/** Props of {@link ContactFields}. */
export interface ContactFieldsProps {
  contact: ContactInformation;
  onChange: (field: ContactField, value: string) => void;
  form: FormFields<DeliveryFieldId>;
}

/** The contact information (spec §3 "Contact"), pre-filled from the stored contact or the profile. */
export function ContactFields({ contact, onChange, form }: ContactFieldsProps) {
  useSignals();
  return (
    <fieldset className="shop-checkout__section">
      <legend>{t('checkout.contact.title')}</legend>
      <div className="shop-checkout__grid">
        {CONTACT_FIELDS.map((field) => {
          const spec = SPECS[field];
          const id = `contact.${field}` as const;
          return (
            <TextField
              key={field}
              ref={form.register(id)}
              label={t(spec.label)}
              type={spec.type}
              inputMode={spec.type === 'email' ? 'email' : spec.type === 'tel' ? 'tel' : undefined}
              autoComplete={spec.autoComplete}
              required={spec.required}
              hint={spec.hint ? t(spec.hint) : undefined}
              value={contact[field]}
              onValueChange={(value) => onChange(field, value)}
              onBlur={() => form.touch(id)}
              error={form.error(id)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
