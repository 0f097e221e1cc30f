import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { retryableLazy } from './lazy-retry.ts';

function Loaded() {
  return <p>loaded</p>;
}

describe('retryableLazy', () => {
  it('should suspend while its code loads the first time', async () => {
    const Lazy = retryableLazy(async () => ({ Loaded }), (module) => module.Loaded);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('should render preloaded code in the same render, without suspending (so hydration keeps the server markup)', async () => {
    const Lazy = retryableLazy(async () => ({ Loaded }), (module) => module.Loaded);
    await Lazy.preload();
    // A spy rather than a counter outside the component: rendering must not reassign outer variables.
    const fallbackRendered = vi.fn();
    function Fallback() {
      fallbackRendered();
      return <p>waiting</p>;
    }
    await act(async () => {
      render(
        <Suspense fallback={<Fallback />}>
          <Lazy />
        </Suspense>,
      );
    });
    expect(screen.getByText('loaded')).toBeInTheDocument();
    expect(fallbackRendered).not.toHaveBeenCalled();
  });
});
