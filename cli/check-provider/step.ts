import { randomBytes } from 'node:crypto';
import type { Address, DeliveryMethod, PaymentMethod, PlaceOrderRequest, PlaceOrderResponse, Product, User, Website } from '../../src/contract/contract.ts';
import type { CallAnswer, CallRequest } from './http.ts';
import type { ProviderConfig } from './config.ts';
import type { PlannedItems } from './test-order.ts';
import type { Verdict } from './verdicts.ts';

/**
 * One row of the provider check as data (a {@link Step}): the call it makes from what earlier rows
 * learnt, and how it judges the answer. The steps themselves are in `steps-*.ts`, in the order a
 * buyer's session makes the calls; `checks.ts` runs them.
 */

/** Ids far above any real row: the unknown product the error rows ask for. */
export const UNKNOWN_ID = 2147483647;

/** What earlier rows learnt, for the later ones. */
export interface Learnt {
  website?: Website;
  token?: string;
  user?: User;
  product?: Product;
  addresses?: Address[];
  payments?: PaymentMethod[];
  planned?: PlannedItems;
  /** Why no line could be planned (the product cannot be ordered). */
  unplannable?: string;
  methods?: DeliveryMethod[];
  orderName?: string;
  plan?: PlaceOrderRequest;
  order?: { request: PlaceOrderRequest; key: string; answer: PlaceOrderResponse };
}

/** What a step's judge gets: the answer, what earlier rows learnt, the config, and a way to make further calls. */
export interface Judging {
  answer: CallAnswer;
  request: CallRequest;
  learnt: Learnt;
  config: ProviderConfig;
  api: (request: CallRequest) => Promise<CallAnswer>;
}

/** One row of the check: its id, what it checks, the call it makes and how it judges the answer. */
export interface Step {
  id: string;
  checks: string;
  /** What the row needs from earlier rows; missing, it is skipped. */
  needs?: readonly (keyof Learnt)[];
  /** Only when the config allows the sandbox order. */
  sandbox?: true;
  /** The request; or why the row is skipped, or fails without a call. */
  request: (learnt: Learnt, config: ProviderConfig) => CallRequest | { skip: string } | { fail: string };
  judge: (judging: Judging) => Verdict | Promise<Verdict>;
}

/** How a row that was skipped names what it lacked. */
export const NEED_NAMES: Record<keyof Learnt, string> = {
  website: 'the shop config',
  token: 'a session',
  user: 'the account',
  product: 'the product',
  addresses: 'the address book',
  payments: 'the payment methods',
  planned: 'a line to order',
  unplannable: 'a line to order',
  methods: 'the delivery methods',
  orderName: 'an order of the buyer',
  plan: 'an order to place',
  order: 'the placed order',
};

/** `website_id` of the shop, for the query or body of a shop's call. */
export function shop(learnt: Learnt): { website_id: number } {
  return { website_id: learnt.website?.id ?? 0 };
}

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A fresh idempotency key, as the storefront makes one per order attempt. */
export function idempotencyKey(): string {
  return `check-provider-${randomBytes(12).toString('hex')}`;
}

export function orderCall(learnt: Learnt, key: string | null, body: PlaceOrderRequest): CallRequest {
  return { method: 'POST', path: '/api/order', token: learnt.token, body, headers: key ? { 'Idempotency-Key': key } : {} };
}
