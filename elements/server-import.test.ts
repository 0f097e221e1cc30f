// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { elementEntries } from '../build/element-entries.ts';

/**
 * Next.js, Nuxt, Astro, SvelteKit and Remix evaluate a page's imports on the server too: there an
 * entry must import without a DOM, define nothing and throw nothing (the packed tarball is tried the
 * same way in tests/e2e/package.spec.ts).
 */
describe('importing the element entries where there is no DOM', () => {
  it('runs in a realm with no HTMLElement and no custom element registry', () => {
    expect(typeof HTMLElement).toBe('undefined');
    expect(typeof customElements).toBe('undefined');
  });

  for (const [name, file] of Object.entries(elementEntries())) {
    it(`imports ${name} without throwing, its element class a stand-in`, async () => {
      const entry = (await import(`../${file}`)) as Record<string, unknown>;
      const classes = Object.values(entry).filter((value) => typeof value === 'function');
      expect(entry).toBeTypeOf('object');
      for (const elementClass of classes) expect(() => new (elementClass as new () => object)()).not.toThrow();
    });
  }
});
