import { signal } from '@preact/signals-react';
import { pageSingleton } from '../page-singleton.ts';

/**
 * What the server rendered the storefront's first screen with, for the loads that screen's own
 * components start (a homepage row's `useRemote`, given the answer as its `initial` data): the server's renderer
 * (elements/storefront-server.tsx) collects those loads in a first pass, runs them, and renders again
 * with their answers; the page carries the answers, so the browser's first render shows the same
 * data without asking again. The shared stores the screen shows (the catalogue's page, the product)
 * load through {@link firstScreenAnswer}, so they travel in the page too. The answers stand until the
 * browser leaves the first screen ({@link dropFirstScreenAnswers}): a later visit loads afresh.
 *
 * @module
 */

/** A load a component asked for while the server rendered. */
type ServerLoad = () => Promise<unknown>;

interface FirstScreenState {
  /** Answers by `<name>:<key>`, given to whoever asks until they are dropped. */
  answers: Map<string, unknown>;
  /** On the server: the answers of the stores' loads are kept for the page too. */
  keeping: boolean;
  /** While the server renders its first pass: the loads asked for, by the same key; null otherwise. */
  wanted: Map<string, ServerLoad> | null;
}

const state = pageSingleton<FirstScreenState>('firstScreen', () => ({ answers: new Map(), wanted: null, keeping: false }));

function answerKey(name: string, key: string): string {
  return `${name}:${key}`;
}

/**
 * The server's answer for load `key` of kind `name`, if the first screen was rendered with one (a
 * component's render asks: it cannot wait); on the server's first pass, records the load instead (it
 * runs before the second pass).
 */
export function takeFirstScreenAnswer<T>(name: string, key: string, load: () => Promise<T>): { data: T } | null {
  const id = answerKey(name, key);
  if (state.answers.has(id)) return { data: state.answers.get(id) as T };
  state.wanted?.set(id, load);
  return null;
}

/**
 * The answer the first screen was rendered with for load `key` of kind `name`, if the page carries
 * one: a store shows it at once, without passing through a loading state after hydration.
 */
export function heldFirstScreenAnswer<T>(name: string, key: string): { data: T } | null {
  const id = answerKey(name, key);
  return state.answers.has(id) ? { data: state.answers.get(id) as T } : null;
}

/**
 * A store's load `key` of kind `name`: the answer the first screen was rendered with when the page
 * carries one (the same object each time, so a store set from it again changes nothing), else `load`'s,
 * which the server keeps for its page ({@link keepFirstScreenAnswers}).
 */
export async function firstScreenAnswer<T>(name: string, key: string, load: () => Promise<T>): Promise<T> {
  const id = answerKey(name, key);
  if (state.answers.has(id)) return state.answers.get(id) as T;
  const data = await load();
  if (state.keeping) state.answers.set(id, data);
  return data;
}

/** From now on the stores' loads keep their answers for the page (the server's renderer only). */
export function keepFirstScreenAnswers(): void {
  state.keeping = true;
}

/** The browser left the first screen: every later load asks the API. */
export function dropFirstScreenAnswers(): void {
  state.answers.clear();
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

/**
 * True while the first screen renders as the server renders it: on the server, and in the browser
 * until the server's markup is hydrated. What lives only in the browser then renders as the server
 * has it (the stored cart's count as an empty cart's badge, which keeps its place; no popup, whose
 * "closed" lives in the session's storage), and fills in once hydrated.
 */
export const renderingAsServer = pageSingleton('firstScreen.asServer', () => signal(false));

/**
 * What a screen's module may export beside its screen: loads the shared stores its first render reads,
 * as its own effects would load them, so that render shows them. The server renders the first screen
 * after it (elements/storefront-server.tsx), and the browser runs it again before it hydrates that
 * markup (src/app/prepare-hydration.ts), answered from what the page carries. Run by `prepareScreen`
 * (src/app/screens.tsx).
 */
export type PrepareFirstScreen = (path: string, params: Readonly<Record<string, string>>) => Promise<void>;
