import { describe, expect, it } from 'vitest';
import { foldText, UNDECOMPOSABLE_LETTERS } from './text-folding.ts';

/** Every Polish letter with a diacritic, small and capital, and its plain reading. */
const POLISH = [
  ['ą', 'a'], ['ć', 'c'], ['ę', 'e'], ['ł', 'l'], ['ń', 'n'], ['ó', 'o'], ['ś', 's'], ['ź', 'z'], ['ż', 'z'],
  ['Ą', 'a'], ['Ć', 'c'], ['Ę', 'e'], ['Ł', 'l'], ['Ń', 'n'], ['Ó', 'o'], ['Ś', 's'], ['Ź', 'z'], ['Ż', 'z'],
] as const;

describe('foldText', () => {
  it.each(POLISH)('should fold the Polish %s to %s', (letter, plain) => {
    expect(foldText(letter)).toBe(plain);
  });

  it('should fold other Latin accents and lower-case', () => {
    expect(foldText('Crème Brûlée — Zürich')).toBe('creme brulee — zurich');
    expect(foldText('ÀÉÎÕÜ ñ ç å š ř')).toBe('aeiou n c a s r');
  });

  it('should map the letters NFD does not decompose, small and capital', () => {
    expect(foldText('ŁĐÐØĦßÆŒÞ')).toBe('lddohssaeoeth');
    expect(foldText('łđðøħıßæœþ')).toBe('lddohissaeoeth');
    for (const [letter, plain] of Object.entries(UNDECOMPOSABLE_LETTERS)) {
      // Each entry is there because NFD leaves the letter whole.
      expect(letter.normalize('NFD')).toBe(letter);
      expect(foldText(letter)).toBe(plain);
    }
  });

  it('should leave digits, punctuation and spaces to the caller', () => {
    expect(foldText('  St.-Étienne, 15"  ')).toBe('  st.-etienne, 15"  ');
    expect(foldText('')).toBe('');
  });
});
