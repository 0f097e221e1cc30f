import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserSchema, type CoordinatorBuyer, type RegistrationRequest, type UserBudget, type Website } from '../../contract/contract.ts';
import { ElementShell } from '../../app/ElementShell.tsx';
import { alerts } from '../../store/alerts.ts';
import { locale } from '../../store/locale.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { savedShop } from '../../store/shop.ts';
import { GROSS_SHOP, POINTS_SHOP, assignment, json, plain } from '../product/test-fixtures.ts';
import { resetScreenPage } from '../test-page.ts';
import { Coordinator } from './Coordinator.tsx';
import { dayToIso } from './coordinator/dates.ts';

/** One call the stubbed provider received. */
interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** Stubs `fetch` with `handler`; every call is recorded (method, path, JSON body). */
function stubApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const raw = typeof init.body === 'string' ? init.body : '';
      const call = { method: (init.method ?? 'GET').toUpperCase(), path: url.pathname, body: raw === '' ? undefined : (JSON.parse(raw) as unknown) };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

const request = (overrides: Partial<RegistrationRequest> = {}): RegistrationRequest => ({
  id: 11,
  email: 'ada@newcomer.test',
  name: 'Ada',
  surname: 'Lovelace',
  phone: '+48 600 700 800',
  job_title: 'Engineer',
  cost_center: 'CC-42',
  buyer_id: 'B-7',
  status: 'pending',
  reason: null,
  created_at: '2026-11-20T10:00:00.000Z',
  reviewed_at: null,
  ...overrides,
});

const buyerRow = (overrides: Partial<CoordinatorBuyer> = {}): CoordinatorBuyer => ({
  id: 42,
  email: 'anna@example.com',
  name: 'Anna',
  surname: 'Nowak',
  phone: '',
  job_title: 'Designer',
  buyer_id: 'B-1',
  cost_center: 'CC-1',
  coordinator_email: 'boss@example.com',
  budgets: [],
  ...overrides,
});

const BUDGETS = [
  { id: 9, name: 'Marketing', color: '#2563eb' },
  { id: 10, name: 'Team events', color: '#16a34a' },
];

/** A provider with `requests` and `buyers`; changes answer as the reference server does. */
function provider(options: { requests?: RegistrationRequest[]; buyers?: CoordinatorBuyer[]; overrides?: (call: Call) => Response | undefined } = {}): Call[] {
  const requests = options.requests ?? [request()];
  const buyers = options.buyers ?? [buyerRow()];
  return stubApi(async (call) => {
    const overridden = options.overrides?.(call);
    if (overridden) return overridden;
    if (call.path === '/api/coordinator/registrations') return json(requests);
    if (call.path === '/api/coordinator/buyers') return json(buyers);
    if (call.path === '/api/coordinator/budgets') return json(BUDGETS);
    const approve = /^\/api\/coordinator\/registrations\/(\d+)\/approve$/.exec(call.path);
    if (approve) return json(request({ id: Number(approve[1]), status: 'approved', reviewed_at: '2026-11-23T10:00:00.000Z' }));
    const reject = /^\/api\/coordinator\/registrations\/(\d+)\/reject$/.exec(call.path);
    if (reject) return json(request({ id: Number(reject[1]), status: 'rejected', reason: (call.body as { reason: string }).reason, reviewed_at: '2026-11-23T10:00:00.000Z' }));
    const assign = /^\/api\/coordinator\/buyers\/(\d+)\/budgets$/.exec(call.path);
    if (assign) {
      const body = call.body as { budget_id?: number; name?: string; color?: string; points: number; start_date: string; expiry_date: string };
      const budget = BUDGETS.find((item) => item.id === body.budget_id) ?? { id: 77, name: body.name ?? '', color: body.color ?? '' };
      const created: UserBudget = assignment({
        id: 500,
        budget_id: budget.id,
        name: budget.name,
        color: budget.color,
        points: body.points,
        points_left: body.points,
        start_date: body.start_date,
        expiry_date: body.expiry_date,
      });
      return json(created, 201);
    }
    const deactivate = /^\/api\/coordinator\/assignments\/(\d+)\/deactivate$/.exec(call.path);
    if (deactivate) {
      const held = buyers.flatMap((item) => item.budgets).find((item) => item.id === Number(deactivate[1]));
      return json({ ...held, is_active: false, status: 'inactive' });
    }
    return json({ message: 'Page not found', code: 'errors.not_found' }, 404);
  });
}

function logInCoordinator(website: Website = POINTS_SHOP): void {
  savedShop.value = website;
  user.value = v.parse(UserSchema, {
    id: 7,
    email: 'boss@example.com',
    name: 'Kasia',
    surname: 'Wiśniewska',
    phone: '',
    job_title: '',
    buyer_id: '',
    cost_center: '',
    role: 'coordinator',
    website_id: website.id,
    coordinator_email: null,
    budgets: [],
  });
  sessionStatus.value = 'user';
}

function renderScreen() {
  const host = document.createElement('div');
  document.body.append(host);
  return render(
    <ElementShell host={host} root={document}>
      <Coordinator routeId="coordinator" />
    </ElementShell>,
    { container: host },
  );
}

const toasts = () => alerts.value.map((alert) => ({ type: alert.type, content: alert.content }));
const card = (name: string) => {
  const found = screen.getAllByRole('listitem').find((item) => within(item).queryByRole('heading', { level: 2, name }));
  if (!found) throw new Error(`no card ${name}`);
  return found;
};
const openBuyers = async () => {
  await userEvent.click(screen.getByRole('tab', { name: 'Buyers' }));
  return screen.getByRole('tabpanel', { name: 'Buyers' });
};

beforeEach(() => {
  resetScreenPage('/user/coordinator', POINTS_SHOP);
  logInCoordinator();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('Coordinator area: registration requests', () => {
  it('should list the requests with their details and approve one, with a toast', async () => {
    const calls = provider({ requests: [request(), request({ id: 12, name: 'Bob', surname: 'Old', email: 'bob@x.test', status: 'rejected', reason: 'Unknown person', reviewed_at: '2026-11-21T10:00:00.000Z' })] });
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Coordinator area' })).toBeInTheDocument();
    const ada = await waitFor(() => card('Ada Lovelace'));
    expect(within(ada).getByText('Pending')).toBeInTheDocument();
    expect(within(ada).getByText('ada@newcomer.test')).toBeInTheDocument();
    expect(within(ada).getByText('CC-42')).toBeInTheDocument();
    expect(within(ada).getByText('Requested on 20 Nov 2026')).toBeInTheDocument();
    const bob = card('Bob Old');
    expect(within(bob).getByText('Unknown person')).toBeInTheDocument();
    expect(within(bob).queryByRole('button', { name: /Approve/ })).toBeNull();

    await userEvent.click(within(ada).getByRole('button', { name: 'Approve the request of Ada Lovelace' }));
    await waitFor(() => expect(within(card('Ada Lovelace')).getByText('Approved')).toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/api/coordinator/registrations/11/approve', body: undefined }]);
    expect(toasts()).toContainEqual({ type: 'success', content: 'The request of Ada Lovelace was approved: the account is ready and an e-mail is on its way.' });
    expect(within(card('Ada Lovelace')).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('should reject with a reason given in a dialog, which requires one', async () => {
    const calls = provider();
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject the request of Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the request of Ada Lovelace' });
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(within(dialog).getByText('This element is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not an employee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/api/coordinator/registrations/11/reject', body: { reason: 'Not an employee' } }]);
    const ada = card('Ada Lovelace');
    expect(within(ada).getByText('Rejected')).toBeInTheDocument();
    expect(within(ada).getByText('Not an employee')).toBeInTheDocument();
    expect(toasts()).toContainEqual({ type: 'success', content: 'The request of Ada Lovelace was rejected.' });
  });

  it('should say when there are no requests, and show a failed approval as an error toast', async () => {
    provider({ requests: [] });
    renderScreen();
    expect(await screen.findByText('No registration requests name you as their coordinator.')).toBeInTheDocument();

    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    provider({ overrides: (call) => (call.method === 'POST' ? json({ message: 'x', code: 'coordinator.errors.already_reviewed' }, 409) : undefined) });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve the request of Ada Lovelace' }));
    await waitFor(() => expect(toasts()).toContainEqual({ type: 'error', content: 'This request has already been reviewed.' }));
  });

  it('should show a load error with a way to try again', async () => {
    let fail = true;
    provider({ overrides: (call) => (call.path === '/api/coordinator/registrations' && fail ? json({ message: 'Something went wrong!', code: 'errors.something_went_wrong' }, 500) : undefined) });
    renderScreen();
    const panel = screen.getByRole('tabpanel', { name: 'Registration requests' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The list could not be loaded. Something went wrong!');
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});

describe('Coordinator area: buyers and budgets', () => {
  const held = [
    assignment({ id: 70, name: 'Marketing', points: 1000, points_left: 800, start_date: '2026-01-01T00:00:00.000Z', expiry_date: '2026-12-31T12:00:00.000Z' }),
    assignment({ id: 71, budget_id: 10, name: 'Winter', points: 500, points_left: 500, is_active: false, status: 'expired', start_date: '2025-01-01T00:00:00.000Z', expiry_date: '2025-03-01T12:00:00.000Z' }),
  ];

  it("should list the buyers with each budget's points left, dates and state", async () => {
    provider({ buyers: [buyerRow({ budgets: held }), buyerRow({ id: 43, name: 'Piotr', surname: 'Zieliński', email: 'piotr@example.com' })] });
    renderScreen();
    const panel = await openBuyers();
    const anna = await within(panel).findByRole('listitem', { name: 'Anna Nowak' });
    const budgets = within(anna).getByRole('list', { name: 'Budgets of Anna Nowak' });
    const [marketing, winter] = within(budgets).getAllByRole('listitem');
    expect(plain(marketing?.textContent)).toContain('800 pts of 1,000 pts left');
    expect(plain(marketing?.textContent)).toContain('1 Jan 2026 – 31 Dec 2026');
    expect(within(marketing!).getByText('Active')).toBeInTheDocument();
    expect(within(winter!).getByText('Expired')).toBeInTheDocument();
    expect(within(winter!).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(within(within(panel).getByRole('listitem', { name: 'Piotr Zieliński' })).getByText('No budgets assigned yet.')).toBeInTheDocument();
  });

  it('should assign a new budget with its colour, points and dates, and show it at once', async () => {
    const calls = provider();
    renderScreen();
    const panel = await openBuyers();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Assign budget to Anna Nowak' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign a budget to Anna Nowak' });

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Budget/ }));
    await userEvent.click(screen.getByRole('option', { name: 'New budget' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name of the new budget/ }), 'Conference');
    fireEvent.change(within(dialog).getByLabelText(/Colour/), { target: { value: '#0ea5e9' } });
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Points/ }), '250');
    fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: '2026-12-01' } });
    fireEvent.change(within(dialog).getByLabelText(/Expiry date/), { target: { value: '2027-02-28' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/coordinator/buyers/42/budgets',
        body: { name: 'Conference', color: '#0ea5e9', points: 250, start_date: dayToIso('2026-12-01'), expiry_date: dayToIso('2027-02-28', true) },
      },
    ]);
    expect(new Date(dayToIso('2027-02-28', true)).getDate()).toBe(28);
    const anna = within(panel).getByRole('listitem', { name: 'Anna Nowak' });
    expect(plain(within(anna).getByRole('list', { name: 'Budgets of Anna Nowak' }).textContent)).toContain('250 pts of 250 pts left');
    expect(toasts()).toContainEqual({ type: 'success', content: 'The Conference budget was assigned to Anna Nowak.' });
  });

  it('should check the form before sending and show the errors the server finds', async () => {
    const calls = provider({
      overrides: (call) =>
        call.method === 'POST'
          ? json({ message: 'The given data was invalid.', code: 'validation.invalid', errors: { points: ['x'] }, error_keys: { points: [{ key: 'validation.max_value', params: { bound: 1000 } }] } }, 422)
          : undefined,
    });
    renderScreen();
    const panel = await openBuyers();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Assign budget to Anna Nowak' }));
    const dialog = screen.getByRole('dialog');
    // An existing budget is chosen by default; points and expiry are missing.
    expect(within(dialog).getByRole('combobox', { name: /Budget/ })).toHaveTextContent('Marketing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByRole('spinbutton', { name: /Points/ })).toHaveAccessibleDescription('This element is required');
    expect(within(dialog).getByRole('spinbutton', { name: /Points/ })).toHaveFocus();

    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Points/ }), '0');
    fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: '2026-12-10' } });
    fireEvent.change(within(dialog).getByLabelText(/Expiry date/), { target: { value: '2026-12-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByRole('spinbutton', { name: /Points/ })).toHaveAccessibleDescription('Enter at least 1');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: /Points/ }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Points/ }), '5000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByLabelText(/Expiry date/)).toHaveAccessibleDescription('The expiry date must be after the start date');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Expiry date/), { target: { value: '2026-12-31' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(within(dialog).getByRole('spinbutton', { name: /Points/ })).toHaveAccessibleDescription('Enter at most 1000'));
    expect(calls.filter((call) => call.method === 'POST')[0]?.body).toMatchObject({ budget_id: 9, points: 5000 });
  });

  it('should deactivate a budget after a confirmation', async () => {
    const calls = provider({ buyers: [buyerRow({ budgets: held })] });
    renderScreen();
    const panel = await openBuyers();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Deactivate Marketing of Anna Nowak' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate this budget?' });
    expect(plain(dialog.textContent)).toContain('Anna Nowak will no longer be able to spend the 800 pts left in Marketing.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(within(panel).getByRole('button', { name: 'Deactivate Marketing of Anna Nowak' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate budget' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/api/coordinator/assignments/70/deactivate', body: undefined }]);
    const budgets = within(panel).getByRole('list', { name: 'Budgets of Anna Nowak' });
    const marketing = within(budgets).getAllByRole('listitem').find((item) => item.textContent?.includes('Marketing'));
    expect(marketing).toHaveTextContent('Inactive');
    expect(within(panel).queryByRole('button', { name: 'Deactivate Marketing of Anna Nowak' })).toBeNull();
    expect(toasts()).toContainEqual({ type: 'success', content: 'The Marketing budget of Anna Nowak was deactivated.' });
  });

  it('should leave budgets out in a shop that does not run on points', async () => {
    const calls = provider({ buyers: [buyerRow({ budgets: held })] });
    logInCoordinator(GROSS_SHOP);
    renderScreen();
    const panel = await openBuyers();
    expect(await within(panel).findByRole('heading', { level: 2, name: 'Anna Nowak' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Assign/ })).toBeNull();
    expect(within(panel).queryByRole('list', { name: /Budgets of/ })).toBeNull();
    expect(calls.some((call) => call.path === '/api/coordinator/budgets')).toBe(false);
  });

  it('should speak Polish', async () => {
    provider({ buyers: [buyerRow({ budgets: held })] });
    act(() => {
      locale.value = 'pl';
    });
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Strefa koordynatora' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Zatwierdź prośbę: Ada Lovelace' })).toBeInTheDocument();
    const panel = await openPolishBuyers();
    const budgets = await within(panel).findByRole('list', { name: 'Budżety: Anna Nowak' });
    expect(plain(budgets.textContent)).toContain('Pozostało 800 pkt z 1000 pkt');
    expect(within(budgets).getByText('Wygasły')).toBeInTheDocument();
  });
});

async function openPolishBuyers() {
  await userEvent.click(screen.getByRole('tab', { name: 'Kupujący' }));
  return screen.getByRole('tabpanel', { name: 'Kupujący' });
}
