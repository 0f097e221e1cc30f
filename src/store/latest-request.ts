/**
 * "Only the latest request counts": a store that loads on demand (a product, a catalogue page, a cart
 * check) starts each load here. Starting one aborts the one before, and an answer that arrives after a
 * newer load started, or after a cancel, is recognised as stale and dropped by its caller.
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
