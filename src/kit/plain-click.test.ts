import { describe, expect, it } from 'vitest';
import { isPlainLeftClick } from './plain-click.ts';

const PLAIN = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe('isPlainLeftClick', () => {
  it('should take the main button with no modifier key as a plain click', () => {
    expect(isPlainLeftClick(PLAIN)).toBe(true);
  });

  it.each(['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)('should leave a click with %s to the browser', (key) => {
    expect(isPlainLeftClick({ ...PLAIN, [key]: true })).toBe(false);
  });

  it('should leave the middle and the right button to the browser', () => {
    expect(isPlainLeftClick({ ...PLAIN, button: 1 })).toBe(false);
    expect(isPlainLeftClick({ ...PLAIN, button: 2 })).toBe(false);
  });

  it('should read a DOM MouseEvent as well', () => {
    expect(isPlainLeftClick(new MouseEvent('click', { button: 0 }))).toBe(true);
    expect(isPlainLeftClick(new MouseEvent('click', { button: 0, ctrlKey: true }))).toBe(false);
  });
});
