import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumericCounter } from './NumericCounter.tsx';

const spin = (name = 'Quantity') => screen.getByRole('spinbutton', { name });
const decrease = () => screen.getByRole('button', { name: 'Decrease' });
const increase = () => screen.getByRole('button', { name: 'Increase' });

function Controlled() {
  const [value, setValue] = useState(4);
  return (
    <>
      <NumericCounter value={value} onValueChange={setValue} max={10} />
      <button type="button" onClick={() => setValue(9)}>
        Set nine
      </button>
    </>
  );
}

describe('NumericCounter', () => {
  it('should give its spinbutton and buttons accessible names', () => {
    render(<NumericCounter />);
    const input = spin();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(decrease()).toHaveAttribute('aria-controls', input.id);
    expect(increase()).toBeInTheDocument();
    render(<NumericCounter label="Boxes" hideLabel />);
    expect(spin('Boxes')).toBeInTheDocument();
  });

  it('should strip non-digits as they are typed or pasted', async () => {
    const onValueChange = vi.fn();
    render(<NumericCounter onValueChange={onValueChange} />);
    const input = spin();
    await userEvent.clear(input);
    await userEvent.type(input, '1a2');
    expect(input).toHaveValue('12');
    expect(onValueChange).toHaveBeenLastCalledWith(12);
    await userEvent.clear(input);
    await userEvent.paste('3-4 x5');
    expect(input).toHaveValue('345');
    expect(input).toHaveAttribute('aria-valuenow', '345');
  });

  it('should clamp a value above the maximum to the maximum at once', async () => {
    const onValueChange = vi.fn();
    render(<NumericCounter max={50} onValueChange={onValueChange} />);
    const input = spin();
    await userEvent.clear(input);
    await userEvent.type(input, '999');
    expect(input).toHaveValue('50');
    expect(onValueChange).toHaveBeenLastCalledWith(50);
    expect(input).toHaveAttribute('aria-valuemax', '50');
  });

  it('should clamp a value below the minimum to the minimum (shown on leaving the field)', async () => {
    const onValueChange = vi.fn();
    render(<NumericCounter min={5} defaultValue={8} onValueChange={onValueChange} />);
    const input = spin();
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    expect(onValueChange).toHaveBeenLastCalledWith(5);
    expect(input).toHaveAttribute('aria-valuenow', '5');
    await userEvent.tab();
    expect(input).toHaveValue('5');
  });

  it('should let a user clear the field and type a number above the minimum', async () => {
    const onValueChange = vi.fn();
    render(<NumericCounter min={10} defaultValue={10} onValueChange={onValueChange} />);
    const input = spin();
    await userEvent.clear(input);
    await userEvent.type(input, '12');
    expect(input).toHaveValue('12');
    expect(onValueChange).toHaveBeenLastCalledWith(12);
  });

  it('should count an empty field as 0, or as the minimum when it is above 0', async () => {
    const { unmount } = render(<NumericCounter defaultValue={7} />);
    await userEvent.clear(spin());
    expect(spin()).toHaveAttribute('aria-valuenow', '0');
    await userEvent.tab();
    expect(spin()).toHaveValue('0');
    unmount();

    const onValueChange = vi.fn();
    render(<NumericCounter min={1} defaultValue={7} onValueChange={onValueChange} />);
    await userEvent.clear(spin());
    expect(onValueChange).toHaveBeenLastCalledWith(1);
    await userEvent.tab();
    expect(spin()).toHaveValue('1');
  });

  it('should step with the buttons and disable them at the bounds', async () => {
    const onValueChange = vi.fn();
    render(<NumericCounter min={1} max={3} defaultValue={2} onValueChange={onValueChange} />);
    await userEvent.click(increase());
    expect(spin()).toHaveValue('3');
    expect(increase()).toBeDisabled();
    await userEvent.click(increase());
    expect(spin()).toHaveValue('3');
    await userEvent.click(decrease());
    await userEvent.click(decrease());
    expect(spin()).toHaveValue('1');
    expect(decrease()).toBeDisabled();
    expect(onValueChange.mock.calls).toEqual([[3], [2], [1]]);
  });

  it('should disable decrease at 0 when there is no minimum', () => {
    render(<NumericCounter defaultValue={0} />);
    expect(decrease()).toBeDisabled();
    expect(increase()).toBeEnabled();
  });

  it('should move focus to the input when the focused button reaches a bound', async () => {
    render(<NumericCounter max={2} defaultValue={1} />);
    increase().focus();
    await userEvent.keyboard('{Enter}');
    expect(increase()).toBeDisabled();
    expect(spin()).toHaveFocus();
  });

  it('should step with ArrowUp and ArrowDown, by `step`, within the bounds', async () => {
    render(<NumericCounter min={30} max={90} step={30} defaultValue={30} />);
    const input = spin();
    input.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveValue('60');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('90');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('30');
    await userEvent.keyboard('{End}');
    expect(input).toHaveValue('90');
    await userEvent.keyboard('{Home}');
    expect(input).toHaveValue('30');
  });

  it('should clamp the initial value and follow a controlled value', async () => {
    const { unmount } = render(<NumericCounter min={2} defaultValue={0} />);
    expect(spin()).toHaveValue('2');
    unmount();
    render(<Controlled />);
    expect(spin()).toHaveValue('4');
    await userEvent.click(screen.getByRole('button', { name: 'Set nine' }));
    expect(spin()).toHaveValue('9');
    expect(spin()).toHaveAttribute('aria-valuenow', '9');
  });
});
