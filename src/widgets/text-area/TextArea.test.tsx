import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHARACTERS_LEFT_ANNOUNCE_DELAY_MS, TextArea } from './TextArea.tsx';

describe('TextArea', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should give its textarea an accessible name from the label', () => {
    render(<TextArea label="Comment" />);
    expect(screen.getByRole('textbox', { name: 'Comment' })).toBeInTheDocument();
  });

  it('should count the characters left live and stop at maxLength', async () => {
    render(<TextArea label="Comment" maxLength={10} />);
    const textarea = screen.getByRole('textbox', { name: 'Comment' });
    expect(textarea).toHaveAccessibleDescription('10 characters left');
    await userEvent.type(textarea, 'Hello');
    expect(textarea).toHaveAccessibleDescription('5 characters left');
    await userEvent.type(textarea, ' world, again');
    expect(textarea).toHaveValue('Hello worl');
    expect(textarea).toHaveAccessibleDescription('0 characters left');
  });

  it('should count a controlled value and a default value', () => {
    const { rerender } = render(<TextArea label="Note" maxLength={20} defaultValue="abc" />);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAccessibleDescription('17 characters left');
    rerender(<TextArea label="Other" maxLength={20} value="abcdefgh" onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Other' })).toHaveAccessibleDescription('12 characters left');
  });

  it('should announce the count politely once typing pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { container } = render(<TextArea label="Comment" maxLength={10} />);
    const live = container.querySelector('[aria-live="polite"]');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'abc');
    act(() => {
      vi.advanceTimersByTime(CHARACTERS_LEFT_ANNOUNCE_DELAY_MS);
    });
    expect(live).toHaveTextContent('7 characters left');
  });

  it('should have no counter without maxLength', () => {
    render(<TextArea label="Comment" hint="Optional" />);
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription('Optional');
    expect(screen.queryByText(/characters left/)).not.toBeInTheDocument();
  });

  it('should mark an error', () => {
    render(<TextArea label="Comment" error="This element is required" />);
    const textarea = screen.getByRole('textbox', { name: 'Comment' });
    expect(textarea).toBeInvalid();
    expect(textarea).toHaveAccessibleDescription('This element is required');
  });
});
