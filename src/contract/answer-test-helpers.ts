import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { resetPageSingletons } from '../page-singleton.ts';

/**
 * What the tests of reading provider answers share: a provider's answer as plain JSON, and the
 * warnings the tolerant reading gives, caught and cleared around each test.
 *
 * @module
 */

/** The spy on `console.warn` of the running test (set by {@link catchWarnings}). */
export let warn: MockInstance<typeof console.warn>;

/** The texts warned so far in the running test. */
export const warnings = (): string[] => warn.mock.calls.map((call) => String(call[0]));

/** Catches `console.warn` in each test of the calling file, starting each with no warnings given. */
export function catchWarnings(): void {
  beforeEach(() => {
    resetPageSingletons();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());
}

/** A deep copy as a provider would send it, with `change` applied. */
// A provider's answer is any JSON: `change` breaks it at will, deep inside, to test each fallback.
// oxlint-disable-next-line typescript/no-explicit-any
export function answer<T>(value: T, change: (copy: any) => void = () => undefined): unknown {
  const copy = JSON.parse(JSON.stringify(value));
  change(copy);
  return copy;
}
