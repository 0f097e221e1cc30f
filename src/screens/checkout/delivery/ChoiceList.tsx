import { useId, type ReactNode } from 'react';

/** One choice of a {@link ChoiceList}. */
export interface Choice {
  value: string;
  /** The main text (part of the radio's accessible name, as the whole card is its label). */
  label: ReactNode;
  /** More lines under the label: a price, an address. */
  details?: ReactNode;
}

/** Props of {@link ChoiceList}. */
export interface ChoiceListProps {
  choices: readonly Choice[];
  /** The chosen value, or null. */
  value: string | null;
  onChange: (value: string) => void;
  /** The id of the group's error message, when it shows one. */
  errorId?: string | undefined;
}

/**
 * A list of native radio buttons drawn as cards, for use inside a `<fieldset>` whose `<legend>` names
 * the group (so it is announced as a radio group, and arrow keys move between the choices the browser's
 * way). A group's error is linked to every radio with `aria-describedby` and marks them `aria-invalid`.
 */
export function ChoiceList({ choices, value, onChange, errorId }: ChoiceListProps) {
  const name = useId();
  return (
    <div className="shop-checkout-delivery__choices">
      {choices.map((option) => {
        const checked = option.value === value;
        return (
          <label key={option.value} className="shop-checkout-delivery__choice" data-checked={checked || undefined}>
            <input
              type="radio"
              className="shop-checkout-delivery__radio"
              name={name}
              value={option.value}
              checked={checked}
              aria-invalid={errorId ? true : undefined}
              aria-describedby={errorId}
              onChange={() => onChange(option.value)}
            />
            <span className="shop-checkout-delivery__choice-text">
              <span className="shop-checkout-delivery__choice-label">{option.label}</span>
              {option.details ? <> {option.details}</> : null}
            </span>
          </label>
        );
      })}
    </div>
  );
}
