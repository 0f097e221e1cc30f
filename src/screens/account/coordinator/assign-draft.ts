import type { Budget } from '../../../contract/contract.ts';
import { dateInputValue, dayToIso } from './dates.ts';

/**
 * The budget assignment form's values and what they become: the request body of
 * `POST /api/coordinator/buyers/{id}/budgets`, either for a budget the shop has (`budget_id`) or for a
 * new one (its name and colour). The form keeps plain strings, as its inputs give them, and the
 * contract schema judges the body built from them.
 *
 * @module
 */

/** The Dropdown value that stands for "a new budget" (budget ids are numbers). */
export const NEW_BUDGET = 'new';
/** The colour a new budget starts with. */
export const DEFAULT_BUDGET_COLOUR = '#2563eb';

/** The assignment form's values, as its inputs hold them. */
export interface AssignDraft {
  /** A budget id, or {@link NEW_BUDGET}. */
  budget: string;
  /** The new budget's name (only with {@link NEW_BUDGET}). */
  name: string;
  /** The new budget's colour (only with {@link NEW_BUDGET}). */
  color: string;
  points: string;
  /** `YYYY-MM-DD` of the first day. */
  start: string;
  /** `YYYY-MM-DD` of the last day. */
  expiry: string;
}

/** The request body's fields in the order of the form, for moving focus to the first one with an error. */
export const ASSIGN_FIELD_ORDER = ['budget_id', 'name', 'color', 'points', 'start_date', 'expiry_date'] as const;

/**
 * The form's starting values: the shop's first budget (or a new one when it has none), the default
 * colour, and today as the first day so the common case, starting now, needs no picking.
 */
export function initialDraft(budgets: readonly Budget[], today: Date): AssignDraft {
  return {
    budget: budgets[0] ? String(budgets[0].id) : NEW_BUDGET,
    name: '',
    color: DEFAULT_BUDGET_COLOUR,
    points: '',
    start: dateInputValue(today),
    expiry: '',
  };
}

/** The request body's field a form value's error is keyed by (the form's own names are shorter). */
export function issueFieldOf(field: keyof AssignDraft): string {
  return field === 'budget' ? 'budget_id' : field === 'start' ? 'start_date' : field === 'expiry' ? 'expiry_date' : field;
}

/** The request body a draft stands for (checked with the contract schema before it is sent). */
export function assignInput(draft: AssignDraft): Record<string, unknown> {
  // An empty field is left out (`undefined`) so the schema reports it as required, not as invalid.
  const points = draft.points.trim() === '' ? undefined : Number(draft.points);
  const dates = { start_date: dayToIso(draft.start), expiry_date: dayToIso(draft.expiry, true) };
  if (draft.budget === NEW_BUDGET) return { name: draft.name, color: draft.color, points, ...dates };
  return { budget_id: draft.budget === '' ? undefined : Number(draft.budget), points, ...dates };
}
