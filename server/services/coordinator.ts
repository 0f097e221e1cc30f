import type { CoordinatorBuyer, RegistrationRequest, UserBudget } from '../shared.ts';
import type { Queryable } from '../db/index.ts';
import { ASSIGNMENT_COLUMNS, assignmentOut, type AssignmentRow } from './budget-assignments.ts';

/**
 * Reads of the coordinator area. Every statement is filtered by the shop (and, for registration
 * requests, by the coordinator they name): an id of another shop finds nothing, exactly like an
 * unknown id, so the routes answer 404 for both. A registration request whose applicant has not
 * confirmed the address yet (status 'unconfirmed') is not the coordinator's to see or
 * review: it is left out like another shop's.
 */

/** A registration request as stored (with the chosen password's hash and the account it is bound to). */
export interface RegistrationRow extends Omit<RegistrationRequest, 'created_at' | 'reviewed_at'> {
  created_at: Date;
  reviewed_at: Date | null;
  password_hash: string;
  coordinator_id: number;
  /** The existing account the request was made for (its owner proved it), or null for a new account. */
  user_id: number | null;
}

/** The columns of a {@link RegistrationRow}, for SELECT and RETURNING lists. */
export const REGISTRATION_COLUMNS = `id, email, name, surname, phone, job_title, cost_center, buyer_id, status, reason,
  created_at, reviewed_at, password_hash, coordinator_id, user_id`;

/** A registration row as the contract shows it (never the password hash). */
export function registrationOut(row: RegistrationRow): RegistrationRequest {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    job_title: row.job_title,
    cost_center: row.cost_center,
    buyer_id: row.buyer_id,
    status: row.status,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
  };
}

/** The confirmed requests of shop `websiteId` naming `coordinatorId`: pending first, then newest first. */
export async function listRegistrations(db: Queryable, websiteId: number, coordinatorId: number): Promise<RegistrationRequest[]> {
  const { rows } = await db.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registration_requests
      WHERE website_id = $1 AND coordinator_id = $2 AND status <> 'unconfirmed'
      ORDER BY (status = 'pending') DESC, created_at DESC, id DESC`,
    [websiteId, coordinatorId],
  );
  return rows.map(registrationOut);
}

/** One confirmed request of this shop naming this coordinator, locked for its review; `null` when there is none. */
export async function lockRegistration(tx: Queryable, id: number, websiteId: number, coordinatorId: number): Promise<RegistrationRow | null> {
  const { rows } = await tx.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registration_requests
      WHERE id = $1 AND website_id = $2 AND coordinator_id = $3 AND status <> 'unconfirmed'
      FOR UPDATE`,
    [id, websiteId, coordinatorId],
  );
  return rows[0] ?? null;
}

/** One assignment of a budget of shop `websiteId` held by a buyer of that shop; `null` otherwise. */
export async function loadAssignment(db: Queryable, id: number, websiteId: number): Promise<UserBudget | null> {
  const { rows } = await db.query<AssignmentRow>(
    `SELECT ${ASSIGNMENT_COLUMNS}
       FROM user_budgets ub
       JOIN budgets b ON b.id = ub.budget_id AND b.website_id = $2
       JOIN website_users wu ON wu.user_id = ub.user_id AND wu.website_id = $2 AND wu.role = 'buyer'
      WHERE ub.id = $1`,
    [id, websiteId],
  );
  return rows[0] ? assignmentOut(rows[0]) : null;
}

/** The shop's buyers by surname, name and e-mail, each with their assignments in this shop by start date. */
export async function listBuyers(db: Queryable, websiteId: number): Promise<CoordinatorBuyer[]> {
  const buyers = await db.query<Omit<CoordinatorBuyer, 'budgets'>>(
    `SELECT u.id, u.email, u.name, u.surname, u.phone, u.job_title, u.buyer_id, u.cost_center, c.email AS coordinator_email
       FROM website_users wu
       JOIN users u ON u.id = wu.user_id
       LEFT JOIN users c ON c.id = wu.coordinator_id
      WHERE wu.website_id = $1 AND wu.role = 'buyer'
      ORDER BY lower(u.surname), lower(u.name), lower(u.email), u.id`,
    [websiteId],
  );
  // One statement for every buyer's assignments, whatever the number of buyers.
  const assignments = await db.query<AssignmentRow>(
    `SELECT ${ASSIGNMENT_COLUMNS}
       FROM user_budgets ub
       JOIN budgets b ON b.id = ub.budget_id AND b.website_id = $1
       JOIN website_users wu ON wu.user_id = ub.user_id AND wu.website_id = $1 AND wu.role = 'buyer'
      ORDER BY ub.start_date, ub.id`,
    [websiteId],
  );
  const byUser = new Map<number, UserBudget[]>();
  for (const row of assignments.rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(assignmentOut(row));
    byUser.set(row.user_id, list);
  }
  return buyers.rows.map((buyer) => ({ ...buyer, budgets: byUser.get(buyer.id) ?? [] }));
}

/** Whether user `userId` is a buyer of shop `websiteId`. */
export async function isBuyerOf(db: Queryable, userId: number, websiteId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM website_users WHERE user_id = $1 AND website_id = $2 AND role = 'buyer'`, [userId, websiteId]);
  return rows.length > 0;
}
