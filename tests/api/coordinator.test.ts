import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  BudgetListSchema,
  CoordinatorBuyerListSchema,
  RegistrationRequestListSchema,
  RegistrationRequestSchema,
  UserBudgetSchema,
  UserSchema,
} from '../../src/contract/contract.ts';
import { confirmRegistrationByMail, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let acmeCoordinator: string;
let globexCoordinator: string;
let acmeBuyer: string;

beforeAll(async () => {
  server = await startTestServer();
  acmeCoordinator = await server.login('coordinator@acme.test', 'acme');
  globexCoordinator = await server.login('coordinator@globex.test', 'globex');
  acmeBuyer = await server.login('buyer@acme.test', 'acme');
});

afterAll(async () => {
  await server?.close();
});

const DAY = 86_400_000;
const isoIn = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** Files a registration request in `shop` naming `coordinator` and confirms it from the mailbox (issue 26); answers the request's id. */
async function register(email: string, shop = 'acme', coordinator = `coordinator@${shop}.test`, password = 'Str0ngPass'): Promise<number> {
  const { status, body } = await server.json('/api/register', {
    body: {
      website_id: server.shops[shop],
      name: 'Ada',
      surname: 'Lovelace',
      email,
      phone: '+48 600 700 800',
      password,
      password_confirmation: password,
      coordinator_email: coordinator,
      cost_center: 'CC-42',
      job_title: 'Engineer',
      buyer_id: 'B-7',
    },
  });
  expect({ status, body }).toMatchObject({ status: 201 });
  expect(await confirmRegistrationByMail(server, email, server.shops[shop])).toMatchObject({ status: 200 });
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM registration_requests WHERE lower(email) = lower($1) ORDER BY id DESC LIMIT 1', [email]);
  if (!rows[0]) throw new Error(`no request of ${email}`);
  return rows[0].id;
}

async function userId(email: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}

async function lastMail(to: string): Promise<{ subject: string; body: string } | undefined> {
  const { rows } = await server.db.query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE lower(to_email) = lower($1) ORDER BY id DESC LIMIT 1', [to]);
  return rows[0];
}

async function acmeBudget(name: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM budgets WHERE website_id = $1 AND name = $2', [server.shops.acme, name]);
  if (!rows[0]) throw new Error(`no budget ${name}`);
  return rows[0].id;
}

const assignBody = (overrides: Record<string, unknown> = {}) => ({ points: 250, start_date: isoIn(-1), expiry_date: isoIn(30), ...overrides });

describe('registration requests', () => {
  it('should list the requests naming this coordinator, pending first, without password hashes', async () => {
    const older = await register('older@newcomer.test');
    await server.json(`/api/coordinator/registrations/${older}/reject`, { body: { reason: 'Unknown person' }, token: acmeCoordinator });
    const pending = await register('pending@newcomer.test');
    const { status, body } = await server.json('/api/coordinator/registrations', { token: acmeCoordinator });
    expect(status).toBe(200);
    const list = v.parse(RegistrationRequestListSchema, body);
    expect(list[0]).toMatchObject({ id: pending, status: 'pending', email: 'pending@newcomer.test', reason: null, reviewed_at: null });
    expect(list.find((item) => item.id === older)).toMatchObject({ status: 'rejected', reason: 'Unknown person' });
    const firstDone = list.findIndex((item) => item.status !== 'pending');
    expect(list.slice(firstDone).every((item) => item.status !== 'pending')).toBe(true);
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('should approve a request: the new buyer logs in with the password chosen at registration and is told by e-mail', async () => {
    const id = await register('grace@newcomer.test', 'acme', 'coordinator@acme.test', 'Gr4ceHopper');
    const before = await server.json('/api/login', { body: { email: 'grace@newcomer.test', password: 'Gr4ceHopper', website_id: server.shops.acme } });
    expect(before.status).toBe(422);

    const { status, body } = await server.json(`/api/coordinator/registrations/${id}/approve`, { method: 'POST', token: acmeCoordinator });
    expect(status).toBe(200);
    expect(v.parse(RegistrationRequestSchema, body)).toMatchObject({ id, status: 'approved' });
    expect(body.reviewed_at).not.toBeNull();

    const mail = await lastMail('grace@newcomer.test');
    expect(mail?.subject).toContain('approved');
    expect(mail?.body).toContain('/login');

    const token = await server.login('grace@newcomer.test', 'acme', 'Gr4ceHopper');
    const me = v.parse(UserSchema, (await server.json('/api/user', { token })).body);
    expect(me).toMatchObject({
      email: 'grace@newcomer.test',
      name: 'Ada',
      surname: 'Lovelace',
      role: 'buyer',
      coordinator_email: 'coordinator@acme.test',
      buyer_id: 'B-7',
      cost_center: 'CC-42',
      job_title: 'Engineer',
      budgets: [],
    });
    // Access to this shop only.
    const other = await server.json('/api/login', { body: { email: 'grace@newcomer.test', password: 'Gr4ceHopper', website_id: server.shops.globex } });
    expect(other.status).toBe(403);

    // A request is reviewed once.
    const again = await server.json(`/api/coordinator/registrations/${id}/approve`, { method: 'POST', token: acmeCoordinator });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('coordinator.errors.already_reviewed');
    const late = await server.json(`/api/coordinator/registrations/${id}/reject`, { body: { reason: 'Too late' }, token: acmeCoordinator });
    expect(late.status).toBe(409);
  });

  it('should refuse to approve a request whose address an account took after it was made', async () => {
    const id = await register('twice@newcomer.test', 'initech', 'coordinator@initech.test');
    // Another request with the same address is approved in acme first: that account may be anyone's.
    const acmeId = await register('twice@newcomer.test', 'acme');
    expect((await server.json(`/api/coordinator/registrations/${acmeId}/approve`, { method: 'POST', token: acmeCoordinator })).status).toBe(200);

    const initechCoordinator = await server.login('coordinator@initech.test', 'initech');
    const { status, body } = await server.json(`/api/coordinator/registrations/${id}/approve`, { method: 'POST', token: initechCoordinator });
    expect(status).toBe(409);
    expect(body.code).toBe('coordinator.errors.account_changed');
    const { rows } = await server.db.query<{ status: string }>('SELECT status FROM registration_requests WHERE id = $1', [id]);
    expect(rows[0]?.status).toBe('pending');
    expect((await server.json('/api/login', { body: { email: 'twice@newcomer.test', password: 'Str0ngPass', website_id: server.shops.initech } })).status).toBe(403);
  });

  it("should give an existing account access when its owner asked with the account's password", async () => {
    // twice@newcomer.test has an acme account (previous test); its refused initech request is rejected,
    // and its owner asks again with that account's password.
    const initechCoordinator = await server.login('coordinator@initech.test', 'initech');
    const { rows: pending } = await server.db.query<{ id: number }>(
      "SELECT id FROM registration_requests WHERE email = 'twice@newcomer.test' AND website_id = $1 AND status = 'pending'",
      [server.shops.initech],
    );
    const stale = pending[0]?.id;
    expect((await server.json(`/api/coordinator/registrations/${stale}/reject`, { body: { reason: 'Send it again' }, token: initechCoordinator })).status).toBe(200);
    const id = await register('Twice@Newcomer.test', 'initech', 'coordinator@initech.test');
    const { status } = await server.json(`/api/coordinator/registrations/${id}/approve`, { method: 'POST', token: initechCoordinator });
    expect(status).toBe(200);
    expect((await lastMail('twice@newcomer.test'))?.body).toContain('existing account');
    const token = await server.login('twice@newcomer.test', 'initech', 'Str0ngPass');
    expect((await server.json('/api/user', { token })).body).toMatchObject({ role: 'buyer', coordinator_email: 'coordinator@initech.test' });
    const { rows } = await server.db.query('SELECT 1 FROM users WHERE lower(email) = $1', ['twice@newcomer.test']);
    expect(rows).toHaveLength(1);
  });

  it("should never let another account take over a registration (issue 22's replay)", async () => {
    // 1. Victim applies for acme; the attacker, a buyer of initech, tries to take the victim's address.
    const requestId = await register('victim@takeover.test', 'acme', 'coordinator@acme.test', 'V1ctimPass');
    const attacker = await server.login('buyer@initech.test', 'initech');
    const profile = { name: 'Mal', surname: 'Lory', email: 'victim@takeover.test', phone: '', job_title: '', current_password: 'Passw0rd!' };
    const takeAddress = await server.json('/api/user/update', { method: 'PUT', body: profile, token: attacker });
    // Answered like a free address (issue 26: no enumeration), but no link goes out and the account keeps its address.
    expect(takeAddress.status).toBe(200);
    expect(takeAddress.body).toMatchObject({ email: 'buyer@initech.test' });
    expect((await lastMail('victim@takeover.test'))?.subject).toMatch(/someone tried to move an account to your e-mail address/);
    expect((await lastMail('victim@takeover.test'))?.body).not.toMatch(/token=/);
    await server.json('/api/user/email/cancel', { method: 'POST', token: attacker });

    // Even if the attacker's account got the address by a way round the checks, approval does not hand it over.
    const attackerId = await userId('buyer@initech.test');
    await server.db.query("UPDATE users SET email = 'victim@takeover.test', email_changed_at = now() WHERE id = $1", [attackerId]);
    // 2. The coordinator approves.
    const approval = await server.json(`/api/coordinator/registrations/${requestId}/approve`, { method: 'POST', token: acmeCoordinator });
    expect(approval.status).toBe(409);
    expect(approval.body.code).toBe('coordinator.errors.account_changed');
    // 3.–4. The attacker's account has no access to acme with its own password.
    const attackerLogin = await server.json('/api/login', { body: { email: 'victim@takeover.test', password: 'Passw0rd!', website_id: server.shops.acme } });
    expect(attackerLogin.status).toBe(403);
    const { rows } = await server.db.query('SELECT 1 FROM website_users WHERE user_id = $1 AND website_id = $2', [attackerId, server.shops.acme]);
    expect(rows).toHaveLength(0);

    // With the address back where it was, the victim's approval makes the victim's account, with the victim's password.
    await server.db.query("UPDATE users SET email = 'buyer@initech.test' WHERE id = $1", [attackerId]);
    expect((await server.json(`/api/coordinator/registrations/${requestId}/approve`, { method: 'POST', token: acmeCoordinator })).status).toBe(200);
    expect((await server.json('/api/login', { body: { email: 'victim@takeover.test', password: 'V1ctimPass', website_id: server.shops.acme } })).status).toBe(200);
    expect(await userId('victim@takeover.test')).not.toBe(attackerId);
  });

  it('should reject a request with a reason, e-mailed to the applicant, and create no account', async () => {
    const id = await register('mallory@newcomer.test');
    const missing = await server.json(`/api/coordinator/registrations/${id}/reject`, { body: { reason: '   ' }, token: acmeCoordinator });
    expect(missing.status).toBe(422);
    expect(v.parse(ApiErrorSchema, missing.body).errors).toEqual({ reason: ['This element is required'] });

    const { status, body } = await server.json(`/api/coordinator/registrations/${id}/reject`, { body: { reason: 'Not an employee' }, token: acmeCoordinator });
    expect(status).toBe(200);
    expect(v.parse(RegistrationRequestSchema, body)).toMatchObject({ status: 'rejected', reason: 'Not an employee' });
    const mail = await lastMail('mallory@newcomer.test');
    expect(mail?.subject).toContain('not approved');
    expect(mail?.body).toContain('Not an employee');
    const { rows } = await server.db.query('SELECT 1 FROM users WHERE lower(email) = $1', ['mallory@newcomer.test']);
    expect(rows).toHaveLength(0);
  });

  it("should answer 404 for another shop's, another coordinator's or unknown requests", async () => {
    const acmeRequest = await register('foreign@newcomer.test');
    const globexView = await server.json('/api/coordinator/registrations', { token: globexCoordinator });
    expect(globexView.status).toBe(200);
    expect(globexView.body.some((item: { id: number }) => item.id === acmeRequest)).toBe(false);
    for (const path of [`/api/coordinator/registrations/${acmeRequest}/approve`, '/api/coordinator/registrations/999999/approve', '/api/coordinator/registrations/abc/approve']) {
      const { status, body } = await server.json(path, { method: 'POST', token: globexCoordinator });
      expect({ path, status }).toEqual({ path, status: 404 });
      expect(body.code).toBe('errors.not_found');
    }
    const rejected = await server.json(`/api/coordinator/registrations/${acmeRequest}/reject`, { body: { reason: 'No' }, token: globexCoordinator });
    expect(rejected.status).toBe(404);
    const { rows } = await server.db.query<{ status: string }>('SELECT status FROM registration_requests WHERE id = $1', [acmeRequest]);
    expect(rows[0]?.status).toBe('pending');
  });
});

describe('buyers and budgets', () => {
  it("should list the shop's buyers with their assignments, and the shop's budgets", async () => {
    const { status, body } = await server.json('/api/coordinator/buyers', { token: acmeCoordinator });
    expect(status).toBe(200);
    const buyers = v.parse(CoordinatorBuyerListSchema, body);
    const anna = buyers.find((buyer) => buyer.email === 'buyer@acme.test');
    expect(anna?.budgets.map((budget) => budget.status).sort()).toEqual(['active', 'active', 'expired']);
    expect(anna?.coordinator_email).toBe('coordinator@acme.test');
    expect(buyers.some((buyer) => buyer.email === 'coordinator@acme.test' || buyer.email === 'buyer@globex.test')).toBe(false);

    const budgets = v.parse(BudgetListSchema, (await server.json('/api/coordinator/budgets', { token: acmeCoordinator })).body);
    expect(budgets.map((budget) => budget.name)).toEqual(['Team events', 'Welcome pack', 'Winter 2025']);
    expect(v.parse(BudgetListSchema, (await server.json('/api/coordinator/budgets', { token: globexCoordinator })).body)).toEqual([]);
  });

  it('should assign an existing budget, which the buyer then sees in GET /api/user', async () => {
    const buyer = await userId('nobudget@acme.test');
    const welcome = await acmeBudget('Welcome pack');
    const { status, body } = await server.json(`/api/coordinator/buyers/${buyer}/budgets`, { body: assignBody({ budget_id: welcome }), token: acmeCoordinator });
    expect(status).toBe(201);
    const assignment = v.parse(UserBudgetSchema, body);
    expect(assignment).toMatchObject({ budget_id: welcome, name: 'Welcome pack', points: 250, points_left: 250, is_active: true, status: 'active' });

    const token = await server.login('nobudget@acme.test', 'acme');
    const me = v.parse(UserSchema, (await server.json('/api/user', { token })).body);
    expect(me.budgets.find((item) => item.id === assignment.id)).toMatchObject({ points: 250, status: 'active', is_active: true });
    const { rows } = await server.db.query<{ assigned_by: number }>('SELECT assigned_by FROM user_budgets WHERE id = $1', [assignment.id]);
    expect(rows[0]?.assigned_by).toBe(await userId('coordinator@acme.test'));
  });

  it('should create a new budget of the shop with its colour, and refuse a name already taken', async () => {
    const buyer = await userId('buyer@acme.test');
    const { status, body } = await server.json(`/api/coordinator/buyers/${buyer}/budgets`, {
      body: assignBody({ name: 'Conference 2027', color: '#0EA5E9', start_date: isoIn(10), expiry_date: isoIn(40) }),
      token: acmeCoordinator,
    });
    expect(status).toBe(201);
    expect(v.parse(UserBudgetSchema, body)).toMatchObject({ name: 'Conference 2027', color: '#0ea5e9', status: 'scheduled', is_active: false });
    const { rows } = await server.db.query<{ website_id: number }>('SELECT website_id FROM budgets WHERE name = $1', ['Conference 2027']);
    expect(rows).toEqual([{ website_id: server.shops.acme }]);

    const taken = await server.json(`/api/coordinator/buyers/${buyer}/budgets`, { body: assignBody({ name: 'welcome PACK', color: '#000000' }), token: acmeCoordinator });
    expect(taken.status).toBe(422);
    expect(taken.body.error_keys).toEqual({ name: [{ key: 'coordinator.validation.budget_name_taken', params: {} }] });
  });

  it('should refuse invalid assignments with field errors', async () => {
    const buyer = await userId('buyer@acme.test');
    // One instant for both ends: two calls of isoIn may fall a millisecond apart.
    const sameInstant = isoIn(5);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ points: 0, budget_id: 1 }, { points: 'validation.min_value' }],
      [{ points: 2.5, budget_id: 1 }, { points: 'validation.integer' }],
      [{ budget_id: 1, start_date: sameInstant, expiry_date: sameInstant }, { expiry_date: 'coordinator.validation.expiry_after_start' }],
      [{ budget_id: 1, start_date: 'tomorrow' }, { start_date: 'coordinator.validation.date' }],
      [{}, { name: 'validation.required' }],
      [{ name: 'Fresh' }, { color: 'validation.required' }],
      [{ name: 'Fresh', color: 'blue' }, { color: 'coordinator.validation.color' }],
    ];
    for (const [overrides, expected] of cases) {
      const { status, body } = await server.json(`/api/coordinator/buyers/${buyer}/budgets`, { body: assignBody(overrides), token: acmeCoordinator });
      expect({ overrides, status }).toEqual({ overrides, status: 422 });
      const keys = Object.fromEntries(Object.entries(v.parse(ApiErrorSchema, body).error_keys ?? {}).map(([field, list]) => [field, list[0]?.key]));
      expect({ overrides, keys }).toEqual({ overrides, keys: expected });
    }
    const missingPoints = await server.json(`/api/coordinator/buyers/${buyer}/budgets`, { body: { budget_id: 1, start_date: isoIn(0), expiry_date: isoIn(3) }, token: acmeCoordinator });
    expect(missingPoints.body.error_keys.points[0].key).toBe('validation.required');
  });

  it('should deactivate an assignment: the buyer sees it inactive', async () => {
    const buyer = await userId('nobudget@acme.test');
    const created = await server.json(`/api/coordinator/buyers/${buyer}/budgets`, { body: assignBody({ budget_id: await acmeBudget('Team events') }), token: acmeCoordinator });
    const id = created.body.id as number;
    const { status, body } = await server.json(`/api/coordinator/assignments/${id}/deactivate`, { method: 'POST', token: acmeCoordinator });
    expect(status).toBe(200);
    expect(v.parse(UserBudgetSchema, body)).toMatchObject({ id, is_active: false, status: 'inactive' });
    const token = await server.login('nobudget@acme.test', 'acme');
    const me = v.parse(UserSchema, (await server.json('/api/user', { token })).body);
    expect(me.budgets.find((item) => item.id === id)).toMatchObject({ is_active: false, status: 'inactive' });
    // Deactivating twice is harmless.
    expect((await server.json(`/api/coordinator/assignments/${id}/deactivate`, { method: 'POST', token: acmeCoordinator })).status).toBe(200);
  });

  it("should answer 404 for another shop's buyers, budgets and assignments", async () => {
    const globexBuyer = await userId('buyer@globex.test');
    const acmeBuyerId = await userId('buyer@acme.test');
    const coordinatorId = await userId('coordinator@acme.test');
    const welcome = await acmeBudget('Welcome pack');
    const notFound = [
      // globex's buyer, or an acme coordinator, as the target of an acme assignment
      () => server.json(`/api/coordinator/buyers/${globexBuyer}/budgets`, { body: assignBody({ budget_id: welcome }), token: acmeCoordinator }),
      () => server.json(`/api/coordinator/buyers/${coordinatorId}/budgets`, { body: assignBody({ budget_id: welcome }), token: acmeCoordinator }),
      // acme's buyer or acme's budget from globex
      () => server.json(`/api/coordinator/buyers/${acmeBuyerId}/budgets`, { body: assignBody({ budget_id: welcome }), token: globexCoordinator }),
      () => server.json('/api/coordinator/buyers/999999/budgets', { body: assignBody({ budget_id: welcome }), token: acmeCoordinator }),
    ];
    for (const call of notFound) {
      const { status, body } = await call();
      expect(status).toBe(404);
      expect(body.code).toBe('errors.not_found');
    }
    const assignment = (await server.json('/api/user', { token: acmeBuyer })).body.budgets[0].id as number;
    const foreign = await server.json(`/api/coordinator/assignments/${assignment}/deactivate`, { method: 'POST', token: globexCoordinator });
    expect(foreign.status).toBe(404);
    const { rows } = await server.db.query<{ is_active: boolean }>('SELECT is_active FROM user_budgets WHERE id = $1', [assignment]);
    expect(rows[0]?.is_active).toBe(true);
    const globexBuyers = v.parse(CoordinatorBuyerListSchema, (await server.json('/api/coordinator/buyers', { token: globexCoordinator })).body);
    expect(globexBuyers.map((buyer) => buyer.email)).toEqual(['buyer@globex.test']);
  });

  it('should refuse budgets in a shop that does not run on points', async () => {
    const { status, body } = await server.json(`/api/coordinator/buyers/${await userId('buyer@globex.test')}/budgets`, {
      body: assignBody({ name: 'Gifts', color: '#123456' }),
      token: globexCoordinator,
    });
    expect(status).toBe(422);
    expect(body.code).toBe('coordinator.errors.no_budgets');
  });
});

/** Every coordinator call, with the ids it needs. */
const coordinatorCalls = (ids: { request: number; buyer: number; assignment: number }) =>
  [
    ['GET', '/api/coordinator/registrations', undefined],
    ['POST', `/api/coordinator/registrations/${ids.request}/approve`, undefined],
    ['POST', `/api/coordinator/registrations/${ids.request}/reject`, { reason: 'No' }],
    ['GET', '/api/coordinator/buyers', undefined],
    ['GET', '/api/coordinator/budgets', undefined],
    ['POST', `/api/coordinator/buyers/${ids.buyer}/budgets`, assignBody({ budget_id: 1 })],
    ['POST', `/api/coordinator/assignments/${ids.assignment}/deactivate`, undefined],
  ] as const;

describe('access', () => {
  it('should refuse a buyer on every endpoint with 403 errors.forbidden, and a guest with 401', async () => {
    const ids = {
      request: await register('victim@newcomer.test'),
      buyer: await userId('buyer@acme.test'),
      assignment: (await server.json('/api/user', { token: acmeBuyer })).body.budgets[0].id as number,
    };
    for (const [method, path, body] of coordinatorCalls(ids)) {
      const refused = await server.json(path, { method, body, token: acmeBuyer });
      expect({ method, path, status: refused.status }).toEqual({ method, path, status: 403 });
      expect(v.parse(ApiErrorSchema, refused.body)).toMatchObject({ code: 'errors.forbidden', message: 'You are not allowed to do this.' });
      const guest = await server.json(path, { method, body });
      expect({ method, path, status: guest.status }).toEqual({ method, path, status: 401 });
    }
    const { rows } = await server.db.query<{ status: string }>('SELECT status FROM registration_requests WHERE id = $1', [ids.request]);
    expect(rows[0]?.status).toBe('pending');
    const assignments = await server.db.query<{ is_active: boolean }>('SELECT is_active FROM user_budgets WHERE id = $1', [ids.assignment]);
    expect(assignments.rows[0]?.is_active).toBe(true);
  });
});
