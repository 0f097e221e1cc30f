import { describe, expect, it } from 'vitest';
import { normaliseEmail } from './email-address.ts';

describe('normaliseEmail', () => {
  it('should trim and lower-case ASCII letters', () => {
    expect(normaliseEmail('  Buyer@ACME.Test ')).toBe('buyer@acme.test');
  });

  it('should fold fullwidth letters and compose combining marks (NFKC)', () => {
    expect(normaliseEmail('ｋｉｍ@ｃｏｒｐ.test')).toBe('kim@corp.test');
    expect(normaliseEmail('ＫＩＭ@corp.test')).toBe('kim@corp.test');
    expect(normaliseEmail('jose\u0301@corp.test')).toBe('jos\u00e9@corp.test');
    // A capital I with a combining dot above is the precomposed İ, which stays itself.
    expect(normaliseEmail('KI\u0307M@corp.test')).toBe('k\u0130m@corp.test');
  });

  it('should keep non-ASCII letters as they are, so İ and ß never turn into another address', () => {
    expect(normaliseEmail('k\u0130m@corp.test')).toBe('k\u0130m@corp.test');
    expect(normaliseEmail('k\u0130m@corp.test')).not.toBe(normaliseEmail('kim@corp.test'));
    expect(normaliseEmail('stra\u00dfe@corp.test')).toBe('stra\u00dfe@corp.test');
    expect(normaliseEmail('STRA\u1e9eE@corp.test')).toBe('stra\u1e9ee@corp.test');
  });
});
