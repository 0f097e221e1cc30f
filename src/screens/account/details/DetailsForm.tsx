import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '../../auth/AuthLayout.tsx';
import { ErrorSummary } from '../../ErrorSummary.tsx';
import type { ErrorSummaryState } from '../../failed-submit.ts';

/** Props of {@link DetailsForm}. */
export interface DetailsFormProps {
  /** The form's failed call, shown in its alert (`useFormState`'s `formError`). */
  error: unknown;
  /** `useFormState`'s `summary`: what the last failed submit found wrong. */
  summary: ErrorSummaryState;
  /** `useFormState`'s `handleSubmit(…)`. */
  submit: (event: FormEvent<HTMLFormElement>) => void;
  /** A submit started: the section's last status text goes. */
  onSubmitStart: () => void;
  children?: ReactNode;
}

/**
 * A form of the account details screen: no browser validation (the contract's rules run instead), the
 * form-level alert and the error summary first, and the section told when a submit starts.
 */
export function DetailsForm({ error, summary, submit, onSubmitStart, children }: DetailsFormProps) {
  return (
    <form
      className="shop-account-details__form"
      part="form"
      noValidate
      onSubmit={(event) => {
        onSubmitStart();
        submit(event);
      }}
    >
      <FormAlert error={error} />
      <ErrorSummary summary={summary} />
      {children}
    </form>
  );
}
