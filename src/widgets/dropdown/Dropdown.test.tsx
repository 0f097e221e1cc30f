import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElementShell } from '../../app/ElementShell.tsx';
import { TYPEAHEAD_RESET_MS } from '../shared/use-list-navigation.ts';
import { DROPDOWN_MAX_HEIGHT_PX, Dropdown, type DropdownOption } from './Dropdown.tsx';

const sizes: DropdownOption[] = [
  { value: 's', label: 'Small' },
  { value: 'm', label: 'Medium' },
  { value: 'l', label: 'Large', disabled: true },
  { value: 'xl', label: 'Extra large' },
];
const cities: DropdownOption[] = [
  { value: 'waw', label: 'Warszawa' },
  { value: 'lod', label: 'Łódź' },
  { value: 'lub', label: 'Lublin' },
  { value: 'kra', label: 'Kraków' },
];

describe('Dropdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should give its combobox an accessible name and show the placeholder', () => {
    render(<Dropdown label="Size" options={sizes} required />);
    const combobox = screen.getByRole('combobox', { name: 'Size' });
    expect(combobox).toHaveTextContent('Select…');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveAttribute('aria-haspopup', 'listbox');
    expect(combobox).toBeRequired();
  });

  it('should open with ArrowDown, move with the arrows skipping disabled options and select with Enter', async () => {
    const onValueChange = vi.fn();
    render(<Dropdown label="Size" options={sizes} onValueChange={onValueChange} />);
    const combobox = screen.getByRole('combobox', { name: 'Size' });
    combobox.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Size' });
    expect(listbox).toBeInTheDocument();
    expect(combobox).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Small' }).id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Extra large' })).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Extra large' }).id);
    await userEvent.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('xl');
    expect(combobox).toHaveTextContent('Extra large');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox).toHaveFocus();
  });

  it('should open at the chosen option and support Home, End and Space', async () => {
    render(<Dropdown label="Size" options={sizes} defaultValue="m" />);
    const combobox = screen.getByRole('combobox', { name: 'Size' });
    combobox.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('option', { name: 'Medium' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('option', { name: 'Extra large' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('option', { name: 'Small' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard(' ');
    expect(combobox).toHaveTextContent('Small');
  });

  it('should close on Escape without changing the value', async () => {
    const onValueChange = vi.fn();
    render(<Dropdown label="Size" options={sizes} defaultValue="s" onValueChange={onValueChange} />);
    const combobox = screen.getByRole('combobox', { name: 'Size' });
    combobox.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveTextContent('Small');
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('should close on an outside click and select on an option click', async () => {
    render(
      <div>
        <p>Outside</p>
        <Dropdown label="Size" options={sizes} />
      </div>,
    );
    const combobox = screen.getByRole('combobox', { name: 'Size' });
    await userEvent.click(combobox);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.click(combobox);
    await userEvent.click(screen.getByRole('option', { name: 'Medium' }));
    expect(combobox).toHaveTextContent('Medium');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('should ignore a click on a disabled option', async () => {
    render(<Dropdown label="Size" options={sizes} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Size' }));
    const large = screen.getByRole('option', { name: 'Large' });
    expect(large).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(large);
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveTextContent('Select…');
  });

  it('should cap the list at 400 px and scroll beyond', async () => {
    expect(DROPDOWN_MAX_HEIGHT_PX).toBe(400);
    render(<Dropdown label="Size" options={sizes} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Size' }));
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '400px' });
  });

  it('should select the active option with Tab and move focus on', async () => {
    render(
      <div>
        <Dropdown label="Size" options={sizes} />
        <button type="button">Next</button>
      </div>,
    );
    const combobox = screen.getByRole('combobox', { name: 'Size' });
    combobox.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await userEvent.tab();
    expect(combobox).toHaveTextContent('Medium');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('should jump by typed letters, ignoring accents, and cycle on a repeated letter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Dropdown label="City" options={cities} />);
    const combobox = screen.getByRole('combobox', { name: 'City' });
    combobox.focus();
    await user.keyboard('l');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: 'Łódź' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('l');
    expect(screen.getByRole('option', { name: 'Lublin' })).toHaveAttribute('aria-selected', 'true');
    act(() => {
      vi.advanceTimersByTime(TYPEAHEAD_RESET_MS);
    });
    await user.keyboard('kr');
    expect(screen.getByRole('option', { name: 'Kraków' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(combobox).toHaveTextContent('Kraków');
  });

  it('should follow a controlled value and carry it in a hidden input', () => {
    const { container, rerender } = render(<Dropdown label="Size" options={sizes} value="s" name="size" />);
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveTextContent('Small');
    rerender(<Dropdown label="Size" options={sizes} value="m" name="size" />);
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveTextContent('Medium');
    expect(container.querySelector('input[type="hidden"][name="size"]')).toHaveValue('m');
  });

  it('should not open when disabled and link its error', async () => {
    render(<Dropdown label="Size" options={sizes} disabled error="Choose one of the options" />);
    const combobox = screen.getByRole('combobox', { name: 'Size' });
    expect(combobox).toHaveAttribute('aria-disabled', 'true');
    expect(combobox).toHaveAttribute('aria-invalid', 'true');
    expect(combobox).toHaveAccessibleDescription('Choose one of the options');
    await userEvent.click(combobox);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('should work inside a shadow root, with the list in the element overlay layer', async () => {
    const host = document.createElement('shop-test-element');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.append(mount);
    render(
      <ElementShell host={host} root={shadow}>
        <p>Elsewhere</p>
        <Dropdown label="Size" options={sizes} />
      </ElementShell>,
      { container: mount },
    );
    const view = within(mount);
    const combobox = view.getByRole('combobox', { name: 'Size' });
    await userEvent.click(combobox);
    const listbox = view.getByRole('listbox', { name: 'Size' });
    expect(listbox.parentElement).toHaveClass('shop-overlays');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(combobox).toHaveTextContent('Medium');
    await userEvent.click(combobox);
    expect(view.getByRole('listbox')).toBeInTheDocument();
    await userEvent.click(view.getByText('Elsewhere'));
    expect(view.queryByRole('listbox')).not.toBeInTheDocument();
    host.remove();
  });
});
