import { useRef, useState, type FocusEvent, type FormEvent } from 'react';
import type * as v from 'valibot';
import { isApiClientError } from '../../api/errors.ts';
import { hasMessage, type MessageKey, type MessageParams } from '../../i18n/index.ts';
import { fieldMessage, firstFieldIssue, type FieldIssue } from '../../widgets/field/validate-field.ts';

/**
 * The form state the sign-in screens share (spec §5 and the brief's screen conventions): values,
 * client rules run on blur and on submit (first failing message per field), server field errors of a
 * 422 mapped onto the same fields, a form-level error, focus on the first invalid field, and one
 * request in flight at a time (the submit button shows `loading`; a second submit is ignored).
 *
 * Errors are kept as i18n keys, never texts, so switching the language re-renders them.
 */

/** The rule of each field, built from the form's current values (a confirmation needs the password). */
export type FieldRules<F extends string> = { readonly [K in F]: (values: Readonly<Record<F, string>>) => v.GenericSchema };

/** A shown field error: a rule's key and params, or a server text this client has no key for. */
type ShownError = FieldIssue | { text: string };

/** What a screen spreads onto a `TextField`. */
export interface BoundField {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
  ref: (input: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

/** The form-level error: an API error (shown with `errorMessage`) or nothing. */
export type FormError = unknown;

/** What {@link useAuthForm} gives a screen. */
export interface AuthForm<F extends string> {
  values: Readonly<Record<F, string>>;
  /** Props for the field's `TextField`: value, change, blur validation, error text and focus ref. */
  field(name: F): BoundField;
  /** True while the submit action runs. */
  pending: boolean;
  /** The last failure that is not a field error (`null` when none). */
  formError: FormError;
  /**
   * A `<form onSubmit>` handler: validates every field (focusing the first invalid one), then runs
   * `action` once. A failure is mapped to fields where the server named them, the rest becomes the
   * form error; `onError` may handle a failure itself by returning true.
   */
  handleSubmit(action: (values: Readonly<Record<F, string>>) => Promise<void>, onError?: (error: unknown) => boolean): (event: FormEvent<HTMLFormElement>) => void;
}

/** Only string and number placeholders reach `t()`. */
function messageParams(params: Record<string, unknown>): MessageParams {
  const out: MessageParams = {};
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string' || typeof value === 'number') out[name] = value;
  return out;
}

function errorText(shown: ShownError | undefined): string | undefined {
  if (!shown) return undefined;
  return 'text' in shown ? shown.text : fieldMessage(shown.key, shown.params);
}

/** The server's error for `field` of a 422: its i18n key when this client knows it, else its text. */
function serverFieldError(error: unknown, field: string): ShownError | null {
  if (!isApiClientError(error)) return null;
  const keyed = error.fieldKeys?.[field]?.[0];
  if (keyed && hasMessage(keyed.key)) return { key: keyed.key as MessageKey, params: messageParams(keyed.params) };
  const text = error.fieldErrors?.[field]?.[0];
  if (text) return { text };
  return keyed ? { text: keyed.key } : null;
}

/** Whether `target` is a submit button of `form`. */
function isSubmitOf(target: EventTarget | null, form: HTMLFormElement | null): boolean {
  return form !== null && target instanceof HTMLButtonElement && target.type === 'submit' && target.form === form;
}

/**
 * The text of the server's error for `field` of a 422, in the current language (its i18n key when this
 * client knows it, else the provider's text); `null` when the error names no such field. For fields a
 * screen shows outside this hook (the contact form's file).
 */
export function serverFieldText(error: unknown, field: string): string | null {
  return errorText(serverFieldError(error, field) ?? undefined) ?? null;
}

/** The fields a failed call names (a 422 with field errors); none for any other failure. */
export function namesFields(error: unknown): string[] {
  if (!isApiClientError(error)) return [];
  return [...new Set([...Object.keys(error.fieldKeys ?? {}), ...Object.keys(error.fieldErrors ?? {})])];
}

/**
 * Form state for a sign-in screen with fields `F`, their initial values and rules. The order of
 * `rules` is the order of the fields on screen (focus goes to the first invalid one).
 */
export function useAuthForm<F extends string>(initial: Readonly<Record<F, string>>, rules: FieldRules<F>): AuthForm<F> {
  const order = Object.keys(rules) as F[];
  const [values, setValues] = useState<Readonly<Record<F, string>>>(initial);
  const [clientErrors, setClientErrors] = useState<Partial<Record<F, FieldIssue>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, ShownError>>>({});
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<FormError>(null);
  const touched = useRef(new Set<F>());
  const inputs = useRef(new Map<F, HTMLInputElement | HTMLTextAreaElement>());
  const busy = useRef(false);
  // Handlers read the latest values even when called before a re-render (fast typing, autofill).
  const latest = useRef(values);
  latest.current = values;

  const check = (name: F, current: Readonly<Record<F, string>>): FieldIssue | null => firstFieldIssue(rules[name](current), current[name]);

  /** Re-checks the fields in `names` against `current`, keeping other fields' errors. */
  const recheck = (names: Iterable<F>, current: Readonly<Record<F, string>>) => {
    setClientErrors((previous) => {
      const next = { ...previous };
      for (const name of names) {
        const issue = check(name, current);
        if (issue) next[name] = issue;
        else delete next[name];
      }
      return next;
    });
  };

  const focusFirst = (names: readonly F[]) => {
    const first = order.find((name) => names.includes(name));
    if (first) inputs.current.get(first)?.focus();
  };

  const field = (name: F): BoundField => ({
    name,
    value: values[name],
    onValueChange: (value: string) => {
      const current = { ...latest.current, [name]: value };
      latest.current = current;
      setValues(current);
      setServerErrors((previous) => {
        if (!(name in previous)) return previous;
        const next = { ...previous };
        delete next[name];
        return next;
      });
      // A field already showing an error follows the typing, so the message goes as soon as it is fixed.
      recheck(
        order.filter((other) => other in clientErrors),
        current,
      );
    },
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      touched.current.add(name);
      // Leaving the field for the submit button: the submit checks everything anyway, and a message
      // appearing now would push the button away from under the pointer before the click lands.
      if (isSubmitOf(event.relatedTarget, event.currentTarget.form)) return;
      recheck(touched.current, latest.current);
    },
    error: errorText(serverErrors[name] ?? clientErrors[name]),
    ref: (input: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
  });

  const handleSubmit =
    (action: (values: Readonly<Record<F, string>>) => Promise<void>, onError?: (error: unknown) => boolean) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      const current = latest.current;
      const issues: Partial<Record<F, FieldIssue>> = {};
      for (const name of order) {
        touched.current.add(name);
        const issue = check(name, current);
        if (issue) issues[name] = issue;
      }
      setClientErrors(issues);
      setServerErrors({});
      setFormError(null);
      const invalid = order.filter((name) => name in issues);
      if (invalid.length > 0) {
        focusFirst(invalid);
        return;
      }
      busy.current = true;
      setPending(true);
      void action(current)
        .catch((error: unknown) => {
          if (isApiClientError(error, 'aborted')) return;
          if (onError?.(error)) return;
          const mapped: Partial<Record<F, ShownError>> = {};
          for (const name of order) {
            const shown = serverFieldError(error, name);
            if (shown) mapped[name] = shown;
          }
          const mappedNames = order.filter((name) => name in mapped);
          setServerErrors(mapped);
          // Errors of fields this form does not show (or no field errors at all) go to the form alert.
          const unmapped = namesFields(error).filter((name) => !(order as string[]).includes(name));
          if (mappedNames.length === 0 || unmapped.length > 0) setFormError(error);
          if (mappedNames.length > 0) focusFirst(mappedNames);
        })
        .finally(() => {
          busy.current = false;
          setPending(false);
        });
    };

  return { values, field, pending, formError, handleSubmit };
}
