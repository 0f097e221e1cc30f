import type { Context, Hono } from 'hono';
import { AssignBudgetRequestSchema, isPointsCurrency, RejectRegistrationRequestSchema, type Budget, type RegistrationRequest } from '../shared.ts';
import { storefrontUrl } from '../config.ts';
import { emailKey } from '../db/email-key.ts';
import type { Queryable } from '../db/index.ts';
import { userAccess } from '../http/auth.ts';
import type { AppEnv, AuthContext, WebsiteRow } from '../http/env.ts';
import { fail, invalidFields } from '../http/errors.ts';
import { idParam, jsonBody } from '../http/validate.ts';
import {
  isBuyerOf,
  listBuyers,
  listRegistrations,
  loadAssignment,
  lockRegistration,
  REGISTRATION_COLUMNS,
  registrationOut,
  type RegistrationRow,
} from '../services/coordinator.ts';
import { sendMail } from '../services/outbox.ts';

/**
 * The coordinator area: a coordinator of the token's shop reviews the registration requests
 * that name them, and assigns budgets to the shop's buyers. The shop is always the token's shop (these
 * calls carry no `website_id`); a buyer gets 403 `errors.forbidden` on every call, and ids of another
 * shop (or of requests naming another coordinator) answer 404 like unknown ones.
 */

/** The caller's shop and session, or 401 (no session) / 403 (not a coordinator of this shop). */
async function coordinatorAccess(c: Context<AppEnv>): Promise<{ website: WebsiteRow; auth: AuthContext }> {
  const access = await userAccess(c);
  if (access.auth.role !== 'coordinator') fail(403, 'errors.forbidden');
  return access;
}

/**
 * The account an approval gives access to: only ever the person who made the request, so an approval never hands over an account someone else made.
 * - A request bound to an account (its owner proved it with the account's password) gets that account.
 * - Any other request gets a new account with the address and the password chosen at registration.
 *   Should an account hold that address by now, it was made or renamed after the request (a request
 *   cannot be bound to it otherwise), so it may be someone else's: the approval is refused with
 *   `coordinator.errors.account_changed`, and the coordinator rejects the request instead.
 */
async function requestAccount(tx: Queryable, request: RegistrationRow): Promise<{ userId: number; email: string; created: boolean }> {
  if (request.user_id !== null) {
    // The reply goes to the account's address now (its owner may have changed it since).
    const { rows } = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [request.user_id]);
    return { userId: request.user_id, email: rows[0]?.email ?? request.email, created: false };
  }
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, name, surname, phone, job_title, buyer_id, cost_center)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT ((${emailKey('email')})) DO NOTHING
     RETURNING id`,
    [request.email, request.password_hash, request.name, request.surname, request.phone, request.job_title, request.buyer_id, request.cost_center],
  );
  const userId = inserted.rows[0]?.id;
  if (userId === undefined) fail(409, 'coordinator.errors.account_changed');
  return { userId, email: request.email, created: true };
}

/** `POST /api/coordinator/registrations/{id}/approve`: the account (or this shop's access) and the reply, in one transaction. */
async function approve(c: Context<AppEnv>): Promise<Response> {
  const { website, auth } = await coordinatorAccess(c);
  const id = idParam(c, 'id');
  const config = c.get('config');
  const approved = await c.get('db').transaction(async (tx): Promise<RegistrationRequest> => {
    const request = await lockRegistration(tx, id, website.id, auth.userId);
    if (!request) fail(404, 'errors.not_found');
    if (request.status !== 'pending') fail(409, 'coordinator.errors.already_reviewed');

    const { userId, email, created } = await requestAccount(tx, request);
    const access = await tx.query(
      `INSERT INTO website_users (website_id, user_id, role, coordinator_id) VALUES ($1, $2, 'buyer', $3)
       ON CONFLICT (website_id, user_id) DO NOTHING RETURNING user_id`,
      [website.id, userId, auth.userId],
    );
    if (access.rows.length === 0) fail(409, 'coordinator.errors.already_member');

    const { rows } = await tx.query<RegistrationRow>(
      `UPDATE registration_requests SET status = 'approved', reviewed_at = now(), reason = NULL WHERE id = $1
       RETURNING ${REGISTRATION_COLUMNS}`,
      [request.id],
    );
    const url = storefrontUrl(config, website.slug);
    await sendMail(tx, {
      websiteId: website.id,
      to: email,
      subject: `${website.name}: your account request was approved`,
      // Nothing the applicant typed: the request's address may not be theirs to write to.
      body: created
        ? `Hello,\n\nyour request for an account in ${website.name} was approved by your coordinator (${auth.email}).\n\n` +
          `Log in at ${url}/login with your e-mail address (${request.email}) and the password you chose when you registered.\n`
        : `Hello,\n\nyour request for ${website.name} was approved by your coordinator (${auth.email}). ` +
          `Your existing account (${email}) now has access to this shop.\n\n` +
          `Log in at ${url}/login with the password of that account. If you do not remember it, use "Forgot password" there.\n`,
    });
    const row = rows[0];
    if (!row) fail(404, 'errors.not_found');
    return registrationOut(row);
  });
  return c.json(approved);
}

/** `POST /api/coordinator/registrations/{id}/reject`: the request is closed with a reason, e-mailed to the applicant. */
async function reject(c: Context<AppEnv>): Promise<Response> {
  const { website, auth } = await coordinatorAccess(c);
  const id = idParam(c, 'id');
  const body = await jsonBody(c, RejectRegistrationRequestSchema);
  const rejected = await c.get('db').transaction(async (tx): Promise<RegistrationRequest> => {
    const request = await lockRegistration(tx, id, website.id, auth.userId);
    if (!request) fail(404, 'errors.not_found');
    if (request.status !== 'pending') fail(409, 'coordinator.errors.already_reviewed');
    const { rows } = await tx.query<RegistrationRow>(
      `UPDATE registration_requests SET status = 'rejected', reviewed_at = now(), reason = $2 WHERE id = $1
       RETURNING ${REGISTRATION_COLUMNS}`,
      [request.id, body.reason],
    );
    await sendMail(tx, {
      websiteId: website.id,
      to: request.email,
      subject: `${website.name}: your account request was not approved`,
      body:
        `Hello,\n\nyour coordinator (${auth.email}) did not approve your request for an account in ${website.name}.\n\n` +
        `Reason: ${body.reason}\n\nIf you have questions, reply to your coordinator.\n`,
    });
    const row = rows[0];
    if (!row) fail(404, 'errors.not_found');
    return registrationOut(row);
  });
  return c.json(rejected);
}

/**
 * `POST /api/coordinator/buyers/{id}/budgets`: assigns points of an existing budget of the shop, or of a
 * new one (name + colour), to a buyer of the shop. Only points shops have budgets.
 */
async function assignBudget(c: Context<AppEnv>): Promise<Response> {
  const { website, auth } = await coordinatorAccess(c);
  const buyerId = idParam(c, 'id');
  const db = c.get('db');
  if (!(await isBuyerOf(db, buyerId, website.id))) fail(404, 'errors.not_found');
  const body = await jsonBody(c, AssignBudgetRequestSchema);
  if (!isPointsCurrency(website.currency)) fail(422, 'coordinator.errors.no_budgets');

  const assignment = await db.transaction(async (tx) => {
    let budgetId: number;
    if (body.budget_id !== undefined && body.budget_id !== null) {
      const found = await tx.query<{ id: number }>('SELECT id FROM budgets WHERE id = $1 AND website_id = $2', [body.budget_id, website.id]);
      if (!found.rows[0]) fail(404, 'errors.not_found');
      budgetId = found.rows[0].id;
    } else {
      const taken = await tx.query('SELECT 1 FROM budgets WHERE website_id = $1 AND lower(name) = lower($2)', [website.id, body.name]);
      if (taken.rows.length > 0) throw invalidFields({ name: 'coordinator.validation.budget_name_taken' });
      const createdBudget = await tx.query<{ id: number }>(
        'INSERT INTO budgets (website_id, name, color) VALUES ($1, $2, $3) RETURNING id',
        [website.id, body.name, body.color.toLowerCase()],
      );
      const row = createdBudget.rows[0];
      if (!row) fail(500, 'errors.something_went_wrong');
      budgetId = row.id;
    }
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO user_budgets (budget_id, user_id, points, start_date, expiry_date, is_active, assigned_by)
       VALUES ($1, $2, $3, $4, $5, true, $6) RETURNING id`,
      [budgetId, buyerId, body.points, body.start_date, body.expiry_date, auth.userId],
    );
    const assignmentId = rows[0]?.id;
    const loaded = assignmentId === undefined ? null : await loadAssignment(tx, assignmentId, website.id);
    if (!loaded) fail(500, 'errors.something_went_wrong');
    return loaded;
  });
  return c.json(assignment, 201);
}

/** `POST /api/coordinator/assignments/{id}/deactivate`: switches an assignment off (points stay recorded). */
async function deactivate(c: Context<AppEnv>): Promise<Response> {
  const { website } = await coordinatorAccess(c);
  const id = idParam(c, 'id');
  const db = c.get('db');
  const { rows } = await db.query(
    `UPDATE user_budgets ub SET is_active = false
       FROM budgets b, website_users wu
      WHERE ub.id = $1 AND b.id = ub.budget_id AND b.website_id = $2
        AND wu.user_id = ub.user_id AND wu.website_id = $2 AND wu.role = 'buyer'
      RETURNING ub.id`,
    [id, website.id],
  );
  if (rows.length === 0) fail(404, 'errors.not_found');
  const assignment = await loadAssignment(db, id, website.id);
  if (!assignment) fail(404, 'errors.not_found');
  return c.json(assignment);
}

/** Registers the coordinator area's calls (`/api/coordinator/…`, mode user + role coordinator). */
export function registerCoordinatorRoutes(app: Hono<AppEnv>): void {
  app.get('/api/coordinator/registrations', async (c) => {
    const { website, auth } = await coordinatorAccess(c);
    return c.json(await listRegistrations(c.get('db'), website.id, auth.userId));
  });
  app.post('/api/coordinator/registrations/:id/approve', (c) => approve(c));
  app.post('/api/coordinator/registrations/:id/reject', (c) => reject(c));
  app.get('/api/coordinator/buyers', async (c) => {
    const { website } = await coordinatorAccess(c);
    return c.json(await listBuyers(c.get('db'), website.id));
  });
  app.get('/api/coordinator/budgets', async (c) => {
    const { website } = await coordinatorAccess(c);
    const { rows } = await c.get('db').query<Budget>('SELECT id, name, color FROM budgets WHERE website_id = $1 ORDER BY lower(name), id', [website.id]);
    return c.json(rows);
  });
  app.post('/api/coordinator/buyers/:id/budgets', (c) => assignBudget(c));
  app.post('/api/coordinator/assignments/:id/deactivate', (c) => deactivate(c));
}
