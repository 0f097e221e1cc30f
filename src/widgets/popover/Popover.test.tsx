import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPOVER_HIDE_DELAY_MS, POPOVER_OFFSET_PX, Popover, type PopoverProps } from './Popover.tsx';

function renderPopover(props: Partial<PopoverProps> = {}) {
  return render(
    <div>
      <button type="button">Before</button>
      <Popover
        title="Delivery"
        content={
          <p>
            Ships in 2 days. <a href="#terms">Terms</a> <button type="button">Notify me</button>
          </p>
        }
        {...props}
      >
        <button type="button">Delivery info</button>
      </Popover>
      <button type="button">After</button>
      <p>Elsewhere</p>
    </div>,
  );
}

const trigger = () => screen.getByRole('button', { name: 'Delivery info' });
const popover = () => screen.queryByRole('dialog', { name: 'Delivery' });

describe('Popover', () => {
  describe('hover timing', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    // The steps between leaving and the checks are synchronous (fireEvent, act), so the wall clock that
    // shouldAdvanceTime follows cannot slip a few real milliseconds in between.
    it('should hide exactly 100 ms after the pointer left the trigger (not at 99 ms)', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderPopover();
      await user.hover(trigger());
      expect(popover()).toBeInTheDocument();
      fireEvent.mouseLeave(trigger());
      act(() => vi.advanceTimersByTime(POPOVER_HIDE_DELAY_MS - 1));
      expect(popover()).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(popover()).not.toBeInTheDocument();
      expect(POPOVER_HIDE_DELAY_MS).toBe(100);
    });

    it('should stay open while the pointer is over the popover, and hide 100 ms after it leaves it', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderPopover();
      await user.hover(trigger());
      await user.hover(popover()!);
      act(() => vi.advanceTimersByTime(1000));
      expect(popover()).toBeInTheDocument();
      fireEvent.mouseLeave(popover()!);
      act(() => vi.advanceTimersByTime(POPOVER_HIDE_DELAY_MS - 1));
      expect(popover()).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(popover()).not.toBeInTheDocument();
    });

    it('should stay open when the pointer comes back to the trigger within the delay', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderPopover();
      await user.hover(trigger());
      await user.unhover(trigger());
      act(() => vi.advanceTimersByTime(50));
      await user.hover(trigger());
      act(() => vi.advanceTimersByTime(500));
      expect(popover()).toBeInTheDocument();
    });

    it('should not open on hover with trigger="click"', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderPopover({ trigger: 'click' });
      await user.hover(trigger());
      act(() => vi.advanceTimersByTime(500));
      expect(popover()).not.toBeInTheDocument();
      await user.click(trigger());
      expect(popover()).toBeInTheDocument();
      await user.unhover(trigger());
      act(() => vi.advanceTimersByTime(500));
      expect(popover()).toBeInTheDocument();
      await user.click(trigger());
      expect(popover()).not.toBeInTheDocument();
    });
  });

  it('should be a labelled, non-modal dialog linked from an expanded trigger', async () => {
    const user = userEvent.setup();
    renderPopover();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveAttribute('aria-haspopup', 'dialog');
    await user.hover(trigger());
    const dialog = popover()!;
    expect(dialog).not.toHaveAttribute('aria-modal');
    expect(dialog).toHaveAttribute('data-state', 'open');
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(trigger()).toHaveAttribute('aria-controls', dialog.id);
  });

  it('should take its name from label, or from the trigger when it has neither title nor label', () => {
    const { unmount } = renderPopover({ title: undefined, label: 'Shipping details', defaultOpen: true });
    expect(screen.getByRole('dialog', { name: 'Shipping details' })).toBeInTheDocument();
    unmount();
    renderPopover({ title: undefined, defaultOpen: true });
    expect(screen.getByRole('dialog', { name: 'Delivery info' })).toBeInTheDocument();
  });

  it('should open on keyboard focus and on a press (touch), not only on hover', async () => {
    const user = userEvent.setup();
    renderPopover();
    await user.tab();
    await user.tab();
    expect(trigger()).toHaveFocus();
    expect(popover()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(popover()).not.toBeInTheDocument();
    fireEvent.click(trigger());
    expect(popover()).toBeInTheDocument();
  });

  it('should close on Escape and return focus to the trigger when focus was inside', async () => {
    const user = userEvent.setup();
    renderPopover();
    trigger().focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(popover()).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('should close on a click outside but not on a click inside', async () => {
    const user = userEvent.setup();
    renderPopover({ trigger: 'click' });
    await user.click(trigger());
    await user.click(screen.getByText(/Ships in 2 days/));
    expect(popover()).toBeInTheDocument();
    await user.click(screen.getByText('Elsewhere'));
    expect(popover()).not.toBeInTheDocument();
  });

  it('should return focus to the trigger when an outside click closes it while focus was inside', async () => {
    const user = userEvent.setup();
    renderPopover({ trigger: 'click' });
    await user.click(trigger());
    await user.tab();
    const notify = screen.getByRole('button', { name: 'Notify me' });
    notify.focus();
    // A press on something that cannot take focus leaves focus where it was (inside the popover).
    fireEvent.mouseDown(screen.getByText('Elsewhere'), { clientX: 5, clientY: 5 });
    fireEvent.mouseUp(screen.getByText('Elsewhere'), { clientX: 5, clientY: 5 });
    expect(popover()).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('should move Tab from the trigger into the popover and past its end to what follows the trigger', async () => {
    const user = userEvent.setup();
    renderPopover();
    await user.tab();
    await user.tab();
    expect(trigger()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Notify me' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(trigger()).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(popover()).not.toBeInTheDocument();
  });

  it('should close when focus moves to another control outside', async () => {
    const user = userEvent.setup();
    renderPopover();
    await user.tab();
    await user.tab();
    expect(popover()).toBeInTheDocument();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
    expect(popover()).not.toBeInTheDocument();
  });

  it('should report open changes and obey a controlled open prop', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderPopover({ open: false, onOpenChange });
    await user.hover(trigger());
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(popover()).not.toBeInTheDocument();
  });

  it('should sit 10 px above the trigger by default (placement top)', async () => {
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1024);
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(768);
    renderPopover();
    const rect = { x: 100, y: 300, width: 80, height: 30 };
    vi.spyOn(trigger(), 'getBoundingClientRect').mockReturnValue({ ...rect, top: 300, left: 100, right: 180, bottom: 330, toJSON: () => rect } as DOMRect);
    act(() => fireEvent.mouseEnter(trigger()));
    const dialog = popover()!;
    expect(dialog).toHaveAttribute('data-placement', 'top');
    await waitFor(() => expect(dialog.style.transform).toBe(`translate(140px, ${300 - POPOVER_OFFSET_PX}px)`));
    expect(POPOVER_OFFSET_PX).toBe(10);
    vi.restoreAllMocks();
  });
});
