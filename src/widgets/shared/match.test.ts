import { describe, expect, it } from 'vitest';
import { searchText } from '../../domain/search-text.ts';
import { matchesQuery, normaliseForMatch, startsWithQuery } from './match.ts';

describe('normaliseForMatch', () => {
  it('should strip accents and lower-case', () => {
    expect(normaliseForMatch('Żółty')).toBe('zolty');
    expect(normaliseForMatch('Crème Brûlée')).toBe('creme brulee');
  });

  it('should map ł to l, which NFD does not decompose', () => {
    expect('ł'.normalize('NFD')).toBe('ł');
    expect(normaliseForMatch('Łódź')).toBe('lodz');
    expect(normaliseForMatch('Białystok')).toBe('bialystok');
  });

  it('should turn punctuation into single spaces and trim', () => {
    expect(normaliseForMatch('  St.-Étienne,  (FR) ')).toBe('st etienne fr');
    expect(normaliseForMatch('Bosnia-Herzegovina')).toBe('bosnia herzegovina');
  });
});

describe('matchesQuery', () => {
  it('should find a label ignoring case, accents and punctuation', () => {
    expect(matchesQuery('Łódź', 'lodz')).toBe(true);
    expect(matchesQuery('Żółty', 'Zolty')).toBe(true);
    expect(matchesQuery('Bosnia-Herzegovina', 'bosnia herzegovina')).toBe(true);
    expect(matchesQuery("Côte d'Ivoire", 'cote d ivoire')).toBe(true);
    expect(matchesQuery('Guinea-Bissau', 'guinea, bissau!')).toBe(true);
  });

  it('should match part of a label and every typed word', () => {
    expect(matchesQuery('United Kingdom', 'king')).toBe(true);
    expect(matchesQuery('United Kingdom', 'united states')).toBe(false);
    expect(matchesQuery('Poland', 'germ')).toBe(false);
  });

  it('should match everything for an empty or punctuation-only query', () => {
    expect(matchesQuery('Poland', '')).toBe(true);
    expect(matchesQuery('Poland', ' .-, ')).toBe(true);
  });
});

describe('startsWithQuery', () => {
  it('should match a normalised prefix only', () => {
    expect(startsWithQuery('Łódź', 'l')).toBe(true);
    expect(startsWithQuery('Łódź', 'od')).toBe(false);
    expect(startsWithQuery('Łódź', '')).toBe(false);
  });
});

describe('matching and the catalogue search', () => {
  it('should fold every Polish letter, and other Latin accents, as the server\'s catalogue search does', () => {
    const letters = [...'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ', ...'éèêëàâäåçñöøüúßæœđðþħı', ...'ÉÈÀÇÑÖØÜÆŒĐÐÞĦ'];
    // Keyed by letter, so a failure names the letter the two sides disagree on.
    const folded = (fold: (text: string) => string) => Object.fromEntries(letters.map((letter) => [letter, fold(letter)]));
    expect(folded(normaliseForMatch)).toEqual(folded((letter) => searchText(letter)));
    expect(normaliseForMatch('Zażółć gęślą jaźń')).toBe(searchText('Zażółć gęślą jaźń'));
  });
});
