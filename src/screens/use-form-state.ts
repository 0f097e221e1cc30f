import { useRef, useState, type FocusEvent, type FormEvent } from 'react';
import type * as v from 'valibot';
import { isApiClientError } from '../api/errors.ts';
import { fieldMessage, firstFieldIssue, type FieldIssue } from '../widgets/field/validate-field.ts';
import { errorText, namesFields, serverFieldError, type ShownError } from './form-errors.ts';
import { summaryOf, useFailedSubmit, type ErrorSummaryState } from './failed-submit.ts';
import { focusField, isSubmitOf, useFieldRegistry, type RegisterField } from './form-focus.ts';

export { namesFields, serverFieldText } from './form-errors.ts';

/**
 * The one way a screen keeps a form's state (spec §5 and the brief's screen conventions), used by the
 * sign-in screens, contact, account details, the business card, the checkout's delivery step and the
 * address book: the values, the client rules with their first failing message per field shown once a
 * field was left or the form submitted, server field errors of a 422 mapped onto the same fields, a
 * form-level error, focus on the first invalid field, and one request in flight at a time (the submit
 * button shows `loading`; a second submit is ignored).
 *
 * Errors are kept as i18n keys, never texts, so switching the language re-renders them.
 *
 * @module
 */

/** The rule of each field, built from the form's current values (a confirmation needs the password). */
export type FieldRules<F extends string> = { readonly [K in F]: (values: Readonly<Record<F, string>>) => v.GenericSchema };

/**
 * A form's rules as one check: each field that breaks a rule with its first failing rule, in the order
 * of the fields on screen (focus goes to the first). For rules a pure module owns (the checkout's
 * `deliveryIssues`, `addressIssues`), including rules on values the form does not keep itself (the
 * checkout's store): the check reads them where they are.
 */
export type FormCheck<F extends string, K extends F = F> = (values: Readonly<Record<K, string>>) => ReadonlyMap<F, FieldIssue>;

/** How {@link useFormState} shows messages and where server errors go; every option may be left out. */
export interface FormOptions<F extends string> {
  /**
   * Messages follow the values (the checkout and the address book): once a field was left, or after
   * any submit, it shows its current first failing rule after every change, wherever the change came
   * from. Without it, fields are checked when one is left and on submit, a shown message follows the
   * typing until it is fixed, and leaving a field for the submit button checks nothing (a message
   * appearing then would push the button away from under the pointer before the click lands).
   */
  live?: boolean;
  /**
   * With a {@link FormCheck}: the fields a refused request's field errors may land on, in the order
   * focus goes to them (with {@link FieldRules}: their keys, in order).
   */
  fields?: readonly F[];
  /** Fields checked against another one (the postal code against the country): editing the key also clears their server errors. */
  dependents?: { readonly [K in F]?: readonly F[] };
}

/** What a screen spreads onto a `TextField` (or a `TextArea`). */
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

/**
 * What a section of a form needs for fields it renders itself (radio groups, an autocomplete, fields
 * whose values the store keeps): a field's message, "the field was left", and a ref for focus.
 */
export interface FormFields<F extends string> {
  /** The text the field shows (its server error, else its first failing rule once shown), or undefined. */
  error(id: F): string | undefined;
  /** The field was left: from now on it shows its message. */
  touch(id: F): void;
  /**
   * A stable ref for the field's control (an input), or for a wrapper holding it (a radio group's
   * fieldset, a combobox's wrapper): focus goes to the checked radio, else the first control inside.
   */
  register: RegisterField<F>;
}

/** What {@link useFormState} gives a screen: fields `F`, of which the form keeps the values of `K`. */
export interface FormState<F extends string, K extends F = F> extends FormFields<F> {
  values: Readonly<Record<K, string>>;
  /** Changes a kept value; the field's server error (and its dependents') goes. */
  setValue(name: K, value: string): void;
  /** Props for the field's `TextField`: value, change, blur validation, error text and focus ref. */
  field(name: K): BoundField;
  /** True while the submit action runs. */
  pending: boolean;
  /** The last failure that is not a field error (`null` when none). */
  formError: FormError;
  /** The error summary of the last failed submit (for `ErrorSummary`): no items before one or once all are fixed. */
  summary: ErrorSummaryState;
  /**
   * A `<form onSubmit>` handler: validates every field (focusing the first invalid one), then runs
   * `action` once. A failure is mapped to fields where the server named them, the rest becomes the
   * form error; `onError` may handle a failure itself by returning true.
   */
  handleSubmit(action: (values: Readonly<Record<K, string>>) => Promise<void>, onError?: (error: unknown) => boolean): (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * Form state for fields `F`: the form keeps the values of `K` (all of `F` unless said otherwise), from
 * `initial`. `rules` is either each kept field's rule ({@link FieldRules}, in the order of the fields
 * on screen) or one {@link FormCheck} of the whole form; `options` (see {@link FormOptions}) says when
 * messages show and which fields server errors land on. A form whose values live in the store keeps
 * none (`initial` `{}`, `K` `never`) and reads them in its check.
 */
export function useFormState<F extends string, K extends F = F>(
  initial: Readonly<Record<K, string>>,
  rules: FieldRules<K> | FormCheck<F, K>,
  options: FormOptions<F> = {},
): FormState<F, K> {
  const live = options.live ?? false;
  const dependents: NonNullable<FormOptions<F>['dependents']> = options.dependents ?? {};
  const order: readonly F[] = typeof rules === 'function' ? (options.fields ?? []) : (Object.keys(rules) as K[]);
  const [values, setValues] = useState<Readonly<Record<K, string>>>(initial);
  // Without `live`: each field's message as checked last (a field is checked when left, on submit, and on typing while it shows one).
  const [clientErrors, setClientErrors] = useState<Partial<Record<F, FieldIssue>>>({});
  // With `live`: the fields left so far, or all of them once submitted.
  const [shown, setShown] = useState<ReadonlySet<F> | 'all'>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, ShownError>>>({});
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<FormError>(null);
  const touched = useRef(new Set<F>());
  const { nodes, register } = useFieldRegistry<F>();
  const busy = useRef(false);
  const { failed, fail, clear: clearFailed } = useFailedSubmit<F>();
  // Handlers read the latest values even when called before a re-render (fast typing, autofill).
  const latest = useRef(values);
  latest.current = values;

  /** Every failing field's first failing rule for `current`, in screen order. */
  const issuesOf = (current: Readonly<Record<K, string>>): ReadonlyMap<F, FieldIssue> => {
    if (typeof rules === 'function') return rules(current);
    const issues = new Map<F, FieldIssue>();
    for (const name of Object.keys(rules) as K[]) {
      const issue = firstFieldIssue(rules[name](current), current[name]);
      if (issue) issues.set(name, issue);
    }
    return issues;
  };
  // With `live`: this render's issues, checked once when a field first asks.
  let rendered: ReadonlyMap<F, FieldIssue> | undefined;

  /** Re-checks the fields in `names` against `current`, keeping other fields' errors. */
  const recheck = (names: Iterable<F>, current: Readonly<Record<K, string>>) => {
    const issues = issuesOf(current);
    setClientErrors((previous) => {
      const next = { ...previous };
      for (const name of names) {
        const issue = issues.get(name);
        if (issue) next[name] = issue;
        else delete next[name];
      }
      return next;
    });
  };

  const errorOf = (id: F): string | undefined => {
    const server = serverErrors[id];
    if (server) return errorText(server);
    let issue: FieldIssue | undefined;
    if (!live) issue = clientErrors[id];
    else if (shown === 'all' || shown.has(id)) issue = (rendered ??= issuesOf(values)).get(id);
    return issue ? fieldMessage(issue.key, issue.params) : undefined;
  };

  const touch = (id: F) => {
    touched.current.add(id);
    if (live) setShown((previous) => (previous === 'all' || previous.has(id) ? previous : new Set(previous).add(id)));
    else recheck(touched.current, latest.current);
  };

  const setValue = (name: K, value: string) => {
    const current = { ...latest.current, [name]: value } as Readonly<Record<K, string>>;
    latest.current = current;
    setValues(current);
    const cleared: readonly F[] = [name, ...(dependents[name] ?? [])];
    setServerErrors((previous) => {
      if (!cleared.some((other) => other in previous)) return previous;
      const next = { ...previous };
      for (const other of cleared) delete next[other];
      return next;
    });
    // A field already showing an error follows the typing, so the message goes as soon as it is fixed.
    if (!live) recheck(Object.keys(clientErrors) as F[], current);
  };

  const field = (name: K): BoundField => ({
    name,
    value: values[name],
    onValueChange: (value: string) => setValue(name, value),
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      // Leaving the field for the submit button: the submit checks everything anyway (see `live`).
      if (!live && isSubmitOf(event.relatedTarget, event.currentTarget.form)) touched.current.add(name);
      else touch(name);
    },
    error: errorOf(name),
    ref: register(name),
  });

  const focusFirst = (names: Iterable<F>) => {
    for (const name of names) {
      focusField(nodes.current.get(name));
      return;
    }
  };

  const handleSubmit =
    (action: (values: Readonly<Record<K, string>>) => Promise<void>, onError?: (error: unknown) => boolean) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      const current = latest.current;
      const issues = issuesOf(current);
      if (live) setShown('all');
      else {
        for (const name of order) touched.current.add(name);
        setClientErrors(Object.fromEntries(issues) as Partial<Record<F, FieldIssue>>);
      }
      setServerErrors({});
      setFormError(null);
      if (issues.size > 0) {
        fail(issues.keys());
        focusFirst(issues.keys());
        return;
      }
      clearFailed();
      busy.current = true;
      setPending(true);
      void action(current)
        .catch((error: unknown) => {
          if (isApiClientError(error, 'aborted')) return;
          if (onError?.(error)) return;
          const mapped: Partial<Record<F, ShownError>> = {};
          for (const name of order) {
            const shownError = serverFieldError(error, name);
            if (shownError) mapped[name] = shownError;
          }
          const mappedNames = order.filter((name) => name in mapped);
          setServerErrors(mapped);
          // Errors of fields this form does not show (or no field errors at all) go to the form alert.
          const unmapped = namesFields(error).filter((name) => !(order as readonly string[]).includes(name));
          if (mappedNames.length === 0 || unmapped.length > 0) setFormError(error);
          if (mappedNames.length > 0) fail(mappedNames);
          focusFirst(mappedNames);
        })
        .finally(() => {
          busy.current = false;
          setPending(false);
        });
    };

  const summary = summaryOf(failed, errorOf, (id) => nodes.current.get(id));
  return { values, setValue, field, error: errorOf, touch, register, pending, formError, summary, handleSubmit };
}
