import { useSignals } from '@preact/signals-react/runtime';
import * as v from 'valibot';
import { CardInfoSchema } from '../../contract/contract.ts';
import { t } from '../../i18n/index.ts';
import { TextField, type TextFieldType } from '../../widgets/text-field/TextField.tsx';
import type { BoundField, FieldRules } from '../use-form-state.ts';

/** The business-card fields (spec §3 Cart item `cardInfo`), in the order they are shown. */
export const CARD_FIELDS = ['name', 'surname', 'email', 'phone', 'job', 'cost', 'address'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

/** The card fields empty: where the form starts. */
export const EMPTY_CARD: Readonly<Record<CardField, string>> = { name: '', surname: '', email: '', phone: '', job: '', cost: '', address: '' };

/** The contract's rule of each card field (spec §5: the first failing rule's message is shown). */
export const CARD_RULES: FieldRules<CardField> = {
  name: () => CardInfoSchema.entries.name,
  surname: () => CardInfoSchema.entries.surname,
  email: () => CardInfoSchema.entries.email,
  phone: () => CardInfoSchema.entries.phone,
  job: () => CardInfoSchema.entries.job,
  cost: () => CardInfoSchema.entries.cost,
  address: () => CardInfoSchema.entries.address,
};

const ANYTHING = v.unknown();

/** For a product that is not a business card: no card field is checked. */
export const NO_CARD_RULES: FieldRules<CardField> = {
  name: () => ANYTHING,
  surname: () => ANYTHING,
  email: () => ANYTHING,
  phone: () => ANYTHING,
  job: () => ANYTHING,
  cost: () => ANYTHING,
  address: () => ANYTHING,
};

/** How each card field is typed in: keyboards and autofill tokens per field. */
const INPUTS: Record<CardField, { type: TextFieldType; autoComplete: string; required: boolean }> = {
  name: { type: 'text', autoComplete: 'given-name', required: true },
  surname: { type: 'text', autoComplete: 'family-name', required: true },
  email: { type: 'email', autoComplete: 'email', required: true },
  phone: { type: 'tel', autoComplete: 'tel', required: true },
  job: { type: 'text', autoComplete: 'organization-title', required: true },
  cost: { type: 'text', autoComplete: 'off', required: false },
  address: { type: 'text', autoComplete: 'street-address', required: true },
};

/** Props of {@link BusinessCardForm}. */
export interface BusinessCardFormProps {
  /** The form's binding of each field (value, change, blur check, error, focus ref). */
  field: (name: CardField) => BoundField;
  disabled?: boolean;
}

/**
 * The details printed on a business card (spec §3 `cardInfo`): name, surname, e-mail, phone, job
 * title, cost centre (optional) and address, in a group named "Business card details". The product
 * form checks them with the contract's rules (`CardInfoSchema`) when a field is left and before the
 * card is added; each field shows its first failing rule ("This element is required", "E-mail must be
 * valid", "Enter a valid phone number", …).
 */
export function BusinessCardForm({ field, disabled = false }: BusinessCardFormProps) {
  useSignals();
  return (
    <fieldset className="shop-business-card" disabled={disabled}>
      <legend className="shop-business-card__legend">{t('product.card.title')}</legend>
      <div className="shop-business-card__fields">
        {CARD_FIELDS.map((name) => {
          const input = INPUTS[name];
          const bound = field(name);
          return (
            <TextField
              key={name}
              label={t(`product.card.${name}`)}
              type={input.type}
              autoComplete={input.autoComplete}
              required={input.required}
              hint={name === 'phone' ? t('validation.phone_hint') : undefined}
              className={name === 'address' ? 'shop-business-card__wide' : undefined}
              {...bound}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
