import * as v from 'valibot';
import { isoDate, nullableString } from './answer-fields.ts';
import { BudgetSchema } from './catalogue.ts';
import { idField, optionalText, requiredText } from './fields.ts';
import { listOf, orDefault } from './tolerant.ts';
import { UserSchema } from './users.ts';

/**
 * The coordinator's area: registration requests, the shop's buyers and their budget assignments.
 *
 * @module
 */

export const RegistrationStatusSchema = v.picklist(['pending', 'approved', 'rejected']);

/** A registration request that names the calling coordinator (`GET /api/coordinator/registrations`). */
export const RegistrationRequestSchema = v.object({
  ...v.pick(UserSchema, ['id', 'email', 'name', 'surname', 'phone', 'job_title', 'cost_center', 'buyer_id']).entries,
  /** An unknown status reads as `pending` (the provider decides on approve and reject). */
  status: orDefault('registration.status', RegistrationStatusSchema, 'pending'),
  /** Why it was rejected; `null` unless rejected. */
  reason: nullableString,
  created_at: isoDate,
  reviewed_at: v.nullable(isoDate),
});
export type RegistrationRequest = v.InferOutput<typeof RegistrationRequestSchema>;
export const RegistrationRequestListSchema = listOf('registrations', RegistrationRequestSchema);

/** Body of `POST /api/coordinator/registrations/{id}/reject`. */
export const RejectRegistrationRequestSchema = v.object({ reason: requiredText(500) });
export type RejectRegistrationRequest = v.InferOutput<typeof RejectRegistrationRequestSchema>;

/** A buyer of the coordinator's shop with their budget assignments there (`GET /api/coordinator/buyers`). */
export const CoordinatorBuyerSchema = v.omit(UserSchema, ['role', 'website_id', 'pending_email']);
export type CoordinatorBuyer = v.InferOutput<typeof CoordinatorBuyerSchema>;
export const CoordinatorBuyerListSchema = listOf('buyers', CoordinatorBuyerSchema);

/** `GET /api/coordinator/budgets`: the budgets the shop defines, by name. */
export const BudgetListSchema = listOf('shop budgets', BudgetSchema);

/** A budget colour: `#rrggbb`. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** Most points one assignment may hold. */
export const ASSIGNMENT_POINTS_MAX = 1_000_000_000;

const timestampField = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.isoTimestamp('coordinator.validation.date'));

/**
 * Body of `POST /api/coordinator/buyers/{id}/budgets`: an existing budget of the shop (`budget_id`) or
 * a new one (`name` + `color`), whole points > 0, and a period with the start before the expiry.
 */
export const AssignBudgetRequestSchema = v.pipe(
  v.object({
    budget_id: v.optional(v.nullable(idField)),
    name: optionalText(100),
    color: v.optional(
      v.pipe(v.string('validation.invalid'), v.trim(), v.check((value) => value === '' || HEX_COLOUR_PATTERN.test(value), 'coordinator.validation.color')),
      '',
    ),
    points: v.pipe(
      v.number('validation.integer'),
      v.integer('validation.integer'),
      v.minValue(1, 'validation.min_value'),
      v.maxValue(ASSIGNMENT_POINTS_MAX, 'validation.max_value'),
    ),
    start_date: timestampField,
    expiry_date: timestampField,
  }),
  v.forward(
    v.partialCheck([['budget_id'], ['name']], (input) => (input.budget_id ?? null) !== null || input.name !== '', 'validation.required'),
    ['name'],
  ),
  v.forward(
    v.partialCheck([['budget_id'], ['color']], (input) => (input.budget_id ?? null) !== null || input.color !== '', 'validation.required'),
    ['color'],
  ),
  v.forward(
    v.partialCheck(
      [['start_date'], ['expiry_date']],
      (input) => Date.parse(input.start_date) < Date.parse(input.expiry_date),
      'coordinator.validation.expiry_after_start',
    ),
    ['expiry_date'],
  ),
);
export type AssignBudgetRequest = v.InferOutput<typeof AssignBudgetRequestSchema>;
