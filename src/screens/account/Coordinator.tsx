import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import {
  approveRegistration,
  assignBudget,
  deactivateAssignment,
  fetchBuyers,
  fetchRegistrations,
  fetchShopBudgets,
  rejectRegistration,
  type AssignBudgetInput,
} from '../../api/coordinator.ts';
import {
  AssignBudgetRequestSchema,
  RejectRegistrationRequestSchema,
  type Budget,
  type CoordinatorBuyer,
  type RegistrationRequest,
  type UserBudget,
} from '../../api/contract.ts';
import { errorMessage, isApiClientError } from '../../api/errors.ts';
import { issueParams, issuePath } from '../../domain/validation.ts';
import { formatDate, formatPoints } from '../../i18n/format.ts';
import { t, type MessageParams } from '../../i18n/index.ts';
import { showAlert } from '../../store/alerts.ts';
import { isPointsShop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Badge, type BadgeTone } from '../../widgets/badge/Badge.tsx';
import { Button } from '../../widgets/button/Button.tsx';
import { Dialog } from '../../widgets/dialog/Dialog.tsx';
import { Dropdown } from '../../widgets/dropdown/Dropdown.tsx';
import { Field } from '../../widgets/field/Field.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { Tabs } from '../../widgets/tabs/Tabs.tsx';
import { TextArea } from '../../widgets/text-area/TextArea.tsx';
import { TextField } from '../../widgets/text-field/TextField.tsx';
import { AccountFrame } from './AccountFrame.tsx';
import css from './coordinator.css?inline';
import { FactRow, FactRows } from '../FactRow.tsx';
import { useRemote, type Remote } from '../use-remote.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

registerStyles('coordinator', css);

/** The Dropdown value that stands for "a new budget" (budget ids are numbers). */
export const NEW_BUDGET = 'new';
/** The colour a new budget starts with. */
export const DEFAULT_BUDGET_COLOUR = '#2563eb';
/** Longest rejection reason (the contract's rule). */
const REASON_MAX = 500;

/** A field's message: an i18n key with its placeholders. */
type FieldIssues = Record<string, { key: string; params: MessageParams }>;

/** First issue per field of a contract schema's parse, keyed like the server's `error_keys`. */
function schemaIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of issues) {
    const path = issuePath(issue);
    if (out[path]) continue;
    const key = issue.input === undefined ? 'validation.required' : /^[a-z_]+(\.[a-z_]+)+$/.test(issue.message) ? issue.message : 'validation.invalid';
    out[path] = { key, params: issueParams(issue) as MessageParams };
  }
  return out;
}

/** The server's field errors of a 422 (`error_keys`), first per field. */
function serverIssues(error: unknown): FieldIssues {
  const out: FieldIssues = {};
  if (!isApiClientError(error, 'http') || !error.fieldKeys) return out;
  for (const [field, list] of Object.entries(error.fieldKeys)) {
    const first = list[0];
    if (first) out[field] = { key: first.key, params: first.params as MessageParams };
  }
  return out;
}

const message = (issue: { key: string; params: MessageParams } | undefined) => (issue ? t(issue.key, issue.params) : undefined);

const fullName = (person: { name: string; surname: string; email: string }) => `${person.name} ${person.surname}`.trim() || person.email;

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of a date in the user's time zone (the value of a date input). */
export function dateInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A date input's day as an ISO timestamp in the user's time zone: its first moment, or with `end` its
 * last (an expiry date names the last day the budget can be spent). `''` when the value is not a day.
 */
export function dayToIso(value: string, end = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return '';
  const date = end
    ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999)
    : new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

const REQUEST_TONE: Record<RegistrationRequest['status'], BadgeTone> = { pending: 'warning', approved: 'success', rejected: 'neutral' };
const BUDGET_TONE: Record<UserBudget['status'], BadgeTone> = { active: 'success', scheduled: 'info', inactive: 'neutral', expired: 'neutral' };

/**
 * The coordinator area (issue 7, route `coordinator` `/user/coordinator`, coordinators only): two
 * tabs, the registration requests naming this coordinator (approve, or reject with a reason) and the
 * shop's buyers with their budget assignments (assign a budget, deactivate one; budgets only in
 * points shops). Every change is confirmed with a toast.
 */
export function Coordinator(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  // An approval adds a buyer: the buyers' list (already loaded behind its tab) loads again.
  const [buyersVersion, setBuyersVersion] = useState(0);
  const onApproved = useCallback(() => setBuyersVersion((value) => value + 1), []);
  return (
    <AccountFrame title={t('account.coordinator_area')} className="shop-coordinator">
      <Tabs
        label={t('coordinator.sections')}
        items={[
          { value: 'requests', label: t('coordinator.requests'), content: <RequestsPanel onApproved={onApproved} /> },
          { value: 'buyers', label: t('coordinator.buyers'), content: <BuyersPanel version={buyersVersion} /> },
        ]}
      />
    </AccountFrame>
  );
}

/** A load's loading and error states; `children` render once it is ready. */
function LoadState<T>({ remote, children }: { remote: Remote<T>; children: (data: T) => ReactNode }) {
  useSignals();
  if (remote.status === 'error') {
    return (
      <div role="alert" className="shop-coordinator__error">
        <p className="shop-screen-frame__error">{`${t('coordinator.load_error')} ${errorMessage(remote.error)}`}</p>
        <Button variant="secondary" size="small" onClick={remote.reload}>
          {t('coordinator.retry')}
        </Button>
      </div>
    );
  }
  if (remote.status === 'loading' || remote.data === null) return <Loading loading className="shop-screen-frame__pending" />;
  return <>{children(remote.data)}</>;
}

// ---------------------------------------------------------------------------------------------------
// Registration requests

function RequestsPanel({ onApproved }: { onApproved: () => void }) {
  useSignals();
  const requests = useRemote('registrations', (signal) => fetchRegistrations({ signal }));
  const [rejecting, setRejecting] = useState<RegistrationRequest | null>(null);
  const [approving, setApproving] = useState<number | null>(null);

  const replace = (next: RegistrationRequest) => requests.update((list) => list && list.map((item) => (item.id === next.id ? next : item)));

  const approve = async (request: RegistrationRequest) => {
    if (approving !== null) return;
    setApproving(request.id);
    try {
      replace(await approveRegistration(request.id));
      onApproved();
      showAlert({ type: 'success', content: t('coordinator.approved', { name: fullName(request) }) });
    } catch (error) {
      showAlert({ type: 'error', content: errorMessage(error) });
      // Reviewed or withdrawn meanwhile: show the list as it is now.
      if (isApiClientError(error, 'http') && (error.status === 404 || error.status === 409)) requests.reload();
    } finally {
      setApproving(null);
    }
  };

  return (
    <>
      <LoadState remote={requests}>
        {(list) =>
          list.length === 0 ? (
          <p className="shop-screen-frame__message">{t('coordinator.no_requests')}</p>
        ) : (
          <ul className="shop-coordinator__list" aria-label={t('coordinator.requests')}>
            {list.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                approving={approving === request.id}
                busy={approving !== null}
                onApprove={() => void approve(request)}
                onReject={() => setRejecting(request)}
              />
            ))}
          </ul>
        )
        }
      </LoadState>
      {rejecting && (
        <RejectDialog
          request={rejecting}
          onCancel={() => setRejecting(null)}
          onRejected={(next) => {
            setRejecting(null);
            replace(next);
            showAlert({ type: 'success', content: t('coordinator.rejected', { name: fullName(next) }) });
          }}
        />
      )}
    </>
  );
}

function RequestCard({ request, approving, busy, onApprove, onReject }: { request: RegistrationRequest; approving: boolean; busy: boolean; onApprove: () => void; onReject: () => void }) {
  useSignals();
  const titleId = useId();
  const name = fullName(request);
  const facts: [string, string][] = [
    [t('coordinator.email'), request.email],
    [t('coordinator.phone'), request.phone],
    [t('coordinator.job_title'), request.job_title],
    [t('coordinator.cost_center'), request.cost_center],
    [t('coordinator.buyer_id'), request.buyer_id],
  ];
  return (
    <li className="shop-coordinator__card" aria-labelledby={titleId} data-status={request.status}>
      <div className="shop-coordinator__head">
        <h2 id={titleId} className="shop-coordinator__name">
          {name}
        </h2>
        <Badge tone={REQUEST_TONE[request.status]}>{t(`coordinator.request_status.${request.status}`)}</Badge>
      </div>
      <dl className="shop-coordinator__facts">
        <FactRows facts={facts} />
        {request.status === 'rejected' && request.reason && (
          <FactRow term={t('coordinator.reason')}>{request.reason}</FactRow>
        )}
      </dl>
      <p className="shop-coordinator__meta">
        {t('coordinator.requested_on', { date: formatDate(request.created_at) })}
        {request.reviewed_at && ` · ${t('coordinator.reviewed_on', { date: formatDate(request.reviewed_at) })}`}
      </p>
      {request.status === 'pending' && (
        <div className="shop-coordinator__actions">
          <Button size="small" onClick={onApprove} loading={approving} disabled={busy && !approving} aria-label={t('coordinator.approve_named', { name })}>
            {t('coordinator.approve')}
          </Button>
          <Button size="small" variant="secondary" onClick={onReject} disabled={busy} aria-label={t('coordinator.reject_named', { name })}>
            {t('coordinator.reject')}
          </Button>
        </div>
      )}
    </li>
  );
}

function RejectDialog({ request, onCancel, onRejected }: { request: RegistrationRequest; onCancel: () => void; onRejected: (next: RegistrationRequest) => void }) {
  useSignals();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [issues, setIssues] = useState<FieldIssues>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    const parsed = v.safeParse(RejectRegistrationRequestSchema, { reason }, { abortPipeEarly: true });
    if (!parsed.success) {
      setIssues(schemaIssues(parsed.issues));
      reasonRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      onRejected(await rejectRegistration(request.id, parsed.output.reason));
    } catch (error) {
      setSaving(false);
      const fields = serverIssues(error);
      if (fields.reason) {
        setIssues(fields);
        reasonRef.current?.focus();
      } else setFailure(error);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('coordinator.reject_title', { name: fullName(request) })}
      description={t('coordinator.reject_description')}
      initialFocus={reasonRef}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            {t('coordinator.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {t('coordinator.reject_confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="shop-coordinator__form">
        <TextArea
          ref={reasonRef}
          label={t('coordinator.reason')}
          required
          maxLength={REASON_MAX}
          value={reason}
          onValueChange={(value) => {
            setReason(value);
            setIssues({});
          }}
          error={message(issues.reason)}
        />
        {failure !== null && (
          <p className="shop-screen-frame__error" role="alert">
            {errorMessage(failure)}
          </p>
        )}
      </form>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------
// Buyers and budgets

interface BuyersData {
  buyers: CoordinatorBuyer[];
  budgets: Budget[];
}

function BuyersPanel({ version }: { version: number }) {
  useSignals();
  const points = isPointsShop.value;
  // Loaded again when an approval adds a buyer (`version`).
  const remote = useRemote<BuyersData>(`${version}|${points}`, async (signal) => {
    const [buyers, budgets] = await Promise.all([fetchBuyers({ signal }), points ? fetchShopBudgets({ signal }) : Promise.resolve([])]);
    return { buyers, budgets };
  });
  const [assigningTo, setAssigningTo] = useState<CoordinatorBuyer | null>(null);
  const [deactivating, setDeactivating] = useState<{ buyer: CoordinatorBuyer; assignment: UserBudget } | null>(null);

  const replaceAssignment = (buyerId: number, next: UserBudget) =>
    remote.update((data) => data && {
      ...data,
      buyers: data.buyers.map((buyer) => {
        if (buyer.id !== buyerId) return buyer;
        const known = buyer.budgets.some((item) => item.id === next.id);
        const budgets = known ? buyer.budgets.map((item) => (item.id === next.id ? next : item)) : [...buyer.budgets, next];
        return { ...buyer, budgets: budgets.sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id) };
      }),
      budgets: data.budgets.some((budget) => budget.id === next.budget_id)
        ? data.budgets
        : [...data.budgets, { id: next.budget_id, name: next.name, color: next.color }].sort((a, b) => a.name.localeCompare(b.name)),
    });

  return (
    <LoadState remote={remote}>
      {(data) => (
        <>
          {data.buyers.length === 0 ? (
            <p className="shop-screen-frame__message">{t('coordinator.no_buyers')}</p>
          ) : (
            <ul className="shop-coordinator__list" aria-label={t('coordinator.buyers')}>
              {data.buyers.map((buyer) => (
                <BuyerCard
                  key={buyer.id}
                  buyer={buyer}
                  points={points}
                  onAssign={() => setAssigningTo(buyer)}
                  onDeactivate={(assignment) => setDeactivating({ buyer, assignment })}
                />
              ))}
            </ul>
          )}
          {assigningTo && (
            <AssignDialog
              buyer={assigningTo}
              budgets={data.budgets}
              onCancel={() => setAssigningTo(null)}
              onAssigned={(assignment) => {
                const buyer = assigningTo;
                setAssigningTo(null);
                replaceAssignment(buyer.id, assignment);
                showAlert({ type: 'success', content: t('coordinator.assigned', { budget: assignment.name, name: fullName(buyer) }) });
              }}
            />
          )}
          {deactivating && (
            <DeactivateDialog
              buyer={deactivating.buyer}
              assignment={deactivating.assignment}
              onCancel={() => setDeactivating(null)}
              onDeactivated={(assignment) => {
                const { buyer } = deactivating;
                setDeactivating(null);
                replaceAssignment(buyer.id, assignment);
                showAlert({ type: 'success', content: t('coordinator.deactivated', { budget: assignment.name, name: fullName(buyer) }) });
              }}
            />
          )}
        </>
      )}
    </LoadState>
  );
}

function BuyerCard({ buyer, points, onAssign, onDeactivate }: { buyer: CoordinatorBuyer; points: boolean; onAssign: () => void; onDeactivate: (assignment: UserBudget) => void }) {
  useSignals();
  const titleId = useId();
  const name = fullName(buyer);
  const facts: [string, string][] = [
    [t('coordinator.email'), buyer.email],
    [t('coordinator.job_title'), buyer.job_title],
    [t('coordinator.buyer_id'), buyer.buyer_id],
    [t('coordinator.cost_center'), buyer.cost_center],
  ];
  return (
    <li className="shop-coordinator__card" aria-labelledby={titleId}>
      <div className="shop-coordinator__head">
        <h2 id={titleId} className="shop-coordinator__name">
          {name}
        </h2>
        {points && (
          <Button size="small" variant="secondary" onClick={onAssign} aria-label={t('coordinator.assign_named', { name })}>
            {t('coordinator.assign')}
          </Button>
        )}
      </div>
      <dl className="shop-coordinator__facts">
        <FactRows facts={facts} />
      </dl>
      {points &&
        (buyer.budgets.length === 0 ? (
          <p className="shop-coordinator__meta">{t('coordinator.no_budgets')}</p>
        ) : (
          <ul className="shop-coordinator__budgets" aria-label={t('coordinator.budgets_of', { name })}>
            {buyer.budgets.map((assignment) => (
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
        ))}
    </li>
  );
}

interface AssignDraft {
  budget: string;
  name: string;
  color: string;
  points: string;
  start: string;
  expiry: string;
}

/** The request body a draft stands for (checked with the contract schema before it is sent). */
function assignInput(draft: AssignDraft): Record<string, unknown> {
  const points = draft.points.trim() === '' ? undefined : Number(draft.points);
  const dates = { start_date: dayToIso(draft.start), expiry_date: dayToIso(draft.expiry, true) };
  if (draft.budget === NEW_BUDGET) return { name: draft.name, color: draft.color, points, ...dates };
  return { budget_id: draft.budget === '' ? undefined : Number(draft.budget), points, ...dates };
}

function AssignDialog({ buyer, budgets, onCancel, onAssigned }: { buyer: CoordinatorBuyer; budgets: Budget[]; onCancel: () => void; onAssigned: (assignment: UserBudget) => void }) {
  useSignals();
  const formId = useId();
  const [draft, setDraft] = useState<AssignDraft>(() => ({
    budget: budgets[0] ? String(budgets[0].id) : NEW_BUDGET,
    name: '',
    color: DEFAULT_BUDGET_COLOUR,
    points: '',
    start: dateInputValue(new Date()),
    expiry: '',
  }));
  const [issues, setIssues] = useState<FieldIssues>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: keyof AssignDraft, value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setIssues((previous) => {
      const next = { ...previous };
      delete next[field === 'budget' ? 'budget_id' : field === 'start' ? 'start_date' : field === 'expiry' ? 'expiry_date' : field];
      return next;
    });
  };

  /** Moves focus to the first field with an error (in the order of the form). */
  const focusFirstError = (found: FieldIssues) => {
    const order = ['budget_id', 'name', 'color', 'points', 'start_date', 'expiry_date'];
    const first = order.find((field) => found[field]);
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
        <Dropdown label={t('coordinator.budget')} options={options} value={draft.budget} onValueChange={(value) => change('budget', value)} error={message(issues.budget_id)} required />
        {draft.budget === NEW_BUDGET && (
          <>
            <TextField label={t('coordinator.budget_name')} value={draft.name} onValueChange={(value) => change('name', value)} error={message(issues.name)} required maxLength={100} data-field="name" />
            <Field label={t('coordinator.budget_colour')} error={message(issues.color)} required>
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
          error={message(issues.points)}
          required
          data-field="points"
        />
        <div className="shop-coordinator__dates">
          <Field label={t('coordinator.start_date')} error={message(issues.start_date)} required>
            {(control) => <input {...control} type="date" className="shop-coordinator__date" value={draft.start} onChange={(event) => change('start', event.target.value)} data-field="start_date" />}
          </Field>
          <Field label={t('coordinator.expiry_date')} error={message(issues.expiry_date)} required>
            {(control) => (
              <input
                {...control}
                type="date"
                className="shop-coordinator__date"
                value={draft.expiry}
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

function DeactivateDialog({ buyer, assignment, onCancel, onDeactivated }: { buyer: CoordinatorBuyer; assignment: UserBudget; onCancel: () => void; onDeactivated: (next: UserBudget) => void }) {
  useSignals();
  return (
    <ConfirmDialog
      title={t('coordinator.deactivate_title')}
      description={t('coordinator.deactivate_description', { name: fullName(buyer), left: formatPoints(assignment.points_left), budget: assignment.name })}
      cancelLabel={t('coordinator.cancel')}
      confirmLabel={t('coordinator.deactivate_confirm')}
      onConfirm={async () => onDeactivated(await deactivateAssignment(assignment.id))}
      onCancel={onCancel}
      renderFailure={(failure) => (
        <p className="shop-screen-frame__error" role="alert">
          {errorMessage(failure)}
        </p>
      )}
    />
  );
}
