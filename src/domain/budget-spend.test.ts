import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetStanding, isSpendable, planSpend, spendableIn, spendingOrder, spendVerdict, type SpendableAssignment } from './budget-spend.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const assignment = (overrides: Partial<SpendableAssignment> & Pick<SpendableAssignment, 'id'>): SpendableAssignment => ({
  budget_id: 9,
  points_left: 100,
  is_active: true,
  start_date: '2026-01-01T00:00:00.000Z',
  expiry_date: '2026-12-31T00:00:00.000Z',
  ...overrides,
});
const scheduled = (id: number, points_left = 500) => assignment({ id, points_left, start_date: '2026-07-01T00:00:00.000Z' });
const expired = (id: number, points_left = 500) => assignment({ id, points_left, expiry_date: '2026-06-01T12:00:00.000Z' });
const off = (id: number, points_left = 500) => assignment({ id, points_left, is_active: false });

describe('which assignments count', () => {
  it('should count an assignment switched on, started and not expired, and nothing else', () => {
    expect(isSpendable(assignment({ id: 1 }), NOW)).toBe(true);
    expect(isSpendable(assignment({ id: 1, start_date: NOW }), NOW)).toBe(true); // start ≤ now
    expect(isSpendable(expired(1), NOW)).toBe(false); // now < expiry, so the expiry moment itself is over
    expect(isSpendable(scheduled(1), NOW)).toBe(false);
    expect(isSpendable(off(1), NOW)).toBe(false);
  });

  it('should add up the points left on the active assignments of one budget only', () => {
    const held = [assignment({ id: 1 }), assignment({ id: 2, points_left: 0.5 }), scheduled(3), expired(4), off(5), assignment({ id: 6, budget_id: 8 })];
    expect(spendableIn(9, held, NOW)).toBe(100.5);
    expect(spendableIn(8, held, NOW)).toBe(100);
    expect(spendableIn(7, held, NOW)).toBe(0);
  });

  it('should tell a budget never given from one held only by unusable assignments', () => {
    expect(budgetStanding(9, [], NOW)).toBe('none');
    expect(budgetStanding(9, [assignment({ id: 1, budget_id: 8 })], NOW)).toBe('none');
    expect(budgetStanding(9, [scheduled(1), expired(2), off(3)], NOW)).toBe('inactive');
    expect(budgetStanding(9, [expired(2), assignment({ id: 4 })], NOW)).toBe('active');
  });

  it('should spend the assignment expiring first first, then the lower id', () => {
    const held = [
      assignment({ id: 1, expiry_date: '2027-01-01T00:00:00.000Z' }),
      assignment({ id: 3, expiry_date: '2026-08-01T00:00:00.000Z' }),
      assignment({ id: 2, expiry_date: '2026-08-01T00:00:00.000Z' }),
      off(4),
    ];
    expect(spendingOrder(9, held, NOW).map((one) => one.id)).toEqual([2, 3, 1]);
  });
});

describe('planSpend', () => {
  const team = [assignment({ id: 11, expiry_date: '2027-03-01T00:00:00.000Z' }), assignment({ id: 10, expiry_date: '2026-09-01T00:00:00.000Z' })];

  it('should pay 160 from two assignments of 100: the one expiring first entirely, then 60 of the next', () => {
    const plan = planSpend([{ budget_id: 9, points: 160 }], team, NOW);
    expect(plan.ok).toBe(true);
    expect(plan.parts).toEqual([
      { need: 0, assignment_id: 10, points: 100 },
      { need: 0, assignment_id: 11, points: 60 },
    ]);
    expect(plan.budgets).toEqual([
      {
        budget_id: 9,
        standing: 'active',
        needed: 160,
        spendable: 200,
        after: 40,
        shortfall: 0,
        uses: [
          { assignment: team[1], points: 100, after: 0 },
          { assignment: team[0], points: 60, after: 40 },
        ],
      },
    ]);
  });

  it('should split needs in order across assignments, the delivery included, in cents', () => {
    const plan = planSpend(
      [
        { budget_id: 9, points: 70.25 },
        { budget_id: 9, points: 50 },
        { budget_id: 9, points: 25 }, // the delivery
      ],
      team,
      NOW,
    );
    expect(plan.parts).toEqual([
      { need: 0, assignment_id: 10, points: 70.25 },
      { need: 1, assignment_id: 10, points: 29.75 },
      { need: 1, assignment_id: 11, points: 20.25 },
      { need: 2, assignment_id: 11, points: 25 },
    ]);
    expect(plan.budgets[0]?.after).toBe(54.75);
  });

  it('should refuse one point more than all active assignments hold, whatever the unusable ones hold', () => {
    const held = [...team, scheduled(20), expired(21), off(22)];
    const plan = planSpend([{ budget_id: 9, points: 200.01 }], held, NOW);
    expect(plan.ok).toBe(false);
    expect(plan.budgets[0]).toMatchObject({ needed: 200.01, spendable: 200, shortfall: 0.01, after: -0.01 });
    expect(spendVerdict([{ budget_id: 9, points: 200 }], held, NOW)).toBe('fine');
    expect(spendVerdict([{ budget_id: 9, points: 200.01 }], held, NOW)).toBe('insufficient');
  });

  it('should judge each budget on its own and name the first reason the server gives', () => {
    const held = [...team, assignment({ id: 30, budget_id: 8, points_left: 10 }), expired(31)];
    expect(spendVerdict([{ budget_id: 9, points: 150 }, { budget_id: 8, points: 10 }], held, NOW)).toBe('fine');
    expect(spendVerdict([{ budget_id: 9, points: 150 }, { budget_id: 8, points: 11 }], held, NOW)).toBe('insufficient');
    expect(spendVerdict([{ budget_id: 7, points: 1 }, { budget_id: 9, points: 999 }], held, NOW)).toBe('no_budget');
    expect(spendVerdict([{ budget_id: 9, points: 1 }], [expired(31), off(32)], NOW)).toBe('inactive');
    // A budget not needed at all is not judged.
    expect(spendVerdict([], [], NOW)).toBe('fine');
  });

  it('should never plan more than an assignment holds, and plan every need when ok', () => {
    const day = 86_400_000;
    const assignmentArb = fc.record({
      id: fc.integer({ min: 1, max: 10_000 }),
      budget_id: fc.integer({ min: 1, max: 2 }),
      points_left: fc.integer({ min: 0, max: 50_000 }).map((cents) => cents / 100),
      is_active: fc.boolean(),
      start_date: fc.integer({ min: -30, max: 30 }).map((days) => new Date(NOW.getTime() + days * day)),
      expiry_date: fc.integer({ min: -30, max: 90 }).map((days) => new Date(NOW.getTime() + days * day)),
    });
    const needArb = fc.record({ budget_id: fc.integer({ min: 1, max: 2 }), points: fc.integer({ min: 0, max: 50_000 }).map((cents) => cents / 100) });
    fc.assert(
      fc.property(fc.uniqueArray(assignmentArb, { selector: (held) => held.id, maxLength: 6 }), fc.array(needArb, { maxLength: 6 }), (held, needs) => {
        const plan = planSpend(needs, held, NOW);
        const taken = new Map<number, number>();
        for (const part of plan.parts) {
          const from = held.find((candidate) => candidate.id === part.assignment_id)!;
          expect(isSpendable(from, NOW)).toBe(true);
          expect(from.budget_id).toBe(needs[part.need]!.budget_id);
          taken.set(from.id, (taken.get(from.id) ?? 0) + Math.round(part.points * 100));
        }
        for (const [id, cents] of taken) expect(cents).toBeLessThanOrEqual(Math.round(held.find((candidate) => candidate.id === id)!.points_left * 100));
        for (const budget of plan.budgets) {
          expect(budget.spendable).toBe(spendableIn(budget.budget_id, held, NOW));
          expect(budget.shortfall > 0).toBe(budget.needed > budget.spendable);
        }
        // When ok, every need is paid in full.
        const unpaid = needs.filter((need, index) => plan.parts.filter((part) => part.need === index).reduce((sum, part) => sum + Math.round(part.points * 100), 0) !== Math.round(need.points * 100));
        expect(plan.ok ? unpaid : []).toEqual([]);
      }),
    );
  });
});
