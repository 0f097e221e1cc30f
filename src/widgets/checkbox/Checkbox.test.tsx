import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox.tsx';

describe('Checkbox', () => {
  it('should give its box an accessible name and description', () => {
    render(<Checkbox label="I accept the statement" description="Required for cost centres" />);
    const box = screen.getByRole('checkbox', { name: 'I accept the statement' });
    expect(box).toHaveAccessibleDescription('Required for cost centres');
  });

  it('should toggle by click on the label and by Space when uncontrolled', async () => {
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Newsletter" onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Newsletter' });
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByText('Newsletter'));
    expect(box).toBeChecked();
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('should follow a controlled checked value', async () => {
    const onCheckedChange = vi.fn();
    const { rerender } = render(<Checkbox label="Invoice" checked={false} onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Invoice' });
    await userEvent.click(box);
    expect(onCheckedChange).toHaveBeenCalledWith(true);
    expect(box).not.toBeChecked();
    rerender(<Checkbox label="Invoice" checked onCheckedChange={onCheckedChange} />);
    expect(box).toBeChecked();
  });

  it('should start from defaultChecked', () => {
    render(<Checkbox label="Same as delivery" defaultChecked />);
    expect(screen.getByRole('checkbox', { name: 'Same as delivery' })).toBeChecked();
  });

  it('should mark and describe an error', () => {
    render(<Checkbox label="Statement" required error="You must accept the cost-centre statement" />);
    const box = screen.getByRole('checkbox', { name: 'Statement' });
    expect(box).toBeInvalid();
    expect(box).toBeRequired();
    expect(box).toHaveAccessibleDescription('You must accept the cost-centre statement');
  });
});
