import { describe, expect, it } from 'vitest';
import { initialCheckoutState, type ChosenDeliveryMethod, type CheckoutAddress } from './checkout.ts';
import type { BudgetAssignment } from './checkout-totals.ts';
import { summaryBlockers, type SummaryBlockerInput } from './summary-blockers.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const courier: ChosenDeliveryMethod = { id: 1, type: 'courier', name: 'Courier', price: 20, pickup_address: null, budgets: [] };
const pickup: ChosenDeliveryMethod = { id: 2, type: 'self_pickup', name: 'Pickup', price: 0, pickup_address: null, budgets: [] };
const address: CheckoutAddress = { id: 4, type: 'delivery', name: 'Anna', surname: 'Nowak', company: 'ACME', street: 'Prosta 20', city: 'Warszawa', zip: '00-850', country: 'PL', nip: '5260250274', phone: '' };
const assignment = (overrides: Partial<BudgetAssignment> = {}): BudgetAssignment => ({
  id: 70,
  budget_id: 9,
  name: 'Marketing',
  color: '#2563eb',
  points_left: 500,
  is_active: true,
  start_date: '2026-01-01T00:00:00.000Z',
  expiry_date: '2026-12-31T23:59:59.000Z',
  ...overrides,
});

const base = (overrides: Partial<SummaryBlockerInput['state']> = {}, rest: Partial<Omit<SummaryBlockerInput, 'state'>> = {}): SummaryBlockerInput => ({
  state: { ...initialCheckoutState({ shippingOnlyToSpecificAddress: false }), deliveryMethod: courier, deliveryAddress: address, paymentMethod: 'invoice', ...overrides },
  website: { mpk_required: false },
  points: false,
  lines: [{ budget: null, total: 100 }],
  assignments: [],
  now: NOW,
  ...rest,
});
const keys = (input: SummaryBlockerInput) => summaryBlockers(input).map((blocker) => `${blocker.key}@${blocker.step}`);

describe('summaryBlockers', () => {
  it('should find nothing in a complete money checkout', () => {
    expect(summaryBlockers(base())).toEqual([]);
  });

  it('should name a missing delivery method or address, a missing tax ID for an invoice', () => {
    expect(keys(base({ deliveryMethod: null }))).toEqual(['checkout.summary_step.delivery_missing@delivery']);
    expect(keys(base({ deliveryAddress: null }))).toEqual(['checkout.summary_step.address_missing@delivery']);
    expect(keys(base({ deliveryMethod: pickup, deliveryAddress: null }))).toEqual([]);
    expect(keys(base({ deliveryAddress: { ...address, nip: '' } }))).toEqual(['validation.nip_missing@delivery']);
    expect(keys(base({ deliveryAddress: { ...address, nip: '' }, paymentMethod: 'online' }))).toEqual([]);
  });

  it('should block a missing or too long cost-centre code where the shop requires one', () => {
    const mpk = { website: { mpk_required: true } };
    expect(keys(base({ mpkCode: ' ' }, mpk))).toEqual(['validation.mpk_required@delivery']);
    expect(summaryBlockers(base({ mpkCode: 'x'.repeat(51) }, mpk))).toEqual([{ key: 'validation.max_length', params: { max: 50 }, step: 'delivery' }]);
    expect(keys(base({ mpkCode: 'MPK-1' }, mpk))).toEqual([]);
    expect(keys(base({ mpkCode: '' }))).toEqual([]);
  });

  it('should want a delivery budget in a points shop whose method charges one', () => {
    const charged: ChosenDeliveryMethod = { ...courier, budgets: [{ budget_id: 9, name: 'Marketing', color: '#2563eb', price: 15 }] };
    const points = { points: true, lines: [{ budget: { id: 9 }, total: 100 }], assignments: [assignment()] };
    expect(keys(base({ deliveryMethod: charged, paymentMethod: 'budget' }, points))).toEqual(['checkout.payment_step.choose_delivery_budget@payment']);
    const chosen = { budget_id: 9, assignment_id: 70, name: 'Marketing', color: '#2563eb', price: 15 };
    expect(keys(base({ deliveryMethod: charged, paymentMethod: 'budget', paymentForDeliveryBudget: chosen }, points))).toEqual([]);
  });

  it('should say what the budget plan refuses when paying by budget', () => {
    const points = { points: true, assignments: [assignment()] };
    expect(keys(base({ paymentMethod: 'budget' }, { ...points, lines: [{ budget: { id: 9 }, total: 600 }] }))).toEqual(['budgets.not_enough_points@payment']);
    expect(keys(base({ paymentMethod: 'budget' }, { ...points, lines: [{ budget: null, total: 10 }] }))).toEqual(['budgets.error.no_budget@payment']);
    expect(keys(base({ paymentMethod: 'budget' }, { ...points, lines: [{ budget: { id: 9 }, total: 10 }], assignments: [assignment({ is_active: false })] }))).toContain(
      'budgets.inactive_in_cart@payment',
    );
  });
});
