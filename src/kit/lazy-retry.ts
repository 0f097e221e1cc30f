import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded component whose failed load can be tried again (React's `lazy` keeps a failure forever). */
export type RetryableLazy<P> = ComponentType<P> & {
  /** Starts loading the code now; resolves when it is there. */
  preload: () => Promise<unknown>;
  /** Whether the code is here: the component renders without suspending. */
  isLoaded: () => boolean;
};

interface Entry {
  load: () => Promise<unknown>;
  /** The module once it has loaded: a render after that needs no wait. */
  loaded?: unknown;
  /** Swaps in a fresh `lazy`, so the next render calls the loader again. */
  reset: (loaded?: unknown) => void;
}

/** Loads that failed since the last retry. */
const failed = new Set<Entry>();
/** The errors those loads threw, to tell a failed download from a screen that failed to render. */
const loadErrors = new WeakSet<object>();

/** Whether `error` is a failed load of a {@link retryableLazy}'s code. */
export function isLoadFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && loadErrors.has(error);
}

/** The page reload that is the last resort of a retry; tests replace it. */
export const pageReload = { run: () => window.location.reload() };

/**
 * `React.lazy` whose failure can be retried: a browser keeps a failed `import()` failed for the
 * document's life (the module map remembers it), and `lazy` keeps its rejected promise, so a second
 * render would fail at once. Each failure is remembered here until {@link retryFailedLoads} or
 * {@link forgetFailedLoads} swaps in a fresh `lazy`.
 *
 * `pick` takes the component from the loaded module.
 */
export function retryableLazy<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): RetryableLazy<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const remember = (module: M): M => {
    entry.loaded = module;
    return module;
  };
  const entry: Entry = {
    load: () => load().then(remember),
    // `loaded`: the module a retry already has, so rendering does not load it a second time.
    reset: (loaded) => {
      if (loaded !== undefined) entry.loaded = loaded;
      current = lazy(() => {
        // Code already here (preloaded, or rendered before) renders at once: a lazy component that
        // suspends while React hydrates the server's markup would give up that markup on the next update.
        if (entry.loaded !== undefined) return settled({ default: pick(entry.loaded as M) }) as Promise<{ default: ComponentType<P> }>;
        return entry.load().then(
          (module) => ({ default: pick(module as M) }),
          (error: unknown) => {
            failed.add(entry);
            if (typeof error === 'object' && error !== null) loadErrors.add(error);
            throw error;
          },
        );
      });
    },
  };
  entry.reset();
  // A plain component reading `current` at render: after a reset the boundary remounts it and it
  // renders the new `lazy`.
  function Lazy(props: P) {
    return createElement(current as unknown as ComponentType<P>, props);
  }
  return Object.assign(Lazy, { preload: entry.load, isLoaded: () => entry.loaded !== undefined });
}

/**
 * A thenable that is already fulfilled and calls back at once: React's `lazy` then renders the
 * component in the same render instead of suspending (a promise calls back only on a later turn).
 */
function settled<T>(value: T): PromiseLike<T> {
  // oxlint-disable-next-line no-thenable -- a synchronous thenable is what lets `lazy` skip suspending.
  return { then: (onFulfilled) => settled(onFulfilled ? (onFulfilled(value) as never) : (value as never)) } as PromiseLike<T>;
}

/** Whether some lazily loaded code failed to load since the last retry. */
export function hasFailedLoads(): boolean {
  return failed.size > 0;
}

/**
 * Forgets the failed loads so the next render tries each again (e.g. after navigating elsewhere), with
 * no network call now.
 */
export function forgetFailedLoads(): void {
  for (const entry of failed) entry.reset();
  failed.clear();
}

/**
 * Loads every failed piece of code again. Resolves true when all loaded (the caller re-renders), false
 * when one still fails: the browser may keep a failed module failed, so only a reload can bring it
 * back (and a release that removed the old chunks needs the new entry anyway).
 */
export async function retryFailedLoads(): Promise<boolean> {
  const entries = [...failed];
  failed.clear();
  const results = await Promise.allSettled(entries.map((entry) => entry.load()));
  let all = true;
  results.forEach((result, index) => {
    const entry = entries[index];
    if (!entry) return;
    if (result.status === 'fulfilled') entry.reset(result.value);
    else {
      all = false;
      failed.add(entry);
    }
  });
  return all;
}
