import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_OFFSET_PX, Tooltip } from './Tooltip.tsx';

function renderTooltip(props: Partial<Parameters<typeof Tooltip>[0]> = {}) {
  return render(
    <div>
      <Tooltip content="Prices include VAT" {...props}>
        <button type="button">Price info</button>
      </Tooltip>
      <p>Elsewhere</p>
    </div>,
  );
}

/** Puts the trigger at a known place, so the tooltip's computed position shows the offset. */
function placeTrigger(button: HTMLElement, rect: { x: number; y: number; width: number; height: number }) {
  // jsdom lays nothing out: give the viewport a size so flip/shift see room on every side.
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1024);
  vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(768);
  const domRect = { ...rect, top: rect.y, left: rect.x, right: rect.x + rect.width, bottom: rect.y + rect.height, toJSON: () => rect };
  vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(domRect as DOMRect);
}

function translation(element: HTMLElement): { x: number; y: number } {
  const match = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(element.style.transform);
  return { x: Number(match?.[1]), y: Number(match?.[2]) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Tooltip', () => {
  it('should be hidden until the trigger is hovered, and hide again when the pointer leaves', async () => {
    const user = userEvent.setup();
    renderTooltip();
    const trigger = screen.getByRole('button', { name: 'Price info' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(trigger);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Prices include VAT');
    expect(screen.getByRole('tooltip')).toHaveAttribute('data-state', 'open');
    await user.unhover(trigger);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('should describe the trigger with aria-describedby and show on keyboard focus, hiding on blur', async () => {
    const user = userEvent.setup();
    renderTooltip();
    const trigger = screen.getByRole('button', { name: 'Price info' });
    expect(trigger).toHaveAccessibleDescription('Prices include VAT');
    await user.tab();
    expect(trigger).toHaveFocus();
    const tooltip = screen.getByRole('tooltip');
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('should keep an aria-describedby the trigger already had', () => {
    render(
      <>
        <p id="hint">Extra hint</p>
        <Tooltip content="Tip">
          <button type="button" aria-describedby="hint">
            Go
          </button>
        </Tooltip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAccessibleDescription('Extra hint Tip');
  });

  it('should close on Escape', async () => {
    const user = userEvent.setup();
    renderTooltip();
    await user.hover(screen.getByRole('button', { name: 'Price info' }));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('should close on a click outside, but not on a click on the trigger', async () => {
    const user = userEvent.setup();
    renderTooltip({ defaultOpen: true });
    await user.click(screen.getByRole('button', { name: 'Price info' }));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('should toggle on click with trigger="click" and ignore hover', async () => {
    const user = userEvent.setup();
    renderTooltip({ trigger: 'click' });
    const trigger = screen.getByRole('button', { name: 'Price info' });
    await user.hover(trigger);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.click(trigger);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.click(trigger);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('should follow a controlled open prop and report changes through onOpenChange', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <Tooltip
          content="Tip"
          open={open}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
        >
          <button type="button">Go</button>
        </Tooltip>
      );
    }
    render(<Controlled />);
    await user.hover(screen.getByRole('button'));
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.unhover(screen.getByRole('button'));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('should stay shut when controlled closed even if hovered', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Tip" open={false}>
        <button type="button">Go</button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('should keep the handlers and ref of the trigger', async () => {
    const user = userEvent.setup();
    const onMouseEnter = vi.fn();
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <Tooltip content="Tip">
        <button type="button" ref={ref} onMouseEnter={onMouseEnter}>
          Go
        </button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button'));
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    expect(ref.current).toBe(screen.getByRole('button'));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });

  it('should sit 8 px above the trigger by default (placement top)', async () => {
    renderTooltip();
    const trigger = screen.getByRole('button', { name: 'Price info' });
    placeTrigger(trigger, { x: 100, y: 200, width: 60, height: 20 });
    act(() => fireEvent.mouseEnter(trigger));
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveAttribute('data-placement', 'top');
    // The tooltip measures 0×0 in jsdom: its bottom edge (= its top) sits TOOLTIP_OFFSET_PX above the trigger.
    await waitFor(() => expect(translation(tooltip).y).toBe(200 - TOOLTIP_OFFSET_PX));
    expect(translation(tooltip).x).toBe(130);
    expect(TOOLTIP_OFFSET_PX).toBe(8);
  });

  it('should honour another placement', async () => {
    renderTooltip({ placement: 'bottom' });
    const trigger = screen.getByRole('button', { name: 'Price info' });
    placeTrigger(trigger, { x: 100, y: 200, width: 60, height: 20 });
    act(() => fireEvent.mouseEnter(trigger));
    const tooltip = screen.getByRole('tooltip');
    await waitFor(() => expect(translation(tooltip).y).toBe(220 + TOOLTIP_OFFSET_PX));
    expect(tooltip).toHaveAttribute('data-placement', 'bottom');
  });
});
