import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { assignBudget, type AssignBudgetInput } from '../../../api/coordinator.ts';
import { AssignBudgetRequestSchema, type Budget, type CoordinatorBuyer, type UserBudget } from '../../../contract/contract.ts';
import { errorMessage } from '../../../api/errors.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { Dialog } from '../../../widgets/dialog/Dialog.tsx';
import { Dropdown } from '../../../widgets/dropdown/Dropdown.tsx';
import { Field } from '../../../widgets/field/Field.tsx';
import { TextField } from '../../../widgets/text-field/TextField.tsx';
import { ASSIGN_FIELD_ORDER, assignInput, initialDraft, issueFieldOf, NEW_BUDGET, type AssignDraft } from './assign-draft.ts';
import { issueText, schemaIssues, serverIssues, type FieldIssues } from './field-issues.ts';
import { fullName } from './people.ts';

/** Props of {@link AssignDialog}. */
export interface AssignDialogProps {
  buyer: CoordinatorBuyer;
  /** The shop's budgets to choose from (a new one can be created too). */
  budgets: Budget[];
  /** Closed without assigning (Cancel, Close, Escape). */
  onCancel: () => void;
  /** Assigned: the server's answer (the new assignment). */
  onAssigned: (assignment: UserBudget) => void;
}

/**
 * Assigns a budget to a buyer (mount it to open it): one of the shop's budgets or a new one (name and
 * colour), the points, and the first and last day. The body is checked with the contract's schema
 * before it is sent and the server's field errors show on their fields too; either way focus moves to
 * the first field with an error. Any other failure shows in the dialog, which stays open.
 */
export function AssignDialog({ buyer, budgets, onCancel, onAssigned }: AssignDialogProps) {
  useSignals();
  const formId = useId();
  const [draft, setDraft] = useState<AssignDraft>(() => initialDraft(budgets, new Date()));
  const [issues, setIssues] = useState<FieldIssues>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: keyof AssignDraft, value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    // The field's error goes once it is edited; the others stay until the next submit.
    setIssues((previous) => {
      const next = { ...previous };
      delete next[issueFieldOf(field)];
      return next;
    });
  };

  /** Moves focus to the first field with an error (in the order of the form). */
  const focusFirstError = (found: FieldIssues) => {
    const first = ASSIGN_FIELD_ORDER.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    const parsed = v.safeParse(AssignBudgetRequestSchema, assignInput(draft), { abortPipeEarly: true });
    if (!parsed.success) {
      const found = schemaIssues(parsed.issues);
      setIssues(found);
      focusFirstError(found);
      return;
    }
    setSaving(true);
    try {
      onAssigned(await assignBudget(buyer.id, parsed.output as AssignBudgetInput));
    } catch (error) {
      setSaving(false);
      const fields = serverIssues(error);
      if (Object.keys(fields).length > 0) {
        setIssues(fields);
        focusFirstError(fields);
      } else setFailure(error);
    }
  };

  const options = [...budgets.map((budget) => ({ value: String(budget.id), label: budget.name })), { value: NEW_BUDGET, label: t('coordinator.new_budget') }];
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('coordinator.assign_title', { name: fullName(buyer) })}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            {t('coordinator.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {t('coordinator.assign_confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="shop-coordinator__form">
        <Dropdown label={t('coordinator.budget')} options={options} value={draft.budget} onValueChange={(value) => change('budget', value)} error={issueText(issues.budget_id)} required />
        {draft.budget === NEW_BUDGET && (
          <>
            <TextField label={t('coordinator.budget_name')} value={draft.name} onValueChange={(value) => change('name', value)} error={issueText(issues.name)} required maxLength={100} data-field="name" />
            <Field label={t('coordinator.budget_colour')} error={issueText(issues.color)} required>
              {(control) => (
                <input {...control} type="color" className="shop-coordinator__colour" value={draft.color} onChange={(event) => change('color', event.target.value)} data-field="color" />
              )}
            </Field>
          </>
        )}
        <TextField
          label={t('coordinator.points')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft.points}
          onValueChange={(value) => change('points', value)}
          error={issueText(issues.points)}
          required
          data-field="points"
        />
        <div className="shop-coordinator__dates">
          <Field label={t('coordinator.start_date')} error={issueText(issues.start_date)} required>
            {(control) => <input {...control} type="date" className="shop-coordinator__date" value={draft.start} onChange={(event) => change('start', event.target.value)} data-field="start_date" />}
          </Field>
          <Field label={t('coordinator.expiry_date')} error={issueText(issues.expiry_date)} required>
            {(control) => (
              <input
                {...control}
                type="date"
                className="shop-coordinator__date"
                value={draft.expiry}
                // The last day cannot come before the first: the picker offers no earlier day.
                min={draft.start || undefined}
                onChange={(event) => change('expiry', event.target.value)}
                data-field="expiry_date"
              />
            )}
          </Field>
        </div>
        {failure !== null && (
          <p className="shop-screen-frame__error" role="alert">
            {errorMessage(failure)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
