import type * as v from 'valibot';
import { api, type CallOptions } from './client.ts';
import {
  BudgetListSchema,
  CoordinatorBuyerListSchema,
  RegistrationRequestListSchema,
  RegistrationRequestSchema,
  UserBudgetSchema,
  type AssignBudgetRequestSchema,
  type Budget,
  type CoordinatorBuyer,
  type RegistrationRequest,
  type UserBudget,
} from '../contract/contract.ts';

/**
 * The coordinator area (`/api/coordinator/…`, docs/api.md "Coordinator area"): registration requests
 * naming the coordinator, the shop's buyers and their budget assignments. The shop is the token's shop.
 */

/** Body of `POST /api/coordinator/buyers/{id}/budgets`: `budget_id`, or `name` + `color` for a new budget. */
export type AssignBudgetInput = v.InferInput<typeof AssignBudgetRequestSchema>;

/** The registration requests naming this coordinator, pending first (`GET /api/coordinator/registrations`). */
export function fetchRegistrations(options: CallOptions = {}): Promise<RegistrationRequest[]> {
  return api.get('/api/coordinator/registrations', RegistrationRequestListSchema, options);
}

/** Approves request `id`: the account is created (or gains this shop) and the applicant is e-mailed. */
export function approveRegistration(id: number): Promise<RegistrationRequest> {
  return api.post(`/api/coordinator/registrations/${encodeURIComponent(id)}/approve`, RegistrationRequestSchema);
}

/** Rejects request `id` with a reason, which is e-mailed to the applicant. */
export function rejectRegistration(id: number, reason: string): Promise<RegistrationRequest> {
  return api.post(`/api/coordinator/registrations/${encodeURIComponent(id)}/reject`, RegistrationRequestSchema, { reason });
}

/** The shop's buyers with their budget assignments (`GET /api/coordinator/buyers`). */
export function fetchBuyers(options: CallOptions = {}): Promise<CoordinatorBuyer[]> {
  return api.get('/api/coordinator/buyers', CoordinatorBuyerListSchema, options);
}

/** The budgets the shop defines (`GET /api/coordinator/budgets`). */
export function fetchShopBudgets(options: CallOptions = {}): Promise<Budget[]> {
  return api.get('/api/coordinator/budgets', BudgetListSchema, options);
}

/** Assigns points of a budget to buyer `buyerId` (201) and answers the new assignment. */
export function assignBudget(buyerId: number, input: AssignBudgetInput): Promise<UserBudget> {
  return api.post(`/api/coordinator/buyers/${encodeURIComponent(buyerId)}/budgets`, UserBudgetSchema, input);
}

/** Switches assignment `id` off (`is_active` false) and answers it. */
export function deactivateAssignment(id: number): Promise<UserBudget> {
  return api.post(`/api/coordinator/assignments/${encodeURIComponent(id)}/deactivate`, UserBudgetSchema);
}
