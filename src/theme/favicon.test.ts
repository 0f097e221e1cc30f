import { afterEach, describe, expect, it } from 'vitest';
import { applyFavicon } from './favicon.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('applyFavicon', () => {
  it('should set one icon link from a storage path and update it in place', () => {
    expect(applyFavicon('shops/acme/favicon.svg', '/storage/')).toBe(true);
    expect(applyFavicon('shops/globex/favicon.png', 'https://cdn.example/storage/')).toBe(true);
    const links = document.head.querySelectorAll('link[rel="icon"]');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://cdn.example/storage/shops/globex/favicon.png');
    expect(links[0]).not.toHaveAttribute('type');
  });

  it('should mark an SVG icon with its type', () => {
    applyFavicon('https://img.example/icon.svg', '/storage/');
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute('type', 'image/svg+xml');
  });

  it('should ignore missing and unsafe values', () => {
    expect(applyFavicon(null, '/storage/')).toBe(false);
    expect(applyFavicon('javascript:alert(1)', '/storage/')).toBe(false);
    expect(document.head.querySelector('link[rel="icon"]')).toBeNull();
  });
});
