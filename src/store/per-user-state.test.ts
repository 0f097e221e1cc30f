import { signal, type Signal } from '@preact/signals-react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPageSingletons } from '../page-singleton.ts';
import { perUserState, type StateBinding, type StateOwner } from './per-user-state.ts';

/** Another tab writes `key`; this tab gets the storage event. */
function writeElsewhere(key: string, value: string): void {
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

let created = 0;

/** A store following `owner`, recording what it is told (each test gets its own page-singleton id). */
function follow(owner: Signal<StateOwner | null>, alsoWatch: string[] = []) {
  const switches: [string | null, string | null][] = [];
  const elsewhere: string[] = [];
  const state = perUserState({
    id: `test-store-${(created += 1)}`,
    name: 'thing',
    alsoWatch,
    owner: () => owner.value,
    switched: (next: StateBinding | null, previous: StateBinding | null) => switches.push([previous?.key ?? null, next?.key ?? null]),
    changedElsewhere: (binding) => elsewhere.push(binding.key),
  });
  state.start();
  return { state, switches, elsewhere };
}

afterEach(() => localStorage.clear());

describe('perUserState', () => {
  it('should bind at start, follow every change of owner, and ignore a change that keeps the key', () => {
    const owner = signal<StateOwner | null>(null);
    const { state, switches } = follow(owner);
    expect(state.binding).toBeNull();
    owner.value = { shop: 'acme', userId: null };
    owner.value = { shop: 'acme', userId: null };
    owner.value = { shop: 'acme', userId: 7 };
    owner.value = null;
    expect(switches).toEqual([
      [null, 'shop-elements:acme:guest:thing'],
      ['shop-elements:acme:guest:thing', 'shop-elements:acme:u7:thing'],
      ['shop-elements:acme:u7:thing', null],
    ]);
    expect(state.binding).toBeNull();
  });

  it("should pass on another tab's change to the bound entries only, and stop listening after a switch", () => {
    const owner = signal<StateOwner | null>({ shop: 'acme', userId: 7 });
    const { state, elsewhere } = follow(owner, ['contact']);
    writeElsewhere('shop-elements:acme:u7:thing', '1');
    writeElsewhere('shop-elements:acme:u7:contact', '2');
    writeElsewhere('shop-elements:acme:u8:thing', '3');
    expect(elsewhere).toEqual(['shop-elements:acme:u7:thing', 'shop-elements:acme:u7:thing']);
    owner.value = { shop: 'acme', userId: 8 };
    writeElsewhere('shop-elements:acme:u7:thing', '4');
    writeElsewhere('shop-elements:acme:u8:thing', '5');
    expect(elsewhere).toEqual(['shop-elements:acme:u7:thing', 'shop-elements:acme:u7:thing', 'shop-elements:acme:u8:thing']);
    expect(state.keyOf({ shop: 'acme', userId: 8 }, 'contact')).toBe('shop-elements:acme:u8:contact');
  });

  it('should stop following on a fresh page, and bind from nothing at the next start as a newly loaded page does', () => {
    const owner = signal<StateOwner | null>({ shop: 'globex', userId: null });
    const { state, switches, elsewhere } = follow(owner);
    resetPageSingletons();
    expect(state.binding).toBeNull();
    writeElsewhere('shop-elements:globex:guest:thing', '1');
    owner.value = { shop: 'globex', userId: 3 };
    expect(elsewhere).toEqual([]);
    expect(switches).toEqual([[null, 'shop-elements:globex:guest:thing']]);
    state.start();
    expect(switches).toEqual([
      [null, 'shop-elements:globex:guest:thing'],
      [null, 'shop-elements:globex:u3:thing'],
    ]);
  });

  it('should start once per page, however many times it is asked', () => {
    const owner = signal<StateOwner | null>(null);
    const { state, switches } = follow(owner);
    state.start();
    owner.value = { shop: 'acme', userId: 1 };
    expect(switches).toHaveLength(1);
  });
});
