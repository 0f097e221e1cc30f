import { useSignals } from '@preact/signals-react/runtime';
import type { UserBudget } from '../../../contract/contract.ts';
import { formatDate, formatPoints } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import { Badge, type BadgeTone } from '../../../widgets/badge/Badge.tsx';
import { Button } from '../../../widgets/button/Button.tsx';

/** The badge colour of each assignment status: only an active one can be spent now. */
const BUDGET_TONE: Record<UserBudget['status'], BadgeTone> = { active: 'success', scheduled: 'info', inactive: 'neutral', expired: 'neutral' };

/** Props of {@link AssignmentList}. */
export interface AssignmentListProps {
  /** The buyer's name, for the list's label and the buttons' accessible names. */
  name: string;
  assignments: readonly UserBudget[];
  onDeactivate: (assignment: UserBudget) => void;
}

/**
 * A buyer's budget assignments: each budget with its status, points left of those assigned and its
 * period, and Deactivate while it is active or scheduled (an inactive or expired one has nothing left
 * to stop). "No budgets" when the buyer has none.
 */
export function AssignmentList({ name, assignments, onDeactivate }: AssignmentListProps) {
  useSignals();
  if (assignments.length === 0) return <p className="shop-coordinator__meta">{t('coordinator.no_budgets')}</p>;
  return (
    <ul className="shop-coordinator__budgets" aria-label={t('coordinator.budgets_of', { name })}>
      {assignments.map((assignment) => (
        <li key={assignment.id} className="shop-coordinator__budget" data-status={assignment.status}>
          <Badge color={assignment.color}>{assignment.name}</Badge>
          <Badge tone={BUDGET_TONE[assignment.status]}>{t(`budgets.status.${assignment.status}`)}</Badge>
          <span>{t('budgets.points_left_of', { left: formatPoints(assignment.points_left), assigned: formatPoints(assignment.points) })}</span>
          <span className="shop-coordinator__meta">
            {t('coordinator.period', { start: formatDate(assignment.start_date), end: formatDate(assignment.expiry_date) })}
          </span>
          {(assignment.status === 'active' || assignment.status === 'scheduled') && (
            <Button
              size="small"
              variant="ghost"
              onClick={() => onDeactivate(assignment)}
              aria-label={t('coordinator.deactivate_named', { budget: assignment.name, name })}
            >
              {t('coordinator.deactivate')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
