import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { idField } from '../../src/contract/fields.ts';
import { ApiError } from './errors.ts';
import { parseWith, unstorableTextPath } from './validate.ts';

describe('unstorableTextPath', () => {
  it('should find the first string holding U+0000, by its dotted path', () => {
    expect(unstorableTextPath({ name: 'Anna', items: [{ note: 'ok' }, { note: 'a\u0000b' }] })).toBe('items.1.note');
    expect(unstorableTextPath('\u0000')).toBe('_');
    expect(unstorableTextPath({ name: 'Anna', items: [1, null, true] })).toBeNull();
  });

  it('should find unpaired surrogates, and let paired ones (emoji) through', () => {
    expect(unstorableTextPath({ contact: { surname: '\uD800v' } })).toBe('contact.surname');
    expect(unstorableTextPath({ contact: { surname: 'x\uDC00' } })).toBe('contact.surname');
    expect(unstorableTextPath({ contact: { surname: 'Nowak 😀' } })).toBeNull();
  });

  it('should walk a body nested deeper than the call stack without overflowing', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(unstorableTextPath(deep)?.split('.')).toHaveLength(200_000);
  });
});

describe('parseWith', () => {
  it('should refuse a NUL character as an invalid field (PostgreSQL text cannot store it), before the schema runs', () => {
    const schema = v.object({ street: v.string() });
    let error: unknown;
    try {
      parseWith(schema, { street: 'Main\u0000 1' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).toBody().error_keys).toEqual({ street: [{ key: 'validation.invalid', params: {} }] });
    expect(parseWith(schema, { street: 'Main 1' })).toEqual({ street: 'Main 1' });
  });

  it('should refuse an id beyond the database integer range as too large', () => {
    const schema = v.object({ id: idField });
    expect(() => parseWith(schema, { id: 2_147_483_648 })).toThrow(ApiError);
    expect(parseWith(schema, { id: 2_147_483_647 })).toEqual({ id: 2_147_483_647 });
  });
});
