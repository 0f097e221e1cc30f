import { describe, expect, it } from 'vitest';
import { searchText } from './search-text.ts';

describe('searchText', () => {
  it('should fold accents and lower-case, as the catalogue stores and searches text', () => {
    expect(searchText('Kubek ŻÓŁTY')).toBe('kubek zolty');
    expect(searchText('Zażółć gęślą jaźń')).toBe('zazolc gesla jazn');
  });

  it('should turn every run of other characters into one space, trimmed', () => {
    expect(searchText('  Laptop sleeve 15"  ', 'GLX-SLEEVE')).toBe('laptop sleeve 15 glx sleeve');
    expect(searchText('acme-tee')).toBe('acme tee');
    expect(searchText('%_!')).toBe('');
  });

  it('should join its parts with a space (name and code)', () => {
    expect(searchText('Kubek', 'INI-MUG')).toBe('kubek ini mug');
  });
});
