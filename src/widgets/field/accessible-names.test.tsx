import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../store/locale.ts';
import { Autocomplete } from '../autocomplete/Autocomplete.tsx';
import { Checkbox } from '../checkbox/Checkbox.tsx';
import { Dropdown } from '../dropdown/Dropdown.tsx';
import { FileDrop } from '../file-drop/FileDrop.tsx';
import { NumericCounter } from '../numeric-counter/NumericCounter.tsx';
import { SelectButton } from '../select-button/SelectButton.tsx';
import { TextArea } from '../text-area/TextArea.tsx';
import { TextField } from '../text-field/TextField.tsx';

const options = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
];

function AllFormWidgets() {
  return (
    <form>
      <TextField label="First name" />
      <TextField label="Password" type="password" />
      <TextArea label="Comment" maxLength={100} />
      <Checkbox label="Accept" />
      <Dropdown label="Size" options={options} />
      <Autocomplete label="Country" options={options} />
      <NumericCounter />
      <SelectButton label="Language" options={options} />
      <FileDrop label="Attachment" />
    </form>
  );
}

const INTERACTIVE = 'input:not([type="hidden"]):not([aria-hidden="true"]), textarea, button, [role="combobox"], [role="radiogroup"], [role="listbox"], [role="option"], [role="group"]';

describe('form widgets', () => {
  afterEach(() => {
    act(() => setLocale('en'));
  });

  it('should give every control (and every open list) an accessible name', async () => {
    const { container } = render(<AllFormWidgets />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Size' }));
    const controls = [...document.querySelectorAll<HTMLElement>(INTERACTIVE)];
    expect(container.querySelectorAll(INTERACTIVE).length).toBeGreaterThan(12);
    expect(controls.some((element) => element.getAttribute('role') === 'option')).toBe(true);
    for (const element of controls) expect(element).toHaveAccessibleName();
  });

  it('should re-render their texts when the language changes', () => {
    render(
      <>
        <Dropdown label="Rozmiar" options={options} />
        <Autocomplete label="Kraj" options={options} />
        <TextField label="Hasło" type="password" />
        <TextArea label="Uwagi" maxLength={10} />
        <NumericCounter />
        <FileDrop label="Plik" />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Rozmiar' })).toHaveTextContent('Select…');
    act(() => setLocale('pl'));
    expect(screen.getByRole('combobox', { name: 'Rozmiar' })).toHaveTextContent('Wybierz…');
    expect(screen.getByRole('spinbutton', { name: 'Ilość' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zwiększ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wybierz plik' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pokaż opcje' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pokaż hasło' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Uwagi' })).toHaveAccessibleDescription('Pozostało znaków: 10');
  });
});
