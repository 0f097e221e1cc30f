import { afterEach, describe, expect, it } from 'vitest';
import { lockScroll, scrollLockCount } from './scroll-lock.ts';

afterEach(() => {
  document.documentElement.removeAttribute('style');
});

describe('lockScroll', () => {
  it('should hide overflow on <html> and put the exact previous inline value back', () => {
    document.documentElement.style.overflow = 'auto';
    const release = lockScroll();
    expect(document.documentElement.style.overflow).toBe('hidden');
    release();
    expect(document.documentElement.style.overflow).toBe('auto');
    expect(scrollLockCount()).toBe(0);
  });

  it('should count nested locks and restore only when the last one is released', () => {
    const first = lockScroll();
    const second = lockScroll();
    first();
    expect(document.documentElement.style.overflow).toBe('hidden');
    first();
    expect(scrollLockCount()).toBe(1);
    second();
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.documentElement).not.toHaveAttribute('style');
  });

  it('should keep other inline styles set on <html> meanwhile', () => {
    const release = lockScroll();
    document.documentElement.style.setProperty('--brand', 'red');
    release();
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('red');
    expect(document.documentElement.style.overflow).toBe('');
  });
});
