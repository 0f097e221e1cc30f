import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots.ts';

describe('robotsTxt', () => {
  it("should let crawlers read an open shop but not its per-person screens, and keep them out of a closed one", () => {
    const open = robotsTxt(true);
    expect(open).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/cart', '/checkout', '/user', '/login']) expect(open).toContain(`Disallow: ${path}\n`);
    expect(robotsTxt(false)).toBe('User-agent: *\nDisallow: /\n');
  });
});
