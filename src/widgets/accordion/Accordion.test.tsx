import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Accordion, type AccordionItem } from './Accordion.tsx';

const items: AccordionItem[] = [
  { value: 'delivery', title: 'Delivery', content: <p>Ships in 2 days</p> },
  { value: 'returns', title: 'Returns', content: <p>30 days to return</p> },
  { value: 'warranty', title: 'Warranty', content: <p>Two years</p> },
];

const header = (name: string) => screen.getByRole('button', { name });

describe('Accordion', () => {
  it('should link each header button to its region panel', () => {
    render(<Accordion items={items} defaultValue="delivery" />);
    const button = header('Delivery');
    expect(button.closest('h3')).not.toBeNull();
    const panel = screen.getByRole('region', { name: 'Delivery' });
    expect(button).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('aria-labelledby', button.id);
    expect(panel).toHaveTextContent('Ships in 2 days');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(header('Returns')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Returns' })).not.toBeInTheDocument();
  });

  it('should use the requested heading level', () => {
    render(<Accordion items={items} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Delivery' })).toBeInTheDocument();
  });

  it('should open and close with Enter and Space, exposing the state on the item', async () => {
    const user = userEvent.setup();
    render(<Accordion type="single" collapsible items={items} />);
    const button = header('Returns');
    const item = button.closest('.shop-accordion__item');
    expect(item).toHaveAttribute('data-state', 'closed');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(item).toHaveAttribute('data-state', 'open');
    expect(screen.getByRole('region', { name: 'Returns' })).toBeVisible();
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(item).toHaveAttribute('data-state', 'closed');
  });

  it('should keep a single panel open, closing the previous one', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Accordion items={items} defaultValue="delivery" onValueChange={onValueChange} />);
    await user.click(header('Warranty'));
    expect(header('Warranty')).toHaveAttribute('aria-expanded', 'true');
    expect(header('Delivery')).toHaveAttribute('aria-expanded', 'false');
    expect(onValueChange).toHaveBeenLastCalledWith('warranty');
  });

  it('should not close the open panel of a non-collapsible single accordion', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} defaultValue="delivery" />);
    await user.click(header('Delivery'));
    expect(header('Delivery')).toHaveAttribute('aria-expanded', 'true');
    expect(header('Delivery')).toHaveAttribute('aria-disabled', 'true');
  });

  it('should open several panels in multiple mode and close each one', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Accordion type="multiple" items={items} onValueChange={onValueChange} />);
    await user.click(header('Delivery'));
    await user.click(header('Warranty'));
    expect(header('Delivery')).toHaveAttribute('aria-expanded', 'true');
    expect(header('Warranty')).toHaveAttribute('aria-expanded', 'true');
    expect(onValueChange).toHaveBeenLastCalledWith(['delivery', 'warranty']);
    await user.click(header('Delivery'));
    expect(header('Delivery')).toHaveAttribute('aria-expanded', 'false');
    expect(onValueChange).toHaveBeenLastCalledWith(['warranty']);
  });

  it('should move focus between headers with Up/Down (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    header('Delivery').focus();
    await user.keyboard('{ArrowDown}');
    expect(header('Returns')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(header('Delivery')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(header('Warranty')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(header('Delivery')).toHaveFocus();
    await user.keyboard('{End}');
    expect(header('Warranty')).toHaveFocus();
    // Moving focus does not toggle anything.
    expect(header('Warranty')).toHaveAttribute('aria-expanded', 'false');
  });

  it('should skip disabled headers and not toggle them', async () => {
    const user = userEvent.setup();
    render(<Accordion items={[items[0]!, { ...items[1]!, disabled: true }, items[2]!]} />);
    header('Delivery').focus();
    await user.keyboard('{ArrowDown}');
    expect(header('Warranty')).toHaveFocus();
    await user.click(header('Returns'));
    expect(header('Returns')).toHaveAttribute('aria-expanded', 'false');
  });

  it('should follow a controlled value', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Accordion type="multiple" items={items} value={['returns']} onValueChange={onValueChange} />);
    expect(header('Returns')).toHaveAttribute('aria-expanded', 'true');
    await user.click(header('Delivery'));
    expect(onValueChange).toHaveBeenCalledWith(['returns', 'delivery']);
    expect(header('Delivery')).toHaveAttribute('aria-expanded', 'false');
  });

  it('should not move focus between the headers of a nested accordion', async () => {
    const user = userEvent.setup();
    const inner: AccordionItem[] = [
      { value: 'a', title: 'Inner A', content: 'a' },
      { value: 'b', title: 'Inner B', content: 'b' },
    ];
    render(<Accordion items={[{ value: 'outer', title: 'Outer', content: <Accordion items={inner} /> }, items[1]!]} defaultValue="outer" />);
    header('Inner B').focus();
    await user.keyboard('{ArrowDown}');
    expect(header('Inner A')).toHaveFocus();
    header('Outer').focus();
    await user.keyboard('{ArrowDown}');
    expect(header('Returns')).toHaveFocus();
  });
});
