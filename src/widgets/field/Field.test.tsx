import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Field } from './Field.tsx';

describe('Field', () => {
  it('should name its control with the label and link hint and error', () => {
    render(
      <Field label="Phone" hint="e.g. +48 600 700 800" error="Enter a valid phone number">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid phone number e.g. +48 600 700 800');
  });

  it('should not mark the control invalid without an error', () => {
    render(<Field label="City">{(control) => <input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('should show a required mark without changing the accessible name', () => {
    render(
      <Field label="E-mail" required>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('should label a custom control through aria-labelledby and focus it from the label', async () => {
    const onLabelClick = vi.fn();
    render(
      <Field label="Language" control="custom" onLabelClick={onLabelClick}>
        {(control, { labelId }) => <div role="radiogroup" id={control.id} aria-labelledby={labelId} />}
      </Field>,
    );
    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Language'));
    expect(onLabelClick).toHaveBeenCalled();
  });

  it('should keep a hidden label as the accessible name', () => {
    render(
      <Field label="Quantity" hideLabel>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toBeInTheDocument();
    expect(screen.getByText('Quantity')).toHaveClass('shop-visually-hidden');
  });
});
