import { describe, it, expect } from 'vitest';
import { budgetPlan, deliveryBudgetOptions, type BudgetAssignment } from './budget-plan.ts';

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

const NOW = new Date('2026-06-01T12:00:00.000Z');

describe('budget plan', () => {
  it('should give what each budget pays, its points left on all active assignments and after lines and delivery', () => {
    const marketing = assignment({ id: 70, budget_id: 9, points_left: 500 });
    const sales = assignment({ id: 71, budget_id: 8, name: 'Sales', points_left: 100 });
    const plan = budgetPlan(
      [
        { budget: { id: 9 }, total: 120.5 },
        { budget: { id: 8 }, total: 90 },
        { budget: { id: 9 }, total: 30 },
      ],
      [marketing, sales],
      { assignment_id: 71, price: 15 },
      NOW,
    );
    expect(plan.uses.map(({ budget_id, name, lines, delivery, spent, points_left, after, enough }) => ({ budget_id, name, lines, delivery, spent, points_left, after, enough }))).toEqual([
      { budget_id: 9, name: 'Marketing', lines: 150.5, delivery: 0, spent: 150.5, points_left: 500, after: 349.5, enough: true },
      { budget_id: 8, name: 'Sales', lines: 90, delivery: 15, spent: 105, points_left: 100, after: -5, enough: false },
    ]);
    expect(plan.payable).toBe(false);
  });

  it('should be payable when every budget keeps zero or more points', () => {
    const plan = budgetPlan([{ budget: { id: 9 }, total: 485 }], [assignment()], { assignment_id: 70, price: 15 }, NOW);
    expect(plan.uses[0]?.after).toBe(0);
    expect(plan.payable).toBe(true);
  });

  it('should spend the assignment expiring first, then the next, lines and delivery alike', () => {
    const later = assignment({ id: 71, points_left: 100, expiry_date: '2027-06-30T00:00:00.000Z' });
    const sooner = assignment({ id: 72, points_left: 100, expiry_date: '2026-06-30T00:00:00.000Z' });
    const expired = assignment({ id: 73, points_left: 900, expiry_date: '2026-05-01T00:00:00.000Z' });
    const scheduled = assignment({ id: 74, points_left: 900, start_date: '2026-07-01T00:00:00.000Z' });
    const off = assignment({ id: 75, points_left: 900, is_active: false });
    // The delivery names the later assignment: it still only names the budget; the rule picks who pays.
    const plan = budgetPlan([{ budget: { id: 9 }, total: 160 }], [later, expired, scheduled, off, sooner], { assignment_id: 71, price: 25 }, NOW);
    expect(plan.payable).toBe(true);
    expect(plan.uses).toHaveLength(1);
    expect(plan.uses[0]).toMatchObject({ budget_id: 9, lines: 160, delivery: 25, spent: 185, points_left: 200, after: 15, enough: true });
    expect(plan.uses[0]?.assignments.map(({ assignment: used, points, after }) => [used.id, points, after])).toEqual([
      [72, 100, 0],
      [71, 85, 15],
    ]);
    const tooMuch = budgetPlan([{ budget: { id: 9 }, total: 200.01 }], [later, expired, scheduled, off, sooner], null, NOW);
    expect(tooMuch.payable).toBe(false);
    expect(tooMuch.uses[0]).toMatchObject({ points_left: 200, after: -0.01, enough: false });
  });

  it('should flag lines of a budget without an active assignment, lines without a budget and a delivery assignment that is not active', () => {
    const plan = budgetPlan(
      [
        { budget: { id: 4 }, total: 10 },
        { budget: null, total: 5 },
      ],
      [assignment({ id: 70, is_active: false })],
      { assignment_id: 70, price: 15 },
      NOW,
    );
    expect(plan.inactive).toEqual([4]);
    expect(plan.unbudgeted).toBe(true);
    expect(plan.deliveryUnpaid).toBe(true);
    expect(plan.uses).toEqual([]);
    expect(plan.payable).toBe(false);
  });
});

describe('delivery budget options', () => {
  it('should offer only budgets the buyer holds an active assignment of, with that assignment', () => {
    const offered = [
      { budget_id: 9, name: 'Marketing', color: '#2563eb', price: 15 },
      { budget_id: 8, name: 'Sales', color: '#16a34a', price: 10 },
      { budget_id: 7, name: 'Events', color: '#dc2626', price: 5 },
    ];
    const options = deliveryBudgetOptions(offered, [
      assignment({ id: 70, budget_id: 9 }),
      assignment({ id: 71, budget_id: 8, is_active: false }),
      assignment({ id: 72, budget_id: 7, expiry_date: '2027-01-01T00:00:00.000Z' }),
      assignment({ id: 73, budget_id: 7, expiry_date: '2026-09-01T00:00:00.000Z' }),
      assignment({ id: 74, budget_id: 7, expiry_date: '2026-03-01T00:00:00.000Z' }),
    ], NOW);
    expect(options).toEqual([
      { budget_id: 9, assignment_id: 70, name: 'Marketing', color: '#2563eb', price: 15 },
      { budget_id: 7, assignment_id: 73, name: 'Events', color: '#dc2626', price: 5 },
    ]);
  });
});
