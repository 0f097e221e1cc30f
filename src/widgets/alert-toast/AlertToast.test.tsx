import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, clearAlerts, showAlert } from '../../store/alerts.ts';
import { ALERT_DEFAULT_DURATION_MS, AlertToast } from './AlertToast.tsx';

const toast = (text: string | RegExp) => screen.queryByText(text)?.closest<HTMLElement>('[part="toast"]') ?? null;

beforeEach(() => {
  clearAlerts();
});

describe('AlertToast', () => {
  it('should keep both live regions in the DOM before any alert arrives', () => {
    render(<AlertToast />);
    const status = screen.getByRole('status', { name: 'Notifications (F8)' });
    const alert = screen.getByRole('alert', { name: 'Notifications (F8)' });
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    expect(status).toBeEmptyDOMElement();
    expect(alert).toBeEmptyDOMElement();
  });

  it('should put info and success in the polite region and warning and error in the assertive one', () => {
    render(<AlertToast />);
    const status = screen.getByRole('status');
    const alert = screen.getByRole('alert');
    act(() => {
      showAlert({ type: 'info', content: 'Cart saved' });
      showAlert({ type: 'success', content: 'Order placed' });
      showAlert({ type: 'warning', content: 'Budget almost used' });
      showAlert({ type: 'error', content: 'Payment failed' });
    });
    expect(within(status).getByText('Cart saved')).toBeInTheDocument();
    expect(within(status).getByText('Order placed')).toBeInTheDocument();
    expect(within(alert).getByText('Budget almost used')).toBeInTheDocument();
    expect(within(alert).getByText('Payment failed')).toBeInTheDocument();
    // The same region nodes are still there: they were not re-created with the content.
    expect(screen.getByRole('status')).toBe(status);
  });

  it('should show the type word, header, text content and the type for styling', () => {
    render(<AlertToast />);
    act(() => {
      showAlert({ type: 'error', header: 'Could not save', content: 'Try again later.' });
    });
    const item = toast('Try again later.')!;
    expect(item).toHaveAttribute('data-type', 'error');
    expect(item).toHaveTextContent('Error: Could not save');
    expect(within(item).getByText('Error:', { exact: false })).toHaveClass('shop-visually-hidden');
    expect(within(item).getByText('Could not save')).toBeInTheDocument();
  });

  it('should show list content as a list', () => {
    render(<AlertToast />);
    act(() => {
      showAlert({ type: 'warning', header: 'Check the form', content: ['Street is required', 'City is required'] });
    });
    const list = within(toast('Street is required')!).getByRole('list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Street is required', 'City is required']);
  });

  it('should remove a toast with its Dismiss button', async () => {
    const user = userEvent.setup();
    render(<AlertToast />);
    act(() => {
      showAlert({ type: 'info', content: 'Hello', duration: 0 });
    });
    await user.click(within(toast('Hello')!).getByRole('button', { name: 'Dismiss' }));
    expect(toast('Hello')).toBeNull();
    expect(alerts.value).toEqual([]);
  });

  it('should render the stack only once when two elements both render it', () => {
    render(
      <>
        <AlertToast />
        <AlertToast />
      </>,
    );
    act(() => {
      showAlert({ type: 'info', content: 'Once' });
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getAllByText('Once')).toHaveLength(1);
  });

  describe('timing', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('should hide after 3000 ms by default, not before', () => {
      render(<AlertToast />);
      act(() => {
        showAlert({ type: 'success', content: 'Saved' });
      });
      act(() => vi.advanceTimersByTime(ALERT_DEFAULT_DURATION_MS - 1));
      expect(toast('Saved')).not.toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(toast('Saved')).toBeNull();
      expect(ALERT_DEFAULT_DURATION_MS).toBe(3000);
    });

    it('should follow a custom duration', () => {
      render(<AlertToast />);
      act(() => {
        showAlert({ type: 'info', content: 'Quick', duration: 1000 });
      });
      act(() => vi.advanceTimersByTime(999));
      expect(toast('Quick')).not.toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(toast('Quick')).toBeNull();
    });

    it('should stay until dismissed with duration 0', () => {
      render(<AlertToast />);
      act(() => {
        showAlert({ type: 'error', content: 'Sticky', duration: 0 });
      });
      act(() => vi.advanceTimersByTime(60_000));
      expect(toast('Sticky')).not.toBeNull();
    });

    it('should pause while hovered and go on with the time that was left', () => {
      render(<AlertToast />);
      act(() => {
        showAlert({ type: 'info', content: 'Hover me' });
      });
      act(() => vi.advanceTimersByTime(1000));
      fireEvent.mouseEnter(toast('Hover me')!);
      act(() => vi.advanceTimersByTime(10_000));
      expect(toast('Hover me')).not.toBeNull();
      fireEvent.mouseLeave(toast('Hover me')!);
      act(() => vi.advanceTimersByTime(1999));
      expect(toast('Hover me')).not.toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(toast('Hover me')).toBeNull();
    });

    it('should pause while focus is inside the toast', () => {
      render(<AlertToast />);
      act(() => {
        showAlert({ type: 'warning', content: 'Focus me' });
      });
      const dismiss = within(toast('Focus me')!).getByRole('button', { name: 'Dismiss' });
      act(() => dismiss.focus());
      act(() => vi.advanceTimersByTime(10_000));
      expect(toast('Focus me')).not.toBeNull();
      act(() => dismiss.blur());
      act(() => vi.advanceTimersByTime(ALERT_DEFAULT_DURATION_MS));
      expect(toast('Focus me')).toBeNull();
    });

    it('should time each toast on its own', () => {
      render(<AlertToast />);
      act(() => {
        showAlert({ type: 'info', content: 'First' });
      });
      act(() => vi.advanceTimersByTime(2000));
      act(() => {
        showAlert({ type: 'info', content: 'Second' });
      });
      act(() => vi.advanceTimersByTime(1000));
      expect(toast('First')).toBeNull();
      expect(toast('Second')).not.toBeNull();
      act(() => vi.advanceTimersByTime(2000));
      expect(toast('Second')).toBeNull();
    });
  });

  describe('from the keyboard', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('should take focus to the newest toast with F8, named in the regions, and hold it while focused', async () => {
      render(
        <>
          <button type="button">Add to cart</button>
          <AlertToast />
        </>,
      );
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
      const opener = screen.getByRole('button', { name: 'Add to cart' });
      opener.focus();
      act(() => {
        showAlert({ type: 'success', content: 'Older' });
        showAlert({ type: 'success', content: 'Added' });
      });
      await user.keyboard('{F8}');
      expect(document.activeElement).toBe(within(toast('Added')!).getByRole('button', { name: 'Dismiss' }));
      act(() => vi.advanceTimersByTime(30_000));
      expect(toast('Added')).not.toBeNull();
      // Escape dismisses it; focus goes to the other toast, then back to where it was.
      await user.keyboard('{Escape}');
      expect(toast('Added')).toBeNull();
      expect(document.activeElement).toBe(within(toast('Older')!).getByRole('button', { name: 'Dismiss' }));
      await user.keyboard('{Enter}');
      expect(toast('Older')).toBeNull();
      expect(document.activeElement).toBe(opener);
    });

    it('should leave F8 alone when there is no toast, and with a modifier', async () => {
      render(<AlertToast />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
      const noToast = new KeyboardEvent('keydown', { key: 'F8', bubbles: true, cancelable: true });
      document.dispatchEvent(noToast);
      expect(noToast.defaultPrevented).toBe(false);
      act(() => {
        showAlert({ type: 'info', content: 'Hello' });
      });
      await user.keyboard('{Shift>}{F8}{/Shift}');
      expect(document.activeElement).toBe(document.body);
    });
  });
});
