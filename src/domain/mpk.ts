import * as v from 'valibot';
import { MPK_MAX_LENGTH } from '../contract/fields.ts';

/**
 * The cost-centre (MPK) rule, one owner for the delivery step, the summary and the provider's
 * `POST /api/order` (spec §1 "cost-center (MPK) assignment", §5 "The user must accept a cost-centre
 * statement when ordering"):
 *
 * - an MPK code is required exactly when the shop has `mpk_required`; elsewhere it is optional;
 * - a valid code is trimmed text of at most {@link MPK_MAX_LENGTH} characters (non-empty when required);
 * - in an `mpk_required` shop the buyer must also accept the cost-centre statement when ordering;
 * - the message keys: `validation.mpk_required` (no code), `validation.max_length` (too long),
 *   `validation.statement` (statement not accepted).
 *
 * @module
 */

/** The longest cost-centre code (characters, after trimming); owned by the contract, which checks it too. */
export { MPK_MAX_LENGTH };

/** What the rule reads of the shop. */
export interface MpkShop {
  mpk_required: boolean;
}

/** Whether the shop requires a cost-centre code and statement. */
export function isMpkRequired(website: MpkShop | null | undefined): boolean {
  return website?.mpk_required ?? false;
}

/** The code as typed, for an optional code: trimmed, at most {@link MPK_MAX_LENGTH} characters. */
export const MPK_CODE_OPTIONAL = v.pipe(v.string('validation.invalid'), v.trim(), v.maxLength(MPK_MAX_LENGTH, 'validation.max_length'));

/** The code in an `mpk_required` shop: trimmed, not empty, at most {@link MPK_MAX_LENGTH} characters. */
export const MPK_CODE_REQUIRED = v.pipe(
  v.string('validation.mpk_required'),
  v.trim(),
  v.nonEmpty('validation.mpk_required'),
  v.maxLength(MPK_MAX_LENGTH, 'validation.max_length'),
);

/** The field rule of the code in `website` (a valibot pipe whose messages are i18n keys). */
export function mpkCodeRule(website: MpkShop | null | undefined): typeof MPK_CODE_OPTIONAL | typeof MPK_CODE_REQUIRED {
  return isMpkRequired(website) ? MPK_CODE_REQUIRED : MPK_CODE_OPTIONAL;
}

/**
 * The code the checkout starts from, so the form fills what it can: in an `mpk_required` shop
 * an empty code is filled from the buyer's profile (`cost_center`, given at registration), trimmed; a
 * code already there (typed, or filled before) stays. Elsewhere the code is left as it is: the shop
 * asks for none, and an order must not carry a code its buyer never saw.
 */
export function startingMpkCode(website: MpkShop | null | undefined, current: string, profileCostCentre: string | null | undefined): string {
  if (!isMpkRequired(website) || current.trim() !== '') return current;
  return (profileCostCentre ?? '').trim();
}

/** The code an order carries: trimmed; an empty code is `null` (none). */
export function orderMpkCode(code: string | null | undefined): string | null {
  const trimmed = (code ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** The cost-centre fields an order breaks, by request field, with message keys; empty when none. */
export interface CostCentreIssues {
  mpk_code?: 'validation.mpk_required' | 'validation.max_length';
  cost_centre_statement?: 'validation.statement';
}

/**
 * What an order in `website` breaks of the rule: a missing or too long code, a statement not
 * accepted (both only in `mpk_required` shops; a too long code anywhere). The server refuses these
 * with 422; the summary says them before the buyer presses "Place order".
 */
export function costCentreIssues(website: MpkShop | null | undefined, order: { mpk_code?: string | null | undefined; cost_centre_statement: boolean }): CostCentreIssues {
  const issues: CostCentreIssues = {};
  const code = orderMpkCode(order.mpk_code);
  if (code !== null && code.length > MPK_MAX_LENGTH) issues.mpk_code = 'validation.max_length';
  if (isMpkRequired(website)) {
    if (code === null) issues.mpk_code = 'validation.mpk_required';
    if (!order.cost_centre_statement) issues.cost_centre_statement = 'validation.statement';
  }
  return issues;
}
