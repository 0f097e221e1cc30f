import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { emailField, nipField, phoneField, requiredText } from '../../contract/fields.ts';
import { strongPassword } from '../../contract/password.ts';
import { confirmationField, fieldError, fieldMessage, firstFieldIssue, postalCodeField, validateField } from './validate-field.ts';

describe('validateField', () => {
  it('should return null when every rule passes', () => {
    expect(validateField(emailField, 'anna@example.com')).toBeNull();
    expect(validateField(strongPassword, 'Secret123')).toBeNull();
    expect(validateField(phoneField, '+48 600 700 800')).toBeNull();
  });

  it('should report "This element is required" for an empty required field', () => {
    expect(validateField(requiredText(), '   ')).toBe('validation.required');
    expect(validateField(emailField, '')).toBe('validation.required');
    expect(fieldError(requiredText(), '')).toBe('This element is required');
  });

  it('should return the FIRST failing rule, not a later one', () => {
    // '' breaks both nonEmpty (required) and the e-mail pattern; only the first may be shown.
    expect(validateField(emailField, '')).toBe('validation.required');
    const twoRules = v.pipe(v.string(), v.minLength(8, 'validation.min_length'), v.regex(/\d/, 'validation.password'));
    expect(validateField(twoRules, 'abc')).toBe('validation.min_length');
    expect(validateField(twoRules, 'abcdefgh')).toBe('validation.password');
  });

  it('should check the e-mail shape', () => {
    expect(validateField(emailField, 'anna@example')).toBe('validation.email');
    expect(fieldError(emailField, 'anna@')).toBe('E-mail must be valid');
  });

  it('should enforce the password strength rule', () => {
    expect(validateField(strongPassword, 'secret123')).toBe('validation.password');
    expect(validateField(strongPassword, 'SECRET123')).toBe('validation.password');
    expect(validateField(strongPassword, 'Secretabc')).toBe('validation.password');
    expect(validateField(strongPassword, 'Sec123')).toBe('validation.password');
    expect(fieldError(strongPassword, 'short')).toBe(
      'The password must have at least 8 characters, one uppercase letter, one lowercase letter and one digit',
    );
  });

  it('should refuse the most common passwords after the strength rule, with their own message (issue 26)', () => {
    for (const common of ['Password1', 'Passw0rd', 'Passw0rd!', 'P@ssw0rd2024', 'Qwerty123', 'Welcome1!', 'Summer2024', 'Zaq12wsx', 'Haslo123']) {
      expect(validateField(strongPassword, common)).toBe('validation.password_common');
    }
    // The strength rule speaks first: "password1" lacks an uppercase letter before it is common.
    expect(validateField(strongPassword, 'password1')).toBe('validation.password');
    expect(fieldError(strongPassword, 'Password1')).toBe('This password is one of the most common ones and easy to guess: choose another');
  });

  it('should hold a new password to the one strong rule and match it with its confirmation', () => {
    // The reset screen's weak rule (8 of anything) is gone: "aaaaaaaa" passes nowhere (issue 22).
    expect(validateField(strongPassword, 'aaaaaaaa')).toBe('validation.password');
    expect(validateField(strongPassword, 'Abcdefg1')).toBe('validation.password_common');
    expect(validateField(strongPassword, 'Hgwqtrv8')).toBeNull();
    expect(validateField(confirmationField('abcdefgh'), 'abcdefgx')).toBe('validation.password_match');
    expect(fieldError(confirmationField('abcdefgh'), 'abcdefgx')).toBe('The passwords must match');
    expect(validateField(confirmationField('abcdefgh'), '')).toBe('validation.required');
    expect(validateField(confirmationField('abcdefgh'), 'abcdefgh')).toBeNull();
  });

  it('should check phone numbers and offer the +48 example as the hint', () => {
    expect(validateField(phoneField, '12ab')).toBe('validation.phone');
    expect(fieldError(phoneField, '123')).toBe('Enter a valid phone number');
    expect(fieldMessage('validation.phone_hint')).toBe('e.g. +48 600 700 800');
  });

  it('should check the postal code format of the country', () => {
    expect(validateField(postalCodeField('PL'), '00-950')).toBeNull();
    expect(validateField(postalCodeField('PL'), '00950')).toBe('validation.postal_code');
    expect(fieldError(postalCodeField('DE'), '1234')).toBe('Invalid postal code format');
    expect(validateField(postalCodeField('PL'), '')).toBe('validation.required');
  });

  it('should show the bound of a minimum or maximum length', () => {
    const name = v.pipe(v.string(), v.minLength(8, 'validation.min_length'), v.maxLength(12, 'validation.max_length'));
    expect(firstFieldIssue(name, 'abc')).toEqual({ key: 'validation.min_length', params: { bound: 8 } });
    expect(fieldError(name, 'abc')).toBe('Enter at least 8 characters');
    expect(fieldError(name, 'abcdefghijklm')).toBe('Enter at most 12 characters');
    expect(fieldError(requiredText(5), 'abcdef')).toBe('Enter at most 5 characters');
  });

  it('should require the tax ID to be a number when given', () => {
    expect(validateField(nipField, '')).toBeNull();
    expect(validateField(nipField, '123-456-32-18')).toBeNull();
    expect(validateField(nipField, 'PL12345')).toBe('validation.nip');
    expect(fieldError(nipField, 'abc')).toBe('Tax ID must be a number');
  });
});

describe('fieldMessage', () => {
  it('should fill the placeholders of a message', () => {
    expect(fieldMessage('validation.min_value', { bound: 3 })).toBe('Enter at least 3');
  });
});
