import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AUTOCOMPLETE_MAX_HEIGHT_PX, Autocomplete, type AutocompleteOption } from './Autocomplete.tsx';

const places: AutocompleteOption[] = [
  { value: 'lodz', label: 'Łódź' },
  { value: 'yellow', label: 'Żółty' },
  { value: 'ci', label: "Côte d'Ivoire" },
  { value: 'gb', label: 'Guinea-Bissau' },
  { value: 'pl', label: 'Poland' },
  { value: 'pt', label: 'Portugal' },
];

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

function CountryForm({ options }: { options: AutocompleteOption[] }) {
  const [value, setValue] = useState<string | null>('ci');
  return <Autocomplete label="Country" options={options} value={value} onValueChange={setValue} />;
}

describe('Autocomplete', () => {
  it('should give its combobox an accessible name', () => {
    render(<Autocomplete label="Country" options={places} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Show options' })).toBeInTheDocument();
  });

  it('should find "Łódź" when typing "lodz" and "Żółty" when typing "Zolty"', async () => {
    render(<Autocomplete label="Place" options={places} />);
    const input = screen.getByRole('combobox', { name: 'Place' });
    await userEvent.type(input, 'lodz');
    expect(optionNames()).toEqual(['Łódź']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, 'Zolty');
    expect(optionNames()).toEqual(['Żółty']);
  });

  it('should ignore punctuation in labels and in the typed text', async () => {
    render(<Autocomplete label="Country" options={places} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await userEvent.type(input, 'cote d ivoire');
    expect(optionNames()).toEqual(["Côte d'Ivoire"]);
    await userEvent.clear(input);
    await userEvent.type(input, 'guinea, bissau');
    expect(optionNames()).toEqual(['Guinea-Bissau']);
  });

  it('should show "No data" when nothing matches and announce it', async () => {
    render(<Autocomplete label="Country" options={places} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await userEvent.type(input, 'xyz');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    const popup = document.querySelector('.shop-autocomplete__popup') as HTMLElement;
    expect(within(popup).getByText('No data')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('No data');
  });

  it('should announce the number of results politely', async () => {
    render(<Autocomplete label="Country" options={places} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Country' }), 'po');
    expect(optionNames()).toEqual(['Poland', 'Portugal']);
    expect(screen.getByRole('status')).toHaveTextContent('2 results available');
  });

  it('should choose with the arrows and Enter', async () => {
    const onValueChange = vi.fn();
    const onInputValueChange = vi.fn();
    render(<Autocomplete label="Country" options={places} onValueChange={onValueChange} onInputValueChange={onInputValueChange} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await userEvent.type(input, 'po');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const portugal = screen.getByRole('option', { name: 'Portugal' });
    expect(input).toHaveAttribute('aria-activedescendant', portugal.id);
    expect(portugal).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Poland' }).id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('pt');
    expect(input).toHaveValue('Portugal');
    expect(onInputValueChange).toHaveBeenLastCalledWith('Portugal');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('should open every option with ArrowDown and cap the list at 250 px', async () => {
    expect(AUTOCOMPLETE_MAX_HEIGHT_PX).toBe(250);
    render(<Autocomplete label="Country" options={places} defaultValue="pl" />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    expect(input).toHaveValue('Poland');
    input.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(optionNames()).toHaveLength(places.length);
    expect(screen.getByRole('listbox', { name: 'Country' })).toHaveStyle({ maxHeight: '250px' });
  });

  it('should close on Escape, then clear the text on a second Escape', async () => {
    const onValueChange = vi.fn();
    render(<Autocomplete label="Country" options={places} defaultValue="pl" onValueChange={onValueChange} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    input.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('Poland');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');
    expect(onValueChange).toHaveBeenCalledWith(null);
  });

  it('should choose an option with the mouse and close on an outside click', async () => {
    render(
      <div>
        <p>Outside</p>
        <Autocomplete label="Country" options={places} />
      </div>,
    );
    const input = screen.getByRole('combobox', { name: 'Country' });
    await userEvent.click(screen.getByRole('button', { name: 'Show options' }));
    expect(input).toHaveFocus();
    await userEvent.click(screen.getByRole('option', { name: 'Guinea-Bissau' }));
    expect(input).toHaveValue('Guinea-Bissau');
    await userEvent.click(screen.getByRole('button', { name: 'Show options' }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('should keep only a real choice when the field is left', async () => {
    const onValueChange = vi.fn();
    render(
      <div>
        <Autocomplete label="Country" options={places} defaultValue="pl" onValueChange={onValueChange} />
        <button type="button">Next</button>
      </div>,
    );
    const input = screen.getByRole('combobox', { name: 'Country' });
    await userEvent.clear(input);
    await userEvent.type(input, 'portu');
    await userEvent.tab();
    expect(input).toHaveValue('Poland');
    expect(onValueChange).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, 'PORTUGAL');
    await userEvent.tab();
    expect(input).toHaveValue('Portugal');
    expect(onValueChange).toHaveBeenLastCalledWith('pt');
  });

  it('should show the label of a controlled value, also when options arrive later', () => {
    const { rerender } = render(<CountryForm options={[]} />);
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('');
    rerender(<CountryForm options={places} />);
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue("Côte d'Ivoire");
  });

  it('should follow a controlled input value', async () => {
    const onInputValueChange = vi.fn();
    render(<Autocomplete label="Country" options={places} inputValue="pol" onInputValueChange={onInputValueChange} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    expect(input).toHaveValue('pol');
    await userEvent.type(input, 'x');
    expect(onInputValueChange).toHaveBeenCalledWith('polx');
    expect(input).toHaveValue('pol');
  });
});
