import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollLockCount } from '../shared/scroll-lock.ts';
import { Dialog, type DialogProps } from './Dialog.tsx';

function Harness(props: Partial<DialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show terms
      </button>
      <Dialog
        title="Terms of sale"
        description="Read before ordering."
        footer={<button type="button">Accept</button>}
        open={open}
        onOpenChange={setOpen}
        {...props}
      >
        {props.children ?? (
          <>
            <p>Orders are binding.</p>
            <input aria-label="Reference" />
          </>
        )}
      </Dialog>
    </>
  );
}

function WithRef() {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <Harness initialFocus={ref}>
      <input aria-label="Name" />
      <input aria-label="Quantity" ref={ref} />
    </Harness>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Dialog', () => {
  it('should open modally with showModal(), labelled by its title and described by its description', async () => {
    const user = userEvent.setup();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    const dialog = screen.getByRole('dialog', { name: 'Terms of sale' });
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('Read before ordering.');
    expect(dialog).toHaveAttribute('part', 'base');
    expect(dialog.querySelector('[part="header"]')).toContainElement(screen.getByRole('heading', { name: 'Terms of sale' }));
    expect(dialog.querySelector('[part="body"]')).toHaveTextContent('Orders are binding.');
    expect(dialog.querySelector('[part="footer"]')).toContainElement(screen.getByRole('button', { name: 'Accept' }));
  });

  it('should move focus into the dialog on open and give it back to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Show terms' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('should focus a data-autofocus control first when there is one', async () => {
    const user = userEvent.setup();
    render(
      <Harness>
        <input aria-label="Name" />
        <input aria-label="Coupon" data-autofocus />
      </Harness>,
    );
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    expect(screen.getByRole('textbox', { name: 'Coupon' })).toHaveFocus();
  });

  it('should focus the initialFocus element when given', async () => {
    const user = userEvent.setup();
    render(<WithRef />);
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveFocus();
  });

  it('should close on Escape (the cancel event) and restore focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Show terms' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    // What a browser does on Escape in a modal dialog: a cancelable `cancel` event on the dialog.
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dialog).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
  });

  it('should stay open on Escape when a controlled parent keeps it open', () => {
    const onOpenChange = vi.fn();
    render(
      <Dialog title="Pinned" open onOpenChange={onOpenChange}>
        body
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Pinned' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(dialog).toHaveAttribute('open');
  });

  it('should follow a close the browser made by itself', () => {
    const onOpenChange = vi.fn();
    render(<Dialog title="Info" defaultOpen onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Info' }) as HTMLDialogElement;
    act(() => dialog.close());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should open uncontrolled with defaultOpen and close with its Close button', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Dialog title="Welcome" defaultOpen onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should lock page scrolling while open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(scrollLockCount()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.documentElement.style.overflow).toBe('');
    expect(scrollLockCount()).toBe(0);
  });
});

describe('Dialog overlays', () => {
  it('should give overlays opened inside the dialog a layer inside the dialog, not beneath it', async () => {
    const { Portal } = await import('../shared/Portal.tsx');
    render(
      <Dialog title="Choose" defaultOpen>
        <Portal>
          <div role="listbox" aria-label="Inner list" />
        </Portal>
      </Dialog>,
    );
    const list = screen.getByRole('listbox', { name: 'Inner list' });
    expect(list.closest('dialog')).not.toBeNull();
  });
});
