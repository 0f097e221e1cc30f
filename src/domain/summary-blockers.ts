import { isNipMissing, needsDeliveryAddress, type CheckoutState } from './checkout.ts';
import { budgetPlan, deliveryCharge, type BudgetAssignment, type BudgetLine } from './checkout-totals.ts';
import { costCentreIssues, MPK_MAX_LENGTH, type MpkShop } from './mpk.ts';

/**
 * What stops the checkout summary from placing the order: what the server would refuse anyway, said
 * before the buyer presses "Place order", each with the step that puts it right. A pure function; the
 * summary reads it through one computed value (`summaryBlockers` of `src/store/checkout-blockers.ts`).
 *
 * @module
 */

/** The message keys of the blockers (i18n keys; the summary shows them in the buyer's language). */
export type SummaryBlockerKey =
  | 'checkout.summary_step.delivery_missing'
  | 'checkout.summary_step.address_missing'
  | 'validation.nip_missing'
  | 'validation.mpk_required'
  | 'validation.max_length'
  | 'checkout.payment_step.choose_delivery_budget'
  | 'budgets.inactive_in_cart'
  | 'budgets.error.no_budget'
  | 'budgets.not_enough_points';

/** Something that stops the order from being placed, with the step that puts it right. */
export interface SummaryBlocker {
  key: SummaryBlockerKey;
  /** The message's parameters (the bound of `validation.max_length`). */
  params?: Readonly<Record<string, number>>;
  step: 'delivery' | 'payment';
}

/** What {@link summaryBlockers} reads. */
export interface SummaryBlockerInput {
  state: Pick<CheckoutState, 'deliveryMethod' | 'deliveryAddress' | 'billingAddress' | 'billingAddressSameAsDelivery' | 'paymentMethod' | 'paymentForDeliveryBudget' | 'mpkCode'>;
  /** The shop's cost-centre setting. */
  website: MpkShop | null;
  /** A points shop. */
  points: boolean;
  /** The cart lines as the budget plan reads them (the budget paying each, its points). */
  lines: readonly BudgetLine[];
  /** The buyer's budget assignments. */
  assignments: readonly BudgetAssignment[];
  now?: Date;
}

/**
 * The blockers, in the order shown: no delivery method, or no address for a method that needs one; a
 * tax ID missing for an invoice; the cost-centre code missing or too long (src/domain/mpk.ts); in
 * points shops a delivery budget not chosen, and with budget payment the budget plan's verdicts
 * (an inactive budget in the cart, a line or the delivery without a budget, not enough points).
 */
export function summaryBlockers({ state, website, points, lines, assignments, now = new Date() }: SummaryBlockerInput): SummaryBlocker[] {
  const blockers: SummaryBlocker[] = [];
  const method = state.deliveryMethod;
  // Only the points delivery matters here (a budget to choose and pay from); money's form is irrelevant.
  const delivery = deliveryCharge(method, state.paymentForDeliveryBudget, { points, isGross: false });
  if (!method) blockers.push({ key: 'checkout.summary_step.delivery_missing', step: 'delivery' });
  else if (needsDeliveryAddress(method) && !state.deliveryAddress) blockers.push({ key: 'checkout.summary_step.address_missing', step: 'delivery' });
  if (isNipMissing(state)) blockers.push({ key: 'validation.nip_missing', step: 'delivery' });
  // The statement is accepted on the summary itself: only the code can block here.
  const mpk = costCentreIssues(website, { mpk_code: state.mpkCode, cost_centre_statement: true }).mpk_code;
  if (mpk) blockers.push(mpk === 'validation.max_length' ? { key: mpk, params: { max: MPK_MAX_LENGTH }, step: 'delivery' } : { key: mpk, step: 'delivery' });
  if (points && method && delivery === null) blockers.push({ key: 'checkout.payment_step.choose_delivery_budget', step: 'payment' });
  if (points && state.paymentMethod === 'budget') {
    const deliverySpend = state.paymentForDeliveryBudget && delivery ? { assignment_id: state.paymentForDeliveryBudget.assignment_id, price: delivery.net } : null;
    const plan = budgetPlan(lines, assignments, deliverySpend, now);
    if (plan.inactive.length > 0) blockers.push({ key: 'budgets.inactive_in_cart', step: 'payment' });
    if (plan.unbudgeted || plan.deliveryUnpaid) blockers.push({ key: 'budgets.error.no_budget', step: 'payment' });
    if (plan.uses.some((use) => !use.enough)) blockers.push({ key: 'budgets.not_enough_points', step: 'payment' });
  }
  return blockers;
}
