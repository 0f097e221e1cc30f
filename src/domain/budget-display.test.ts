import { describe, expect, it } from 'vitest';
import { assignmentPhase, assignmentsForDisplay, spendableTotal } from './budget-display.ts';
import type { SpendableAssignment } from './budget-spend.ts';

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

describe('showing assignments (issue 27: an expired budget reads as expired)', () => {
  it('should tell each phase by the dates, expired and scheduled before the switch', () => {
    expect(assignmentPhase(assignment({ id: 1 }), NOW)).toBe('active');
    expect(assignmentPhase(expired(2), NOW)).toBe('expired');
    // An expired assignment the server still calls "active" has no points to spend all the same.
    expect(assignmentPhase(assignment({ id: 3, is_active: false, expiry_date: '2026-01-31T00:00:00.000Z' }), NOW)).toBe('expired');
    expect(assignmentPhase(scheduled(4), NOW)).toBe('scheduled');
    expect(assignmentPhase(off(5), NOW)).toBe('inactive');
  });

  it('should list the spendable ones first in spending order, then upcoming, switched off, and expired latest first', () => {
    const list = [
      assignment({ id: 1, expiry_date: '2026-01-31T00:00:00.000Z' }), // expired in January
      off(2),
      assignment({ id: 3, expiry_date: '2026-12-31T00:00:00.000Z' }),
      scheduled(4),
      assignment({ id: 5, expiry_date: '2026-09-30T00:00:00.000Z' }),
      expired(6), // expired just now
      assignment({ id: 7, start_date: '2026-06-15T00:00:00.000Z' }), // starts sooner than 4
    ];
    expect(assignmentsForDisplay(list, NOW).map((item) => item.id)).toEqual([5, 3, 7, 4, 2, 6, 1]);
    // The input is not reordered.
    expect(list.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('should total only the points that can be spent now, over every budget', () => {
    const held = [assignment({ id: 1, points_left: 0.1 }), assignment({ id: 2, budget_id: 8, points_left: 0.2 }), expired(3), scheduled(4), off(5), assignment({ id: 6, points_left: -5 })];
    expect(spendableTotal(held, NOW)).toBe(0.3);
    expect(spendableTotal([expired(1)], NOW)).toBe(0);
  });
});
