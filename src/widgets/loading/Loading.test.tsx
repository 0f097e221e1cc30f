import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LOADING_OPACITY, Loading } from './Loading.tsx';

function renderLoading(loading: boolean, onClick = vi.fn()) {
  const view = render(
    <Loading loading={loading}>
      <button type="button" onClick={onClick}>
        Reorder
      </button>
    </Loading>,
  );
  const content = screen.getByRole('button', { name: 'Reorder' }).parentElement!;
  const region = content.parentElement!;
  return { ...view, content, region };
}

describe('Loading', () => {
  it('should mark the region busy, dim the content to 50 % and block the pointer while loading', () => {
    const { content, region } = renderLoading(true);
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(LOADING_OPACITY).toBe(0.5);
    expect(getComputedStyle(content).opacity).toBe('0.5');
    expect(getComputedStyle(content).pointerEvents).toBe('none');
  });

  it('should keep the content in the DOM and show a spinner with a spoken Loading text', () => {
    renderLoading(true);
    expect(screen.getByRole('button', { name: 'Reorder' })).toBeInTheDocument();
    expect(screen.getByText('Loading…')).toHaveClass('shop-visually-hidden');
    expect(document.querySelector('[part="spinner"]')).toBeInTheDocument();
  });

  it('should ignore clicks on the content while loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderLoading(true, onClick);
    await expect(user.click(screen.getByRole('button', { name: 'Reorder' }))).rejects.toThrow(/pointer-events/);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('should be plain, clickable content when not loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { content, region } = renderLoading(false, onClick);
    expect(region).not.toHaveAttribute('aria-busy');
    expect(getComputedStyle(content).opacity).not.toBe('0.5');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('should use a custom spoken label', () => {
    render(
      <Loading loading label="Loading orders">
        x
      </Loading>,
    );
    expect(screen.getByText('Loading orders')).toBeInTheDocument();
  });
});
