import { describe, expect, it } from 'vitest';
import { normaliseAddress } from './typed-address.ts';

describe('normaliseAddress', () => {
  it('should trim every named field and upper-case the country', () => {
    const typed = { name: ' Anna ', street: '\tul. Prosta 20 ', zip: ' 00-850', city: 'Warszawa  ', country: ' pl ' };
    expect(normaliseAddress(typed, ['name', 'street', 'zip', 'city', 'country'])).toEqual({ name: 'Anna', street: 'ul. Prosta 20', zip: '00-850', city: 'Warszawa', country: 'PL' });
  });

  it('should keep only the named fields, in their order, and leave the typed address as it was', () => {
    const typed = { id: 'x', city: ' Łódź ', zip: '90-004 ', country: 'pl' };
    const clean = normaliseAddress(typed, ['zip', 'city', 'country']);
    expect(Object.keys(clean)).toEqual(['zip', 'city', 'country']);
    expect(clean).toEqual({ zip: '90-004', city: 'Łódź', country: 'PL' });
    expect(typed).toEqual({ id: 'x', city: ' Łódź ', zip: '90-004 ', country: 'pl' });
  });

  it('should upper-case only the country and keep empty fields empty', () => {
    expect(normaliseAddress({ company: ' acme sp. z o.o. ', nip: '   ', country: '' }, ['company', 'nip', 'country'])).toEqual({ company: 'acme sp. z o.o.', nip: '', country: '' });
  });
});
