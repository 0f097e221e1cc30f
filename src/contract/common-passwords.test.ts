import { describe, expect, it } from 'vitest';
import { COMMON_STEM_COUNT, isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it('should know a few hundred of the most common passwords', () => {
    expect(COMMON_STEM_COUNT).toBeGreaterThan(300);
  });

  it('should find them whatever their case, trailing digits and symbols or leet spelling', () => {
    for (const common of ['Passw0rd', 'Password1', 'Qwerty123', 'PASSWORD2024!', 'password', 'P@ssw0rd', 'P@$$w0rd1', 'Welcome123', 'Summer2024!', 'Letmein1', 'Iloveyou2', 'Zaq12wsx', 'Abc12345', 'Aa123456', 'Q1w2e3r4', 'Haslo123', 'Kochamcie1', 'Admin123', 'Monkey12', 'Dragon99']) {
      expect({ common, found: isCommonPassword(common) }).toEqual({ common, found: true });
    }
  });

  it("should count the demo accounts' published password as common", () => {
    expect(isCommonPassword('Passw0rd!')).toBe(true);
  });

  it('should count a password of only digits and symbols as common', () => {
    expect(isCommonPassword('12345678')).toBe(true);
    expect(isCommonPassword('!!!!1111')).toBe(true);
  });

  it('should let through passwords that merely contain a common word', () => {
    for (const fine of ['Str0ngPass', 'NewPassw0rd', 'OtherPassw0rd', 'Str0ngPassw0rd', 'RedSquirrel42', 'Hgwqtrv8', 'Secret123', 'N3wPassword!', 'Monkey12Dragon']) {
      expect({ fine, found: isCommonPassword(fine) }).toEqual({ fine, found: false });
    }
  });
});
