import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type TabItem } from './Tabs.tsx';

const items: TabItem[] = [
  { value: 'orders', label: 'Orders', content: <p>No orders yet</p> },
  { value: 'addresses', label: 'Addresses', content: <button type="button">Add address</button> },
  { value: 'payments', label: 'Payments', content: <p>No payment methods</p> },
];

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('should expose tablist, tabs and the selected tabpanel with their links', () => {
    render(<Tabs items={items} label="Account sections" />);
    const list = screen.getByRole('tablist', { name: 'Account sections' });
    expect(list).toHaveAttribute('aria-orientation', 'horizontal');
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    const orders = tab('Orders');
    expect(orders).toHaveAttribute('aria-selected', 'true');
    expect(orders).toHaveAttribute('data-state', 'active');
    expect(tab('Addresses')).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Orders' });
    expect(orders).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('No orders yet');
    // The other panels exist (so aria-controls resolves) but are hidden.
    expect(document.getElementById(tab('Payments').getAttribute('aria-controls') ?? '')).not.toBeVisible();
  });

  it('should keep only the selected tab in the tab order (roving tabindex)', () => {
    render(<Tabs items={items} defaultValue="addresses" />);
    expect(tab('Addresses')).toHaveAttribute('tabindex', '0');
    expect(tab('Orders')).toHaveAttribute('tabindex', '-1');
    expect(tab('Payments')).toHaveAttribute('tabindex', '-1');
  });

  it('should move and select with Left/Right, wrapping at both ends', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Tabs items={items} onValueChange={onValueChange} />);
    await user.tab();
    expect(tab('Orders')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Addresses')).toHaveFocus();
    expect(tab('Addresses')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Addresses')).toHaveAttribute('tabindex', '0');
    expect(onValueChange).toHaveBeenLastCalledWith('addresses');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Orders')).toHaveFocus();
    expect(tab('Orders')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('Payments')).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Payments' })).toBeVisible();
  });

  it('should go to the first and last tab with Home and End', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} defaultValue="addresses" />);
    tab('Addresses').focus();
    await user.keyboard('{End}');
    expect(tab('Payments')).toHaveFocus();
    expect(tab('Payments')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('Orders')).toHaveFocus();
    expect(tab('Orders')).toHaveAttribute('aria-selected', 'true');
  });

  it('should use Up/Down instead of Left/Right when vertical', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} orientation="vertical" />);
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    tab('Orders').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Orders')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(tab('Addresses')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(tab('Payments')).toHaveFocus();
  });

  it('should skip disabled tabs', async () => {
    const user = userEvent.setup();
    render(<Tabs items={[items[0]!, { ...items[1]!, disabled: true }, items[2]!]} />);
    tab('Orders').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Payments')).toHaveFocus();
    expect(tab('Payments')).toHaveAttribute('aria-selected', 'true');
  });

  it('should select a tab on click', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} />);
    await user.click(tab('Payments'));
    expect(tab('Payments')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Payments' })).toHaveTextContent('No payment methods');
  });

  it('should make a panel focusable only when it has no focusable content', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} />);
    expect(screen.getByRole('tabpanel', { name: 'Orders' })).toHaveAttribute('tabindex', '0');
    await user.click(tab('Addresses'));
    expect(screen.getByRole('tabpanel', { name: 'Addresses' })).not.toHaveAttribute('tabindex');
    // Tab from the tab goes straight into the panel's content.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add address' })).toHaveFocus();
  });

  it('should re-check focusability when the panel content changes', async () => {
    const panelContent = document.createElement('a');
    panelContent.textContent = 'Details';
    render(<Tabs items={[{ value: 'a', label: 'A', content: <div data-testid="slot" /> }]} />);
    const panel = screen.getByRole('tabpanel', { name: 'A' });
    expect(panel).toHaveAttribute('tabindex', '0');
    await act(async () => {
      panelContent.setAttribute('href', '#details');
      screen.getByTestId('slot').append(panelContent);
    });
    expect(panel).not.toHaveAttribute('tabindex');
  });

  it('should follow a controlled value', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Tabs items={items} value="payments" onValueChange={onValueChange} />);
    expect(tab('Payments')).toHaveAttribute('aria-selected', 'true');
    await user.click(tab('Orders'));
    expect(onValueChange).toHaveBeenCalledWith('orders');
    expect(tab('Payments')).toHaveAttribute('aria-selected', 'true');
  });
});
