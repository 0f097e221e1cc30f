import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emailField } from '../../contract/fields.ts';
import { fieldError } from '../field/validate-field.ts';
import { TextField } from './TextField.tsx';

function EmailForm() {
  const [value, setValue] = useState('');
  return <TextField label="E-mail" type="email" value={value} onValueChange={setValue} error={fieldError(emailField, value)} />;
}

describe('TextField', () => {
  it('should give its input an accessible name from the label', () => {
    render(<TextField label="City" />);
    expect(screen.getByRole('textbox', { name: 'City' })).toBeInTheDocument();
  });

  it('should pass type and autocomplete through', () => {
    render(<TextField label="E-mail" type="email" autoComplete="email" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
  });

  it('should report typed text through onValueChange', async () => {
    const onValueChange = vi.fn();
    render(<TextField label="Name" onValueChange={onValueChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ann');
    expect(onValueChange).toHaveBeenLastCalledWith('Ann');
  });

  it('should link the hint and mark the input invalid with its error', () => {
    render(<TextField label="Phone" type="tel" hint="e.g. +48 600 700 800" error="Enter a valid phone number" required />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toBeInvalid();
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('Enter a valid phone number e.g. +48 600 700 800');
  });

  it('should show the first failing rule of a controlled field', async () => {
    render(<EmailForm />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAccessibleDescription('This element is required');
    await userEvent.type(input, 'anna@');
    expect(input).toHaveAccessibleDescription('E-mail must be valid');
    await userEvent.type(input, 'example.com');
    expect(input).toBeValid();
  });

  it('should show and hide a password with the toggle', async () => {
    render(<TextField label="Password" type="password" defaultValue="Secret123" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('should have no password toggle for other types', () => {
    render(<TextField label="Search" type="search" />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
