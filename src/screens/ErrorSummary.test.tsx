import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../api/errors.ts';
import { SelectButton } from '../widgets/select-button/SelectButton.tsx';
import { TextField } from '../widgets/text-field/TextField.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { useFormState, type FieldRules } from './use-form-state.ts';

const REQUIRED = v.pipe(v.string(), v.nonEmpty('validation.required'));

type Field = 'email' | 'size' | 'code';
const RULES: FieldRules<Field> = { email: () => REQUIRED, size: () => REQUIRED, code: () => REQUIRED };

function Form({ action }: { action: () => Promise<void> }) {
  const form = useFormState<Field>({ email: '', size: '', code: '' }, RULES);
  return (
    <form noValidate onSubmit={form.handleSubmit(action)}>
      <ErrorSummary summary={form.summary} />
      <TextField {...form.field('email')} label="E-mail" required />
      <div ref={form.register('size')}>
        <SelectButton
          label="Size"
          options={[
            { value: 's', label: 'Small' },
            { value: 'l', label: 'Large' },
          ]}
          value={form.values.size}
          onValueChange={(value) => form.setValue('size', value)}
          error={form.error('size')}
        />
      </div>
      <TextField {...form.field('code')} label="Code" />
      <button type="submit">Save</button>
    </form>
  );
}

const TITLE = /^There is a problem/;
const summaryBox = () => screen.getByRole('alert', { name: TITLE });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const items = () =>
  within(summaryBox())
    .getAllByRole('button')
    .map((item) => item.textContent);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ErrorSummary', () => {
  it('should show nothing before a failed submit', () => {
    render(<Form action={vi.fn(async () => {})} />);
    expect(screen.queryByRole('alert', { name: TITLE })).toBeNull();
  });

  it('should list each wrong field by its label (without the required mark) with its message, and focus the first field, not the summary', async () => {
    render(<Form action={vi.fn(async () => {})} />);
    await save();
    expect(summaryBox()).toHaveTextContent(/^There is a problem: correct these fields/);
    expect(items()).toEqual(['E-mail: This element is required', 'Size: This element is required', 'Code: This element is required']);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'E-mail' }));
  });

  it('should move focus to a field from its item, and drop a corrected field without a new alert element', async () => {
    render(<Form action={vi.fn(async () => {})} />);
    await save();
    const alert = summaryBox();
    await userEvent.click(within(alert).getByRole('button', { name: /^Code:/ }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'A1');
    expect(items()).toEqual(['E-mail: This element is required', 'Size: This element is required']);
    // The same alert element: a correction is not announced as a new alert.
    expect(summaryBox()).toBe(alert);
  });

  it('should mount a new alert for each failed submit, so that it is announced again, and go once nothing is wrong', async () => {
    const action = vi.fn(async () => {});
    render(<Form action={action} />);
    await save();
    const first = summaryBox();
    await save();
    expect(summaryBox()).not.toBe(first);
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'a@b.pl');
    await userEvent.click(screen.getByRole('radio', { name: 'Large' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'A1');
    expect(screen.queryByRole('alert', { name: TITLE })).toBeNull();
    await save();
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert', { name: TITLE })).toBeNull();
  });

  it("should list the fields a refused request named, with the server's messages", async () => {
    const action = vi.fn(async () => {
      throw new ApiClientError({ kind: 'http', status: 422, fieldErrors: { code: ['Code taken'] } });
    });
    render(<Form action={action} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'a@b.pl');
    await userEvent.click(screen.getByRole('radio', { name: 'Small' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'A1');
    await save();
    expect(items()).toEqual(['Code: Code taken']);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
  });
});
