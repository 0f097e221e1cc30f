import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElementShell } from '../../app/ElementShell.tsx';
import { scrollLockCount } from '../shared/scroll-lock.ts';
import { DRAWER_DEFAULT_PLACEMENT, Drawer, type DrawerProps } from './Drawer.tsx';
import css from './drawer.css?inline';

function Harness({ name = 'Menu', ...props }: Partial<DrawerProps> & { name?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open {name}
      </button>
      <p>Page text</p>
      <Drawer title={name} open={open} onOpenChange={setOpen} {...props}>
        <input aria-label={`${name} search`} />
        <a href="#orders">{name} orders</a>
      </Drawer>
    </>
  );
}

function Two({ first, second }: { first: boolean; second: boolean }) {
  return (
    <>
      <Drawer title="First" open={first}>
        1
      </Drawer>
      <Drawer title="Second" open={second} placement="right">
        2
      </Drawer>
    </>
  );
}

const backdrop = () => document.querySelector<HTMLElement>('[part="backdrop"]');

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('style');
});

describe('Drawer', () => {
  it('should render nothing while closed, then a labelled modal dialog on the left', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open Menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-state', 'open');
    expect(dialog).toHaveAttribute('data-placement', 'left');
    expect(DRAWER_DEFAULT_PLACEMENT).toBe('left');
    expect(backdrop()).toBeInTheDocument();
  });

  it('should accept another placement and an aria-label instead of a title', () => {
    render(
      <Drawer defaultOpen placement="right" label="Filters">
        x
      </Drawer>,
    );
    expect(screen.getByRole('dialog', { name: 'Filters' })).toHaveAttribute('data-placement', 'right');
  });

  it('should move focus into the drawer on open and return it to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open Menu' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('should close on Escape and give focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open Menu' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('should close on a backdrop click but not on a click inside the panel', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Menu' }));
    await user.click(screen.getByRole('textbox', { name: 'Menu search' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(backdrop()!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should ignore a press on the backdrop that moved more than 5 px before release', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Menu' }));
    fireEvent.mouseDown(backdrop()!, { clientX: 10, clientY: 10 });
    fireEvent.click(backdrop()!, { clientX: 20, clientY: 10 });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(backdrop()!, { clientX: 10, clientY: 10 });
    fireEvent.click(backdrop()!, { clientX: 13, clientY: 14 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should open modally with showModal() as the Dialog does, the browser keeping Tab inside it', async () => {
    const user = userEvent.setup();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveAttribute('open');
    // No hand-written trap: Tab moves through the drawer in document order.
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Menu search' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Menu orders' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
  });

  it('should stop the page from scrolling while open and restore the previous overflow exactly', async () => {
    const user = userEvent.setup();
    document.documentElement.style.overflow = 'scroll';
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Menu' }));
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.documentElement.style.overflow).toBe('scroll');
    expect(scrollLockCount()).toBe(0);
  });

  it('should leave no style attribute behind when <html> had none', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open Menu' }));
    await user.keyboard('{Escape}');
    expect(document.documentElement).not.toHaveAttribute('style');
  });

  it('should keep scrolling locked until the last of two open drawers closes', () => {
    const { rerender } = render(<Two first={false} second={false} />);
    rerender(<Two first second={false} />);
    rerender(<Two first second />);
    expect(scrollLockCount()).toBe(2);
    expect(document.documentElement.style.overflow).toBe('hidden');
    rerender(<Two first={false} second />);
    expect(screen.queryByRole('dialog', { name: 'First' })).not.toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('hidden');
    rerender(<Two first={false} second={false} />);
    expect(document.documentElement.style.overflow).toBe('');
    expect(scrollLockCount()).toBe(0);
  });

  it('should neither dim nor lock the page when backdrop and lockScroll are off', () => {
    render(
      <Drawer defaultOpen title="Help" backdrop={false} lockScroll={false}>
        x
      </Drawer>,
    );
    expect(screen.getByRole('dialog', { name: 'Help' })).toBeInTheDocument();
    expect(backdrop()).not.toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('should report changes through onOpenChange and stay open while a controlled parent says so', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Drawer open title="Pinned" onOpenChange={onOpenChange}>
        x
      </Drawer>,
    );
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('dialog', { name: 'Pinned' })).toBeInTheDocument();
  });

  it('should stay mounted as data-state="closed" until its slide-out animation ends', () => {
    const real = window.getComputedStyle.bind(window);
    vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
      const style = real(element, pseudo);
      if (!(element as HTMLElement).matches?.('[part="base"]')) return style;
      const animation: Record<string, string> = { animationName: 'shop-drawer-slide-out', animationDuration: '0.2s', animationDelay: '0s' };
      return new Proxy(style, {
        get: (target, key) => (typeof key === 'string' && key in animation ? animation[key] : (Reflect.get(target, key, target) as unknown)),
      });
    });
    const { rerender } = render(
      <Drawer open title="Cart">
        x
      </Drawer>,
    );
    rerender(
      <Drawer open={false} title="Cart">
        x
      </Drawer>,
    );
    // Closed (out of the top layer) but still shown by the drawer's CSS while it slides out.
    const dialog = document.querySelector('dialog');
    const panel = dialog?.querySelector<HTMLElement>('[part="base"]');
    expect(dialog).toHaveAttribute('data-state', 'closed');
    expect(panel).toHaveAttribute('data-state', 'closed');
    act(() => {
      fireEvent.animationEnd(panel!);
    });
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('should drop the slide animation for users who prefer reduced motion', () => {
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*{[^}]*\.shop-drawer__panel\[data-state\]\s*{\s*animation: none;/);
  });

  it('should move focus into the drawer inside a shadow root and back, reading focus from the root', async () => {
    const user = userEvent.setup();
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const mountPoint = document.createElement('div');
    shadow.append(mountPoint);
    render(
      <ElementShell host={host} root={shadow}>
        <Harness name="Account" />
      </ElementShell>,
      { container: mountPoint },
    );
    const view = within(shadow as unknown as HTMLElement);
    await user.click(view.getByRole('button', { name: 'Open Account' }));
    const close = view.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(host);
    expect(shadow.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    expect(shadow.activeElement).toBe(view.getByRole('button', { name: 'Open Account' }));
    host.remove();
  });
});
