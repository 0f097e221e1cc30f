import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRemote } from './use-remote.ts';

/** A load whose answers the test gives by hand, recording each call's signal. */
function manualLoad() {
  const calls: { signal: AbortSignal; resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const load = (signal: AbortSignal) => new Promise<string>((resolve, reject) => calls.push({ signal, resolve, reject }));
  return { calls, load };
}

describe('useRemote', () => {
  it('should keep only the answer of the load started last, aborting the one before', async () => {
    const { calls, load } = manualLoad();
    const { result, rerender } = renderHook(({ key }) => useRemote(key, load), { initialProps: { key: 'a' } });
    rerender({ key: 'b' });
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => {
      calls[1]?.resolve('second');
      calls[0]?.resolve('first');
    });
    expect(result.current).toMatchObject({ status: 'ready', data: 'second' });
  });

  it('should abort the load in flight when the screen goes, and load nothing for a null key', () => {
    const { calls, load } = manualLoad();
    const { unmount } = renderHook(() => useRemote('a', load));
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
    const idle = renderHook(() => useRemote(null, load));
    expect(calls).toHaveLength(1);
    expect(idle.result.current.status).toBe('loading');
  });

  it('should show an error, keep the data before it, and load again on reload', async () => {
    const { calls, load } = manualLoad();
    const { result } = renderHook(() => useRemote('a', load));
    await act(async () => calls[0]?.resolve('first'));
    act(() => result.current.reload());
    await act(async () => calls[1]?.reject(new Error('down')));
    expect(result.current).toMatchObject({ status: 'error', data: 'first' });
    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    await act(async () => calls[2]?.resolve('again'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'again', error: null });
  });

  it('should start from the initial data without loading, and load on a reload or another key', async () => {
    const { calls, load } = manualLoad();
    const { result, rerender } = renderHook(({ key }) => useRemote(key, load, { initial: { data: 'from the server' } }), { initialProps: { key: 'a' } });
    // The first render already shows it: the browser's first render matches the server's markup.
    expect(result.current).toMatchObject({ status: 'ready', data: 'from the server' });
    expect(calls).toHaveLength(0);
    act(() => result.current.reload());
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]?.resolve('fresh'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'fresh' });
    rerender({ key: 'b' });
    expect(calls).toHaveLength(2);
  });
});
