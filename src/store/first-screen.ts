import { pageSingleton } from '../page-singleton.ts';

/**
 * What the server rendered the storefront's first screen with, for the loads that screen's own
 * components start (a homepage row's `useRemote`, given the answer as its `initial` data): the server's renderer
 * (elements/storefront-server.tsx) collects those loads in a first pass, runs them, and renders again
 * with their answers; the page carries the answers, so the browser's first render shows the same
 * data without asking again. Each answer is used once: a later visit to the same screen loads afresh.
 *
 * @module
 */

/** A load a component asked for while the server rendered. */
type ServerLoad = () => Promise<unknown>;

interface FirstScreenState {
  /** Answers by `<name>:<key>`, given to the first render that asks and then dropped. */
  answers: Map<string, unknown>;
  /** While the server renders its first pass: the loads asked for, by the same key; null otherwise. */
  wanted: Map<string, ServerLoad> | null;
}

const state = pageSingleton<FirstScreenState>('firstScreen', () => ({ answers: new Map(), wanted: null }));

function answerKey(name: string, key: string): string {
  return `${name}:${key}`;
}

/**
 * The server's answer for load `key` of kind `name`, if the first screen was rendered with one, taken
 * (the next visit to that screen loads afresh); on the server's first pass, records the load instead
 * (it runs before the second pass).
 */
export function takeFirstScreenAnswer<T>(name: string, key: string, load: () => Promise<T>): { data: T } | null {
  const id = answerKey(name, key);
  if (state.answers.has(id)) {
    const data = state.answers.get(id) as T;
    state.answers.delete(id);
    return { data };
  }
  state.wanted?.set(id, load);
  return null;
}

/** Starts recording the loads the server's first pass asks for (the renderer only). */
export function collectFirstScreenLoads(): void {
  state.wanted = new Map();
}

/**
 * Runs the loads recorded since {@link collectFirstScreenLoads} and keeps their answers; a load that
 * fails is left out (its component then loads in the browser, as without server rendering).
 */
export async function runFirstScreenLoads(): Promise<void> {
  const wanted = state.wanted ?? new Map<string, ServerLoad>();
  state.wanted = null;
  await Promise.all(
    [...wanted].map(async ([id, load]) => {
      try {
        state.answers.set(id, await load());
      } catch {
        // The browser loads it.
      }
    }),
  );
}

/** The answers the first screen was rendered with, for the page (JSON). */
export function firstScreenAnswers(): Record<string, unknown> {
  return Object.fromEntries(state.answers);
}

/** Takes in the answers the page carries (the browser, before it hydrates the server's markup). */
export function adoptFirstScreenAnswers(answers: Record<string, unknown>): void {
  for (const [id, data] of Object.entries(answers)) state.answers.set(id, data);
}
