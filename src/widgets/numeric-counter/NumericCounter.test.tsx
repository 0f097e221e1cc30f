import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../store/locale.ts';
import { NumericCounter } from './NumericCounter.tsx';

const spin = (name = 'Quantity') => screen.getByRole('spinbutton', { name });
const decrease = () => screen.getByRole('button', { name: 'Decrease' });
const increase = () => screen.getByRole('button', { name: 'Increase' });
/** The counter's message: a polite live region, present (empty) before it has anything to say. */
const note = () => {
  const region = document.querySelector('.shop-numeric-counter__note');
  expect(region).toHaveAttribute('aria-live', 'polite');
  return region as HTMLElement;
};

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

  it('should refuse text that is not a whole number, keep it visible and say why', async () => {
    const onValueChange = vi.fn();
    const onTextErrorChange = vi.fn();
    render(<NumericCounter defaultValue={3} onValueChange={onValueChange} onTextErrorChange={onTextErrorChange} />);
    const input = spin();
    await userEvent.clear(input);
    await userEvent.type(input, '2.5');
    // Not 25 (the digits) nor 2: the text stays, the value stays what it was, the field says why.
    expect(input).toHaveValue('2.5');
    expect(input).toHaveAttribute('aria-valuenow', '2');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Quantities are whole numbers.');
    expect(note()).toHaveTextContent('Quantities are whole numbers');
    expect(onValueChange).not.toHaveBeenCalledWith(25);
    expect(onTextErrorChange).toHaveBeenLastCalledWith(true);
    // Leaving the field does not swap the typed text for another number.
    await userEvent.tab();
    expect(input).toHaveValue('2.5');
    await userEvent.clear(input);
    await userEvent.type(input, '2');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(note()).toBeEmptyDOMElement();
    expect(onValueChange).toHaveBeenLastCalledWith(2);
    expect(onTextErrorChange).toHaveBeenLastCalledWith(false);
  });

  it.each([
    ['abc', 'Enter the quantity in digits.'],
    ['-1', 'Enter the quantity in digits.'],
    ['2,5', 'Quantities are whole numbers.'],
  ])('should refuse %j with the rule', async (typed, message) => {
    const onValueChange = vi.fn();
    render(<NumericCounter defaultValue={4} onValueChange={onValueChange} />);
    const input = spin();
    await userEvent.tripleClick(input);
    await userEvent.paste(typed);
    expect(input).toHaveValue(typed);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-valuenow', '4');
    expect(input).toHaveAccessibleDescription(message);
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('should read a Polish decimal comma as a decimal, in Polish', async () => {
    act(() => setLocale('pl'));
    try {
      render(<NumericCounter defaultValue={4} max={10_000} />);
      const input = spin('Ilość');
      await userEvent.tripleClick(input);
      await userEvent.paste('2,5');
      expect(input).toHaveValue('2,5');
      expect(input).toHaveAttribute('aria-valuenow', '4');
      expect(input).toHaveAccessibleDescription('Ilość musi być liczbą całkowitą.');
      await userEvent.tripleClick(input);
      await userEvent.paste('100000');
      expect(input).toHaveValue('10000');
      expect(note().textContent).toMatch(/^Najwyżej 10\s000 szt\. w pozycji: zmieniono na 10\s000\.$/);
    } finally {
      act(() => setLocale('en'));
    }
  });

  it('should take digits grouped with spaces, or with commas in English', async () => {
    const onValueChange = vi.fn();
    render(<NumericCounter onValueChange={onValueChange} />);
    const input = spin();
    await userEvent.tripleClick(input);
    await userEvent.paste('1,500');
    expect(onValueChange).toHaveBeenLastCalledWith(1500);
    await userEvent.tab();
    expect(input).toHaveValue('1500');
    await userEvent.tripleClick(input);
    await userEvent.paste('2 000');
    expect(onValueChange).toHaveBeenLastCalledWith(2000);
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
    // Not silently: the field says what it did, in a live region the input points at.
    expect(note()).toHaveTextContent('At most 50 per line: changed to 50.');
    expect(input).toHaveAccessibleDescription('At most 50 per line: changed to 50.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('should say so when 100000 is cut to the default line maximum', async () => {
    const onValueChange = vi.fn();
    render(<NumericCounter min={1} max={10_000} defaultValue={1} onValueChange={onValueChange} />);
    const input = spin();
    await userEvent.tripleClick(input);
    await userEvent.paste('100000');
    expect(input).toHaveValue('10000');
    expect(onValueChange).toHaveBeenLastCalledWith(10_000);
    expect(note()).toHaveTextContent('At most 10,000 per line: changed to 10,000.');
    // A step clears the message: it no longer describes the value.
    await userEvent.click(decrease());
    expect(note()).toBeEmptyDOMElement();
  });

  it('should clamp a value below the minimum to the minimum (shown on leaving the field)', async () => {
    const onValueChange = vi.fn();
    render(<NumericCounter min={5} defaultValue={8} onValueChange={onValueChange} />);
    const input = spin();
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    expect(onValueChange).toHaveBeenLastCalledWith(5);
    expect(input).toHaveAttribute('aria-valuenow', '5');
    // While typing no message: the user may be on the way to 50.
    expect(note()).toBeEmptyDOMElement();
    await userEvent.tab();
    expect(input).toHaveValue('5');
    expect(note()).toHaveTextContent('At least 5 per line: changed to 5.');
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
