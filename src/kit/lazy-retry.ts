import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded component whose failed load can be tried again (React's `lazy` keeps a failure forever). */
export type RetryableLazy<P> = ComponentType<P> & {
  /** Starts loading the code now; resolves when it is there. */
  preload: () => Promise<unknown>;
};

interface Entry {
  load: () => Promise<unknown>;
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
  const entry: Entry = {
    load,
    // `loaded`: the module a retry already has, so rendering does not load it a second time.
    reset: (loaded) => {
      current = lazy(async () => {
        try {
          return { default: pick(loaded === undefined ? await load() : (loaded as M)) };
        } catch (error) {
          failed.add(entry);
          if (typeof error === 'object' && error !== null) loadErrors.add(error);
          throw error;
        }
      });
    },
  };
  entry.reset();
  // A plain component reading `current` at render: after a reset the boundary remounts it and it
  // renders the new `lazy`.
  function Lazy(props: P) {
    return createElement(current as unknown as ComponentType<P>, props);
  }
  return Object.assign(Lazy, { preload: load });
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
