import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectButton, type SelectButtonOption } from './SelectButton.tsx';

const languages: SelectButtonOption[] = [
  { value: 'en', label: 'EN', ariaLabel: 'English' },
  { value: 'pl', label: 'PL', ariaLabel: 'Polski' },
];
const colours: SelectButtonOption[] = [
  { value: 'red', label: 'Red' },
  { value: 'green', label: 'Green', disabled: true },
  { value: 'blue', label: 'Blue' },
  { value: 'black', label: 'Black' },
];

describe('SelectButton', () => {
  it('should be a named radio group of named radios', () => {
    render(<SelectButton label="Language" hideLabel options={languages} defaultValue="en" />);
    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Polski' })).not.toBeChecked();
  });

  it('should choose on click', async () => {
    const onValueChange = vi.fn();
    render(<SelectButton label="Language" options={languages} defaultValue="en" onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Polski' }));
    expect(screen.getByRole('radio', { name: 'Polski' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).not.toBeChecked();
    expect(onValueChange).toHaveBeenCalledWith('pl');
  });

  it('should keep one tab stop on the chosen radio (roving tabindex)', async () => {
    render(
      <div>
        <SelectButton label="Colour" options={colours} defaultValue="blue" />
        <button type="button">After</button>
      </div>,
    );
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('should make the first enabled radio the tab stop when nothing is chosen', () => {
    render(<SelectButton label="Colour" options={colours} />);
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveAttribute('tabindex', '0');
  });

  it('should move and choose with the arrow keys, skipping disabled options and wrapping', async () => {
    const onValueChange = vi.fn();
    render(<SelectButton label="Colour" options={colours} defaultValue="red" onValueChange={onValueChange} />);
    screen.getByRole('radio', { name: 'Red' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Blue' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Black' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Red' })).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Black' })).toBeChecked();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();
    expect(onValueChange.mock.calls).toEqual([['blue'], ['black'], ['red'], ['black'], ['blue']]);
  });

  it('should follow a controlled value', async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<SelectButton label="Language" options={languages} value="en" onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Polski' }));
    expect(onValueChange).toHaveBeenCalledWith('pl');
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    rerender(<SelectButton label="Language" options={languages} value="pl" onValueChange={onValueChange} />);
    expect(screen.getByRole('radio', { name: 'Polski' })).toBeChecked();
  });

  it('should link an error to the group', () => {
    render(<SelectButton label="Size" options={colours} error="Choose one of the options" required />);
    const group = screen.getByRole('radiogroup', { name: 'Size' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(group).toHaveAccessibleDescription('Choose one of the options');
  });

  it('should not choose a disabled option', async () => {
    render(<SelectButton label="Colour" options={colours} defaultValue="red" />);
    await userEvent.click(screen.getByRole('radio', { name: 'Green' }));
    expect(screen.getByRole('radio', { name: 'Red' })).toBeChecked();
  });

  it('should be toggle buttons with choice="toggle": each a tab stop, arrows only move, Enter and Space choose', async () => {
    const onValueChange = vi.fn();
    render(<SelectButton label="Language" hideLabel options={languages} defaultValue="en" choice="toggle" onValueChange={onValueChange} />);
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    const english = screen.getByRole('button', { name: 'English' });
    const polish = screen.getByRole('button', { name: 'Polski' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(polish).toHaveAttribute('aria-pressed', 'false');
    await userEvent.tab();
    expect(english).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.tab();
    expect(polish).toHaveFocus();
    expect(onValueChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(polish).toHaveAttribute('aria-pressed', 'true');
    expect(onValueChange).toHaveBeenCalledWith('pl');
    await userEvent.tab({ shift: true });
    await userEvent.keyboard(' ');
    expect(english).toHaveAttribute('aria-pressed', 'true');
  });
});
