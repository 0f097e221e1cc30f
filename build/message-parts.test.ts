import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en.ts';
import pl from '../src/i18n/locales/pl.ts';
import { MESSAGE_PARTS } from '../src/i18n/parts.ts';
import { dictionaryAreas, partModule } from './message-parts.ts';

const SOURCE = `import type { Messages } from './en.ts';
/** Texts. */
const xx: Messages = {
  units: { points: 'pkt' },
  // a comment
  cart: { title: 'Koszyk', 'odd-key': 'a, b' },
  home: { title: 'Start' },
};
export default xx;
`;

/** The object a part module's text evaluates to. */
function evaluate(code: string): Record<string, unknown> {
  return new Function(code.replace('export default', 'return'))() as Record<string, unknown>;
}

describe('dictionaryAreas', () => {
  it('should cut each top-level area with its source text', () => {
    const areas = dictionaryAreas(SOURCE, 'xx.ts');
    expect([...areas.keys()]).toEqual(['units', 'cart', 'home']);
    expect(areas.get('cart')).toBe(`cart: { title: 'Koszyk', 'odd-key': 'a, b' }`);
  });

  it('should refuse a dictionary that is not an object literal', () => {
    expect(() => dictionaryAreas('const xx = load();\nexport default xx;', 'xx.ts')).toThrow(/expected/);
  });
});

describe('partModule', () => {
  it('should refuse an area that no part lists, so no text can go missing from every part', () => {
    expect(() => partModule(SOURCE.replace("home: { title: 'Start' },", "home: { title: 'Start' },\n  unknown_area: { a: 'b' },"), 'xx.ts', 'base')).toThrow(/unknown_area/);
  });

  it.each([
    ['en', en],
    ['pl', pl],
  ] as const)('should give, for the real %s dictionary, parts that together are the whole dictionary', (lang, dictionary) => {
    const file = `src/i18n/locales/${lang}.ts`;
    const source = readFileSync(file, 'utf8');
    const merged = Object.assign({}, ...Object.keys(MESSAGE_PARTS).map((part) => evaluate(partModule(source, file, part))));
    expect(merged).toEqual(dictionary);
  });

  it('should give a part only its own areas', () => {
    const source = readFileSync('src/i18n/locales/en.ts', 'utf8');
    expect(Object.keys(evaluate(partModule(source, 'en.ts', 'base')))).toEqual([...MESSAGE_PARTS.base]);
  });
});
