import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, errorMessage } from '../api/errors.ts';
import type { FieldIssue } from '../widgets/field/validate-field.ts';
import { TextField } from '../widgets/text-field/TextField.tsx';
import { useFormState, type FieldRules, type FormCheck } from './use-form-state.ts';

const REQUIRED = v.pipe(v.string(), v.nonEmpty('validation.required'));
const AT_LEAST_3 = v.pipe(v.string(), v.nonEmpty('validation.required'), v.minLength(3, 'validation.min_length'));

type Field = 'name' | 'code';
const RULES: FieldRules<Field> = { name: () => REQUIRED, code: () => AT_LEAST_3 };

/** A form that keeps its values, checked when a field is left (the sign-in screens' way). */
function KeptForm({ action }: { action: (values: Readonly<Record<Field, string>>) => Promise<void> }) {
  const form = useFormState<Field>({ name: '', code: '' }, RULES);
  return (
    <form noValidate onSubmit={form.handleSubmit(action)}>
      <p role="alert">{form.formError === null ? '' : errorMessage(form.formError)}</p>
      <TextField {...form.field('name')} label="Name" />
      <TextField {...form.field('code')} label="Code" />
      <button type="submit">{form.pending ? 'Saving' : 'Save'}</button>
    </form>
  );
}

const REQUIRED_ISSUE: FieldIssue = { key: 'validation.required', params: {} };

type AddressField = 'city' | 'zip' | 'country';

/** Every empty field, in screen order: a whole-form check, as the checkout's rules are. */
const checkAddress: FormCheck<AddressField> = (values) => {
  const issues = new Map<AddressField, FieldIssue>();
  for (const name of ['city', 'zip', 'country'] as const) if (values[name].trim() === '') issues.set(name, REQUIRED_ISSUE);
  return issues;
};

/** A form with `live` messages and a field checked against another (the address book's way). */
function LiveForm({ action }: { action: () => Promise<void> }) {
  const form = useFormState<AddressField>({ city: '', zip: '', country: '' }, checkAddress, { live: true, fields: ['city', 'zip', 'country'], dependents: { country: ['zip'] } });
  return (
    <form noValidate onSubmit={form.handleSubmit(action)}>
      <TextField {...form.field('city')} label="City" />
      <TextField {...form.field('zip')} label="Zip" />
      <TextField {...form.field('country')} label="Country" />
      <button type="submit">Save</button>
    </form>
  );
}

const box = (name: string) => screen.getByRole('textbox', { name });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useFormState: values kept by the form', () => {
  it('should check a field when it is left, and let a shown message follow the typing until it is fixed', async () => {
    render(<KeptForm action={vi.fn(async () => {})} />);
    await userEvent.type(box('Code'), 'a');
    expect(box('Code')).not.toHaveAccessibleDescription(/at least 3/);
    await userEvent.click(box('Name'));
    expect(box('Code')).toHaveAccessibleDescription('Enter at least 3 characters');
    await userEvent.type(box('Code'), 'bc');
    expect(box('Code')).not.toHaveAccessibleDescription(/at least 3/);
    // Fixed once, a new mistake waits until the field is left again.
    await userEvent.type(box('Code'), '{Backspace}');
    expect(box('Code')).not.toHaveAccessibleDescription(/at least 3/);
    await userEvent.click(box('Name'));
    expect(box('Code')).toHaveAccessibleDescription('Enter at least 3 characters');
  });

  it('should check nothing when a field is left for the submit button, then check all, focus the first invalid field and send nothing', async () => {
    const action = vi.fn(async () => {});
    render(<KeptForm action={action} />);
    await userEvent.type(box('Code'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(action).not.toHaveBeenCalled();
    expect(box('Name')).toHaveFocus();
    expect(box('Name')).toHaveAccessibleDescription('This element is required');
    expect(box('Code')).toHaveAccessibleDescription('Enter at least 3 characters');
  });

  it('should put server field errors on their fields (focusing the first) until edited, the rest in the form error, and run one action at a time', async () => {
    const finishers: (() => void)[] = [];
    const action = vi
      .fn<(values: Readonly<Record<Field, string>>) => Promise<void>>()
      .mockImplementationOnce(
        () =>
          new Promise<void>((_resolve, reject) => {
            finishers.push(() =>
              reject(new ApiClientError({ kind: 'http', status: 422, fieldErrors: { code: ['Code taken'] }, fieldKeys: { name: [{ key: 'validation.required', params: {} }] } })),
            );
          }),
      )
      .mockImplementationOnce(async () => {
        throw new ApiClientError({ kind: 'http', status: 422, fieldErrors: { other: ['Nope'] } });
      });
    render(<KeptForm action={action} />);
    await userEvent.type(box('Name'), 'Ann');
    await userEvent.type(box('Code'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Saving' }));
    expect(action).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledWith({ name: 'Ann', code: 'abc' });
    finishers[0]?.();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(box('Name')).toHaveFocus();
    expect(box('Name')).toHaveAccessibleDescription('This element is required');
    expect(box('Code')).toHaveAccessibleDescription('Code taken');
    expect(screen.getByRole('alert')).toHaveTextContent('');
    await userEvent.type(box('Code'), 'd');
    expect(box('Code')).not.toHaveAccessibleDescription('Code taken');
    expect(box('Name')).toHaveAccessibleDescription('This element is required');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
    expect(box('Name')).not.toHaveAccessibleDescription('This element is required');
  });
});

describe('useFormState: live messages', () => {
  it('should show a left field its current message after every change, and every field its message after a submit', async () => {
    const action = vi.fn(async () => {});
    render(<LiveForm action={action} />);
    await userEvent.type(box('City'), 'X');
    await userEvent.tab();
    expect(box('City')).not.toHaveAccessibleDescription(/required/);
    // Back to the city: the postal code was left on the way, the country never reached.
    await userEvent.clear(box('City'));
    expect(box('City')).toHaveAccessibleDescription('This element is required');
    expect(box('Zip')).toHaveAccessibleDescription('This element is required');
    expect(box('Country')).not.toHaveAccessibleDescription(/required/);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(action).not.toHaveBeenCalled();
    expect(box('City')).toHaveFocus();
    expect(box('Zip')).toHaveAccessibleDescription('This element is required');
    expect(box('Country')).toHaveAccessibleDescription('This element is required');
    await userEvent.type(box('Country'), 'PL');
    expect(box('Country')).not.toHaveAccessibleDescription(/required/);
  });

  it("should clear a dependent field's server error when the field it depends on changes", async () => {
    const action = vi.fn(async () => {
      throw new ApiClientError({ kind: 'http', status: 422, fieldErrors: { zip: ['Invalid postal code format'] } });
    });
    render(<LiveForm action={action} />);
    await userEvent.type(box('City'), 'Berlin');
    await userEvent.type(box('Zip'), '1234');
    await userEvent.type(box('Country'), 'D');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(action).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(box('Zip')).toHaveFocus());
    expect(box('Zip')).toHaveAccessibleDescription('Invalid postal code format');
    await userEvent.type(box('Country'), 'E');
    expect(box('Zip')).not.toHaveAccessibleDescription(/postal code/);
  });
});
