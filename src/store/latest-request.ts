/**
 * "Only the latest request counts", the one primitive every load of the storefront starts on. Starting a
 * load aborts the one before, and an answer that arrives after a newer load started, or after a cancel,
 * is recognised as stale and dropped by its caller.
 *
 * The rule for loading, one of two ways:
 * - data that several elements share, or that outlives a screen (the product, the catalogue page, the
 *   cart check), lives in a store slot: a signal plus one `latestRequest()` kept in a `pageSingleton`,
 *   whose actions start and cancel its loads;
 * - data that one screen shows and forgets when it goes is loaded through `useRemote`
 *   (`src/screens/use-remote.ts`), which keeps one `latestRequest()` per mounted screen.
 * No screen loads from a hand-written effect; a user's action that must not overlap itself (order again)
 * may start its calls on its own `latestRequest()`.
 *
 * @module
 */

/** One started load: its abort signal, and whether its answer still counts. */
export interface RequestRun {
  /** Pass to the API call; aborted when a newer load starts or the load is cancelled. */
  readonly signal: AbortSignal;
  /**
   * Call once the answer (or the failure) is in: true when this run is still the latest, which then
   * ends it; false when a newer load or a cancel replaced it, and its answer must be dropped.
   */
  settle(): boolean;
}

/** The latest load of one kind of data. */
export interface LatestRequest {
  /** Aborts the load in flight, if any, and starts a new one. */
  start(): RequestRun;
  /** Aborts the load in flight, if any (the screen went away); what is shown stays. */
  cancel(): void;
  /** Whether a load is in flight. */
  readonly busy: boolean;
}

/** A new "latest request wins" slot (keep one per kind of data, e.g. in a `pageSingleton`). */
export function latestRequest(): LatestRequest {
  let current: AbortController | null = null;
  const cancel = () => {
    current?.abort();
    current = null;
  };
  return {
    start() {
      cancel();
      const controller = new AbortController();
      current = controller;
      return {
        signal: controller.signal,
        settle() {
          if (current !== controller) return false;
          current = null;
          return true;
        },
      };
    },
    cancel,
    get busy() {
      return current !== null;
    },
  };
}
