import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PlaceOrderRequestSchema } from '../contract/contract.ts';
import { RegisterRequestSchema } from '../contract/password.ts';
import { costCentreIssues, isMpkRequired, MPK_MAX_LENGTH, mpkCodeRule, orderMpkCode, startingMpkCode } from './mpk.ts';

const REQUIRED = { mpk_required: true };
const OPTIONAL = { mpk_required: false };
const firstMessage = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  return result.success ? null : result.issues[0].message;
};

describe('the cost-centre (MPK) rule', () => {
  it('should require a code exactly in mpk_required shops', () => {
    expect(isMpkRequired(REQUIRED)).toBe(true);
    expect(isMpkRequired(OPTIONAL)).toBe(false);
    expect(isMpkRequired(null)).toBe(false);
  });

  it.each([
    [REQUIRED, '', 'validation.mpk_required'],
    [REQUIRED, '   ', 'validation.mpk_required'],
    [REQUIRED, ' MPK-100 ', null],
    [REQUIRED, 'x'.repeat(MPK_MAX_LENGTH), null],
    [REQUIRED, 'x'.repeat(MPK_MAX_LENGTH + 1), 'validation.max_length'],
    [OPTIONAL, '', null],
    [OPTIONAL, 'MPK-1', null],
    [OPTIONAL, 'x'.repeat(MPK_MAX_LENGTH + 1), 'validation.max_length'],
  ])('should check the field %o %j → %s', (website, code, message) => {
    expect(firstMessage(mpkCodeRule(website), code)).toBe(message);
  });

  it('should carry a trimmed code on the order, none when blank', () => {
    expect(orderMpkCode('  MPK-7 ')).toBe('MPK-7');
    expect(orderMpkCode('  ')).toBeNull();
    expect(orderMpkCode(null)).toBeNull();
    expect(orderMpkCode(undefined)).toBeNull();
  });

  it('should name what an order breaks, as the server answers it', () => {
    expect(costCentreIssues(REQUIRED, { mpk_code: '  ', cost_centre_statement: false })).toEqual({
      mpk_code: 'validation.mpk_required',
      cost_centre_statement: 'validation.statement',
    });
    expect(costCentreIssues(REQUIRED, { mpk_code: null, cost_centre_statement: true })).toEqual({ mpk_code: 'validation.mpk_required' });
    expect(costCentreIssues(REQUIRED, { mpk_code: 'MPK-1', cost_centre_statement: false })).toEqual({ cost_centre_statement: 'validation.statement' });
    expect(costCentreIssues(REQUIRED, { mpk_code: 'MPK-1', cost_centre_statement: true })).toEqual({});
    // Elsewhere neither is needed; a code given is still bounded.
    expect(costCentreIssues(OPTIONAL, { cost_centre_statement: false })).toEqual({});
    expect(costCentreIssues(OPTIONAL, { mpk_code: 'x'.repeat(51), cost_centre_statement: false })).toEqual({ mpk_code: 'validation.max_length' });
  });
});

describe('startingMpkCode', () => {
  it("should fill an empty code from the profile's cost centre only where the shop requires one", () => {
    expect(startingMpkCode({ mpk_required: true }, '', ' CC-1 ')).toBe('CC-1');
    expect(startingMpkCode({ mpk_required: true }, '  ', 'CC-1')).toBe('CC-1');
    expect(startingMpkCode({ mpk_required: true }, 'MPK-7', 'CC-1')).toBe('MPK-7');
    expect(startingMpkCode({ mpk_required: true }, '', '')).toBe('');
    expect(startingMpkCode({ mpk_required: true }, '', null)).toBe('');
    expect(startingMpkCode({ mpk_required: false }, '', 'CC-1')).toBe('');
    expect(startingMpkCode(null, '', 'CC-1')).toBe('');
  });

  it('should bound the order request\'s code and the profile\'s cost centre by the same length as the rule', () => {
    const orderCode = PlaceOrderRequestSchema.entries.mpk_code;
    const profileCostCentre = RegisterRequestSchema.pipe[0].entries.cost_center;
    for (const field of [orderCode, profileCostCentre]) {
      expect(firstMessage(field, 'x'.repeat(MPK_MAX_LENGTH))).toBeNull();
      expect(firstMessage(field, 'x'.repeat(MPK_MAX_LENGTH + 1))).toBe('validation.max_length');
    }
  });
});
